/**
 * Judging a tournament beyond the pool: a judge's paradigm (the short text on their account about how they judge),
 * the host's judge obligation (each team owes one judge per N of its entrants), Parli motions per round (hidden from
 * entrants until the round is released), and late entry (until fewer than half the preliminary rounds are missed).
 */
import { z } from 'zod';
import type { TAgeBand } from './age.js';
import { DB_INT_MAX } from './constants.js';

export const PARADIGM_MAX = 2000;
export const MOTION_MAX = 300;
/** The largest "one judge per N entrants" a host may set. */
export const ENTRANTS_PER_JUDGE_MAX = 50;

/** `PUT /api/users/me/paradigm`: the paradigm (empty: none). */
export const ZParadigmRequest = z.object({
  paradigm: z
    .string({ error: 'Write your paradigm, or leave it empty to have none.' })
    .trim()
    .max(PARADIGM_MAX, `A paradigm is at most ${PARADIGM_MAX} characters.`),
});
export type TParadigmRequest = z.input<typeof ZParadigmRequest>;

/** `GET /api/users/:id/paradigm` and `…/me/paradigm`. */
export interface TParadigmResponse {
  /** Null: none written, or the judge is under 18 (whose profile shows only their name and record). */
  paradigm: string | null;
}

/**
 * Whether a judge's paradigm may be shown to others: only an adult's. A minor's profile shows only their name and
 * record (docs/safety.md), and an account with no age yet counts as a minor.
 */
export function isParadigmShown(ageBand: TAgeBand | null | undefined): boolean {
  return ageBand === 'adult';
}

/** `PUT /api/tournaments/:id/judge-obligation`: one judge owed per this many entrants of a team (null: none). */
export const ZJudgeObligationRequest = z.object({
  entrantsPerJudge: z
    .number({ error: `Choose how many entrants owe one judge (1 to ${ENTRANTS_PER_JUDGE_MAX}), or none.` })
    .int(`Choose how many entrants owe one judge (1 to ${ENTRANTS_PER_JUDGE_MAX}), or none.`)
    .min(1, `Choose how many entrants owe one judge (1 to ${ENTRANTS_PER_JUDGE_MAX}), or none.`)
    .max(ENTRANTS_PER_JUDGE_MAX, `Choose how many entrants owe one judge (1 to ${ENTRANTS_PER_JUDGE_MAX}), or none.`)
    .nullable(),
});
export type TJudgeObligationRequest = z.input<typeof ZJudgeObligationRequest>;

/** How many judges a team with `entrants` active entrants owes: one per `entrantsPerJudge`, rounded up. */
export function judgesOwed(entrants: number, entrantsPerJudge: number | null): number {
  if (entrantsPerJudge === null || entrants <= 0) return 0;
  return Math.ceil(entrants / entrantsPerJudge);
}

/** One team's obligation: its active entrants, the judges it owes and the judges of the pool it brought. */
export interface TJudgeObligation {
  teamId: number;
  teamName: string;
  entrants: number;
  owed: number;
  brought: number;
  isMet: boolean;
}

/** `GET /api/tournaments/:id/judge-obligations`: every team for hosts, a coach's own teams for a coach. */
export interface TJudgeObligations {
  entrantsPerJudge: number | null;
  teams: TJudgeObligation[];
}

/**
 * `POST /api/tournaments/:id/team-judges`: a coach of a team with entrants brings one of the team's members (an adult
 * who may judge) to the judge pool, judging for that team: how a team meets its obligation.
 */
export const ZAddTeamJudgeRequest = z.object({
  teamId: z
    .number({ error: 'Choose the team the judge judges for.' })
    .int({ error: 'Choose the team the judge judges for.' })
    .positive({ error: 'Choose the team the judge judges for.' })
    .max(DB_INT_MAX, { error: 'Choose the team the judge judges for.' }),
  userId: z.string({ error: 'Choose a member of your team.' }).trim().min(1, 'Choose a member of your team.').max(100),
});
export type TAddTeamJudgeRequest = z.input<typeof ZAddTeamJudgeRequest>;

/** A member of a coach's team as the coach's judge picker shows them. */
export interface TTeamJudgeMember {
  userId: string;
  displayName: string;
}

/** A judge of the pool who judges for the coach's team; `canRemove`: the viewing coach brought them. */
export interface TTeamJudge extends TTeamJudgeMember {
  canRemove: boolean;
}

/**
 * `GET /api/tournaments/:id/team-judges`: for each team of the tournament's entrants the viewer coaches, the pool's
 * judges who judge for it and the members the coach may still bring (adults who may judge, not entrants, not in the
 * pool yet).
 */
export interface TTeamJudges {
  teamId: number;
  teamName: string;
  judges: TTeamJudge[];
  candidates: TTeamJudgeMember[];
}

/**
 * `GET /api/tournaments/judges-owed`: one line per team a coach coaches that still owes judges to a tournament that
 * is not over (registration or running) — the dashboard's "Bring 1 more judge to …".
 */
export interface TJudgesOwed {
  tournamentId: number;
  tournamentName: string;
  teamId: number;
  teamName: string;
  owed: number;
  brought: number;
  /** `owed - brought`, at least 1. */
  missing: number;
}

/** A judge of the pool as entrants see them: name, team and paradigm (never availability or conflicts). */
export interface TPoolParadigm {
  userId: string;
  displayName: string;
  teamName: string | null;
  paradigm: string | null;
}

/** `PUT /api/tournaments/:id/rounds/:number/motion`: a Parli round's motion, until the round is released. */
export const ZRoundMotionRequest = z.object({
  motion: z
    .string({ error: 'Write the motion.' })
    .trim()
    .min(1, 'Write the motion.')
    .max(MOTION_MAX, `A motion is at most ${MOTION_MAX} characters.`),
});
export type TRoundMotionRequest = z.input<typeof ZRoundMotionRequest>;

/** A round's motion: hosts see every one; others only those of released rounds. */
export interface TTournamentMotion {
  roundNumber: number;
  motion: string;
  isReleased: boolean;
  updatedAt: string;
}

/**
 * Late entry: after the first round, entries stay open while fewer than `lateEntryCutoff` rounds are released, so a
 * late entrant misses fewer than half the preliminary rounds: `missed < prelims / 2`, so the cut-off is half rounded
 * up (3 rounds, late entry after round 1; 4 rounds, the same; 5 rounds, after round 1 or 2; 6 rounds, the same; 1 or
 * 2 rounds, none).
 */
export function lateEntryCutoff(prelimRounds: number): number {
  return Math.ceil(prelimRounds / 2);
}

/** Whether someone may still enter a tournament with `roundsReleased` of `prelimRounds` rounds released. */
export function isEntryOpen(tournament: { prelimRounds: number; roundsReleased: number; status: string }): boolean {
  if (tournament.status === 'registration') return true;
  if (tournament.status !== 'running') return false;
  return tournament.roundsReleased < lateEntryCutoff(tournament.prelimRounds);
}
