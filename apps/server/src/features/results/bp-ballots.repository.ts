/**
 * Writes a British Parliamentary room's ranked ballot (migration 0065), and a host's correction of it; the debates
 * feature reads it back.
 */
import type { Insertable, Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { BpBallotsTable, BpSpeakerPointsTable, BpTeamForfeitsTable, BpTeamResultsTable } from './results.tables';

/** The ballot, its four teams' results and its speakers' points (none for a forfeited team), in the caller's transaction. */
export async function insertBpBallot(
  db: Kysely<DB>,
  values: {
    ballot: Insertable<BpBallotsTable>;
    teams: Insertable<BpTeamResultsTable>[];
    speakers: Insertable<BpSpeakerPointsTable>[];
  },
): Promise<void> {
  await db.insertInto('bpBallots').values(values.ballot).execute();
  await db.insertInto('bpTeamResults').values(values.teams).execute();
  // A room decided by forfeits has no speaker points.
  if (values.speakers.length > 0) await db.insertInto('bpSpeakerPoints').values(values.speakers).execute();
}

/** A team of a BP room forfeits it (the room goes on without it), in the caller's transaction. */
export async function insertBpForfeit(db: Kysely<DB>, values: Insertable<BpTeamForfeitsTable>): Promise<void> {
  await db.insertInto('bpTeamForfeits').values(values).execute();
}

/** A judged room's result as stored: each team's place and points, each speaker's points (tenths). */
export async function findBpResultRows(db: Kysely<DB>, debateId: number) {
  const [ballot, teams, speakers] = await Promise.all([
    db.selectFrom('bpBallots').select(['isLowPointWin']).where('debateId', '=', debateId).executeTakeFirst(),
    db.selectFrom('bpTeamResults').selectAll().where('debateId', '=', debateId).execute(),
    db.selectFrom('bpSpeakerPoints').selectAll().where('debateId', '=', debateId).execute(),
  ]);
  return ballot ? { isLowPointWin: Number(ballot.isLowPointWin) === 1, teams, speakers } : null;
}

/**
 * A host's correction of a judged room, in the caller's transaction: its teams' and speakers' rows replaced by
 * `values` (deleted first: a place is unique in its room, so no row could move one at a time), and whether it is now a
 * low-point win. The ballot's judge, reason and time stay: it is still the chair's ballot, corrected.
 */
export async function replaceBpResult(
  db: Kysely<DB>,
  debateId: number,
  values: {
    isLowPointWin: boolean;
    teams: Insertable<BpTeamResultsTable>[];
    speakers: Insertable<BpSpeakerPointsTable>[];
  },
): Promise<void> {
  await db.deleteFrom('bpSpeakerPoints').where('debateId', '=', debateId).execute();
  await db.deleteFrom('bpTeamResults').where('debateId', '=', debateId).execute();
  await db.insertInto('bpTeamResults').values(values.teams).execute();
  if (values.speakers.length > 0) await db.insertInto('bpSpeakerPoints').values(values.speakers).execute();
  await db
    .updateTable('bpBallots')
    .set({ isLowPointWin: values.isLowPointWin ? 1 : 0 })
    .where('debateId', '=', debateId)
    .execute();
}
