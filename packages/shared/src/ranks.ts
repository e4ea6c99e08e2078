/**
 * Ranks (spec §4): ordinal labels, the dashboard's rank message with its order of precedence, and the
 * performance level. The rank itself is computed by the server in SQL, always in the same order:
 * score descending, then earlier createdAt, then id.
 */
import { ADVANCED_RANK, ELITE_RANK } from './constants.js';

export type TPerformanceLevel = 'Elite' | 'Advanced' | 'Developing';

/** 1 → "1st", 2 → "2nd", 11 → "11th", 23 → "23rd". */
export function ordinal(n: number): string {
  const mod100 = n % 100;
  if (mod100 >= 11 && mod100 <= 13) return `${n}th`;
  switch (n % 10) {
    case 1:
      return `${n}st`;
    case 2:
      return `${n}nd`;
    case 3:
      return `${n}rd`;
    default:
      return `${n}th`;
  }
}

/** Elite for rank 3 or better, Advanced for rank 10 or better, Developing otherwise. */
export function performanceLevel(rank: number): TPerformanceLevel {
  if (rank <= ELITE_RANK) return 'Elite';
  if (rank <= ADVANCED_RANK) return 'Advanced';
  return 'Developing';
}

export interface TStanding {
  score: number;
  /** 1-based position in the ordered list of all users. */
  rank: number;
  /** How many users there are in all. */
  total: number;
  /** How many other users have exactly the same score. */
  tiedWith: number;
}

/** The dashboard's rank message; the first rule that applies wins (spec §4 lists them in this order). */
export function rankMessage({ score, rank, total, tiedWith }: TStanding): string {
  if (score === 0) return 'Ready to start your first debate!';
  if (rank === 1) return "You're in 1st place!";
  if (rank <= ELITE_RANK) return "You're in the top 3!";
  if (rank <= ADVANCED_RANK) return "You're in the top 10!";
  if (tiedWith > 0) return `You're tied with ${tiedWith} other user(s)`;
  return `You're ranked ${ordinal(rank)} out of ${total}`;
}

export interface TRankable {
  id: string;
  score: number;
  createdAt: string;
}

/** The one ordering of users (the server's SQL uses the same): score desc, createdAt asc, id asc. */
export function compareByRank(a: TRankable, b: TRankable): number {
  if (a.score !== b.score) return b.score - a.score;
  if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}
