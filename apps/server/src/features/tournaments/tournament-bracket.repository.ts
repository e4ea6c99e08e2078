/** Tournaments SQL for the elimination bracket: each division's stored bracket, and finishing the tournament. */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

type TDb = Kysely<DB>;

/** Every division's bracket of the tournament (none before the break). */
export async function listBrackets(db: TDb, tournamentId: number) {
  return db
    .selectFrom('tournamentBrackets')
    .selectAll()
    .where('tournamentId', '=', tournamentId)
    .orderBy('divisionId')
    .execute();
}

/**
 * Makes (or makes again) a division's bracket: the first elimination round drawn a second time (a host's re-pair)
 * seeds it anew from the tab as it stands, replacing the one its first draw made (`tournamentBrackets_once`).
 */
export async function upsertBracket(
  db: TDb,
  values: { tournamentId: number; divisionId: number; data: string; now: string },
): Promise<void> {
  await db
    .insertInto('tournamentBrackets')
    .values({
      tournamentId: values.tournamentId,
      divisionId: values.divisionId,
      data: values.data,
      championEntrantId: null,
      createdAt: values.now,
      updatedAt: values.now,
    })
    .onConflict((oc) =>
      oc
        .columns(['tournamentId', 'divisionId'])
        .doUpdateSet({ data: values.data, championEntrantId: null, updatedAt: values.now }),
    )
    .execute();
}

export async function updateBracket(
  db: TDb,
  id: number,
  values: { data: string; championEntrantId: number | null; now: string },
): Promise<void> {
  await db
    .updateTable('tournamentBrackets')
    .set({ data: values.data, championEntrantId: values.championEntrantId, updatedAt: values.now })
    .where('id', '=', id)
    .execute();
}

/** The tournament is over (its finals decided): true for the one caller that set it. */
export async function markFinished(db: TDb, id: number, now: string): Promise<boolean> {
  const result = await db
    .updateTable('tournaments')
    .set({ status: 'finished', finishedAt: now })
    .where('id', '=', id)
    .where('status', '=', 'running')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
