/**
 * The tab: each entrant's wins, speaker points and opponents' wins from the confirmed rounds, and their rank.
 *
 * Ranking order: (1) wins, a bye counting as a win; (2) total speaker points with the high-low drop (an entrant with
 * 3 or more scored rounds loses their single highest and single lowest round); (3) opponents' wins, the sum of the
 * current wins of everyone they debated (withdrawn opponents too); (4) head to head, only between exactly two
 * entrants still tied, when one won more of their meetings. Entrants still tied share a rank, listed by id.
 *
 * A round's score: the points given; a bye, or a win without points (a forfeit), scores the entrant's average over
 * the rounds they were given points in (0 when none yet); a loss without points scores 0.
 */
import type { TRoundRecord } from './types.js';

export interface TTournamentStanding {
  entrantId: string;
  /** 1 is first; tied entrants share a rank and the next rank skips (1, 2, 2, 4). */
  rank: number;
  wins: number;
  losses: number;
  byes: number;
  /** Total speaker points, after the high-low drop when `isHighLowDropped`. */
  speakerPoints: number;
  /** Whether the highest and lowest round were dropped (3 or more scored rounds). */
  isHighLowDropped: boolean;
  opponentWins: number;
}

/** Rounds with at least this many scores lose their highest and lowest score from the total. */
export const HIGH_LOW_DROP_FROM = 3;

const EPSILON = 1e-9;

/** A round's score: the points given, or `'average'` for a round scored as the debater's own average (a bye). */
export type TScore = number | 'average';

interface TTally {
  wins: number;
  losses: number;
  byes: number;
  scores: TScore[];
  opponents: string[];
}

function tallyOf(tallies: Map<string, TTally>, id: string): TTally {
  let tally = tallies.get(id);
  if (!tally) {
    tally = { wins: 0, losses: 0, byes: 0, scores: [], opponents: [] };
    tallies.set(id, tally);
  }
  return tally;
}

/** Wins, losses, byes, scores and opponents of everyone who appears in `rounds`. */
function tallyRounds(rounds: readonly TRoundRecord[]): Map<string, TTally> {
  const tallies = new Map<string, TTally>();
  for (const round of rounds) {
    for (const id of round.byes) {
      const tally = tallyOf(tallies, id);
      tally.wins++;
      tally.byes++;
      tally.scores.push('average');
    }
    for (const debate of round.debates) {
      for (const side of ['aff', 'neg'] as const) {
        const id = debate[side];
        const tally = tallyOf(tallies, id);
        const isWinner = debate.winner === side;
        const points = side === 'aff' ? debate.affPoints : debate.negPoints;
        if (isWinner) tally.wins++;
        else tally.losses++;
        tally.scores.push(points ?? (isWinner ? 'average' : 0));
        tally.opponents.push(side === 'aff' ? debate.neg : debate.aff);
      }
    }
  }
  return tallies;
}

/**
 * Total speaker points of a list of round scores, byes filled with the average, highest and lowest dropped at 3+ (the
 * team tab's and the speaker tab's one rule).
 */
export function speakerPointsOf(scores: readonly TScore[]): { total: number; isHighLowDropped: boolean } {
  const given = scores.filter((s): s is number => s !== 'average');
  const average = given.length === 0 ? 0 : given.reduce((a, b) => a + b, 0) / given.length;
  const filled = scores.map((s) => (s === 'average' ? average : s));
  const total = filled.reduce((a, b) => a + b, 0);
  if (filled.length < HIGH_LOW_DROP_FROM) return { total, isHighLowDropped: false };
  return { total: total - Math.max(...filled) - Math.min(...filled), isHighLowDropped: true };
}

/** How many of their meetings `a` won against `b`, minus how many `b` won. */
function headToHead(a: string, b: string, rounds: readonly TRoundRecord[]): number {
  let balance = 0;
  for (const round of rounds) {
    for (const debate of round.debates) {
      const isMeeting = (debate.aff === a && debate.neg === b) || (debate.aff === b && debate.neg === a);
      if (!isMeeting) continue;
      balance += debate[debate.winner] === a ? 1 : -1;
    }
  }
  return balance;
}

/** Compares on wins, speaker points and opponents' wins: negative when `a` ranks ahead. */
function compareMetrics(a: TTournamentStanding, b: TTournamentStanding): number {
  if (a.wins !== b.wins) return b.wins - a.wins;
  if (Math.abs(a.speakerPoints - b.speakerPoints) > EPSILON) return b.speakerPoints - a.speakerPoints;
  return b.opponentWins - a.opponentWins;
}

/**
 * The standings of `entrantIds` (active and withdrawn alike: whoever the tab lists) after `rounds`, best first, in
 * the ranking order above.
 */
export function computeStandings(
  entrantIds: readonly string[],
  rounds: readonly TRoundRecord[],
): TTournamentStanding[] {
  const tallies = tallyRounds(rounds);
  const winsOf = (id: string) => tallies.get(id)?.wins ?? 0;
  const rows: TTournamentStanding[] = entrantIds.map((entrantId) => {
    const tally = tallies.get(entrantId) ?? { wins: 0, losses: 0, byes: 0, scores: [], opponents: [] };
    const points = speakerPointsOf(tally.scores);
    return {
      entrantId,
      rank: 0,
      wins: tally.wins,
      losses: tally.losses,
      byes: tally.byes,
      speakerPoints: points.total,
      isHighLowDropped: points.isHighLowDropped,
      opponentWins: tally.opponents.reduce((sum, id) => sum + winsOf(id), 0),
    };
  });
  rows.sort((a, b) => compareMetrics(a, b) || (a.entrantId < b.entrantId ? -1 : a.entrantId > b.entrantId ? 1 : 0));
  let start = 0;
  while (start < rows.length) {
    let end = start + 1;
    while (end < rows.length && compareMetrics(rows[start]!, rows[end]!) === 0) end++;
    if (end - start === 2) {
      const balance = headToHead(rows[start]!.entrantId, rows[start + 1]!.entrantId, rounds);
      if (balance < 0) [rows[start], rows[start + 1]] = [rows[start + 1]!, rows[start]!];
      rows[start]!.rank = start + 1;
      rows[start + 1]!.rank = balance === 0 ? start + 1 : start + 2;
    } else {
      for (let i = start; i < end; i++) rows[i]!.rank = start + 1;
    }
    start = end;
  }
  return rows;
}
