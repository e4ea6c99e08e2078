/**
 * Debater profiles: what any signed-in user sees of another debater — their name, points, rank, record,
 * ratings and the past rounds the viewer may replay. Never an e-mail, a role or anything else from the account.
 */
import { z } from 'zod';
import { DB_INT_MAX } from './constants.js';
import type { TDebateRecord, TJudgedRound, TRoundOfDebater } from './debate/protocol.js';

/** `:id` of a user in a route's path: the ids accounts get (letters, digits, `-`, `_`). */
export const ZUserIdParams = z.object({
  id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, { error: 'That is not a user id.' }),
});

/** How many past rounds one page of a profile lists. */
export const PROFILE_ROUNDS_PAGE_SIZE = 20;

/**
 * `GET /api/users/:id/debates?before=` and `GET /api/users/:id/judged-debates?before=`: the page of rounds older than
 * the round `before` (the newest without it).
 */
export const ZProfileRoundsQuery = z.object({
  before: z.coerce
    .number({ error: 'before must be a round’s number.' })
    .int({ error: 'before must be a round’s number.' })
    .positive({ error: 'before must be a round’s number.' })
    .max(DB_INT_MAX, { error: 'before must be a round’s number.' })
    .optional(),
});
export type TProfileRoundsQuery = z.infer<typeof ZProfileRoundsQuery>;

/** `GET /api/users/:id`: a debater as every signed-in user sees them. */
export interface TPublicProfile {
  id: string;
  displayName: string;
  /**
   * A debater under 18: the profile shows only the name and the debate record (and, to signed-in people
   * only, as every profile): `score`, `rank` and `memberSince` are null and `ratings` empty.
   */
  isLimited: boolean;
  /** Points (the leaderboard's score) and the rank they give, in the leaderboard's one order. */
  score: number | null;
  rank: number | null;
  memberSince: string | null;
  /** Over every round they debated, finished (a team's practice rounds too, though only its team sees those). */
  record: Omit<TDebateRecord, 'ratings' | 'bp'>;
  /** One entry per format they have a rating in. */
  ratings: TDebateRecord['ratings'];
  /** Their judge's paradigm (`isParadigmShown`: an adult's, when written); null for a minor or none written. */
  paradigm: string | null;
}

/** One finished round the profile's debater debated, from their side of it. */
export interface TProfileRound extends TRoundOfDebater {
  /** A team's practice round (listed only to its team and the round's debaters and judge). */
  isTeamRound: boolean;
}

export interface TProfileRoundsResponse {
  rounds: TProfileRound[];
  /** `before` for the next page, or null when there is none. A page may hold fewer rounds than the page size. */
  nextBefore: number | null;
}

/** `GET /api/users/:id/judged-debates`: finished rounds the profile's user judged that the viewer may replay. */
export interface TProfileJudgedRoundsResponse {
  rounds: TJudgedRound[];
  /** As in `TProfileRoundsResponse`. */
  nextBefore: number | null;
}
