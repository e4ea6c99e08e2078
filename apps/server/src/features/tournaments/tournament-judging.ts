/**
 * What the tournament's service reads for paradigms, motions, late entry and judge obligations, kept out of its big
 * file: the paradigms shown beside a judge's name, a round's motion (the resolution of its rooms), the byes a late
 * entrant is credited, and which of the entrants' teams a coach coaches. Imports nothing of the service itself.
 */
import type { TRoundRecord } from '@resolved/shared';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { membershipsOf } from '../memberships/memberships.service';
import { paradigmsOf } from '../users/paradigm.service';
import * as repo from './tournament-judging.repository';

/** The paradigms others may read of these judges (adults with one written). */
export async function judgeParadigms(db: Kysely<DB>, judgeIds: readonly string[]): Promise<Map<string, string>> {
  return judgeIds.length === 0 ? new Map() : paradigmsOf(db, judgeIds);
}

/** The motion a host set for round `number`, or null (the round then draws its resolution as any round does). */
export async function roundMotion(db: Kysely<DB>, tournamentId: number, number: number): Promise<string | null> {
  return repo.findMotion(db, tournamentId, number);
}

/** The motions of every round, for the rounds' presentation (each round shows its own once released). */
export async function motionsByRound(db: Kysely<DB>, tournamentId: number): Promise<Map<number, string>> {
  return new Map((await repo.listMotions(db, tournamentId)).map((m) => [Number(m.roundNumber), m.motion]));
}

/** An entrant as the late-entry byes read them: `lateByes` missed rounds, 1 to `lateByes`, each scored as a bye. */
export interface TLateEntrant {
  id: number;
  divisionId: number;
  lateByes: number;
}

/** The entrants of `divisionId` who missed round `number` by entering late: each has a bye in it. */
export function lateByeIds(entrants: readonly TLateEntrant[], divisionId: number, number: number): string[] {
  return entrants.filter((e) => e.divisionId === divisionId && e.lateByes >= number).map((e) => String(e.id));
}

/** `records` (round 1 first) with each late entrant's missed rounds added as byes. */
export function withLateByes(
  records: readonly TRoundRecord[],
  entrants: readonly TLateEntrant[],
  divisionId: number,
): TRoundRecord[] {
  return records.map((record, index) => {
    const late = lateByeIds(entrants, divisionId, index + 1);
    return late.length === 0 ? record : { ...record, byes: [...record.byes, ...late] };
  });
}

/** The teams of this tournament's entrants that `userId` coaches. */
export async function coachedEntrantTeams(db: Kysely<DB>, tournamentId: number, userId: string): Promise<number[]> {
  const teamIds = await repo.listEntrantTeamIds(db, tournamentId);
  if (teamIds.length === 0) return [];
  const places = await membershipsOf(db, teamIds, userId);
  return [...places.entries()].filter(([, place]) => place.role === 'coach').map(([teamId]) => teamId);
}
