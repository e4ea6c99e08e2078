/** Writes a British Parliamentary room's ranked ballot (migration 0065); the debates feature reads it back. */
import type { Insertable, Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { BpBallotsTable, BpSpeakerPointsTable, BpTeamResultsTable } from './results.tables';

/** The ballot, its four teams' results and its eight speakers' points, in the caller's transaction. */
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
  await db.insertInto('bpSpeakerPoints').values(values.speakers).execute();
}
