/** Writes a British Parliamentary room's ranked ballot (migration 0065); the debates feature reads it back. */
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
