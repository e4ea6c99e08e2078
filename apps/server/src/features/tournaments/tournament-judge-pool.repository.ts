/**
 * The judge pool's SQL beyond who is in it (`listJudges`, `isJudge` stay in `tournaments.repository.ts`): naming and
 * removing a judge, their availability per round, and their declared conflicts.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { chunks } from '../../db/batches';

type TDb = Kysely<DB>;

/** Names a judge of the pool: false when they are in it already. */
export async function insertJudge(
  db: TDb,
  values: { tournamentId: number; userId: string; teamId: number | null; addedAt: string; addedBy: string },
): Promise<boolean> {
  const rows = await db
    .insertInto('tournamentJudges')
    .values(values)
    .onConflict((oc) => oc.columns(['tournamentId', 'userId']).doNothing())
    .returning('userId')
    .execute();
  return rows.length === 1;
}

/** Takes a judge out of the pool (their availability and conflicts with them): false when they were not in it. */
export async function deleteJudge(db: TDb, tournamentId: number, userId: string): Promise<boolean> {
  await db
    .deleteFrom('tournamentJudgeAvailability')
    .where('tournamentId', '=', tournamentId)
    .where('userId', '=', userId)
    .execute();
  await db
    .deleteFrom('tournamentJudgeConflicts')
    .where('tournamentId', '=', tournamentId)
    .where('userId', '=', userId)
    .execute();
  const result = await db
    .deleteFrom('tournamentJudges')
    .where('tournamentId', '=', tournamentId)
    .where('userId', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** A judge's availability for one round: one row per judge and round, replaced on each answer. */
export async function setAvailability(
  db: TDb,
  values: { tournamentId: number; userId: string; roundNumber: number; isAvailable: boolean },
): Promise<void> {
  const isAvailable = values.isAvailable ? 1 : 0;
  await db
    .insertInto('tournamentJudgeAvailability')
    .values({ ...values, isAvailable })
    .onConflict((oc) => oc.columns(['tournamentId', 'userId', 'roundNumber']).doUpdateSet({ isAvailable }))
    .execute();
}

/** The rounds each judge said they cannot judge. */
export async function listUnavailable(db: TDb, tournamentId: number) {
  return db
    .selectFrom('tournamentJudgeAvailability')
    .select(['userId', 'roundNumber'])
    .where('tournamentId', '=', tournamentId)
    .where('isAvailable', '=', 0)
    .orderBy('roundNumber')
    .execute();
}

/** Replaces a judge's declared conflicts. */
export async function replaceConflicts(
  db: TDb,
  tournamentId: number,
  userId: string,
  entrantIds: readonly number[],
): Promise<void> {
  await db
    .deleteFrom('tournamentJudgeConflicts')
    .where('tournamentId', '=', tournamentId)
    .where('userId', '=', userId)
    .execute();
  if (entrantIds.length === 0) return;
  for (const chunk of chunks(entrantIds.map((entrantId) => ({ tournamentId, userId, entrantId })))) {
    await db.insertInto('tournamentJudgeConflicts').values(chunk).execute();
  }
}

export async function listConflicts(db: TDb, tournamentId: number) {
  return db
    .selectFrom('tournamentJudgeConflicts')
    .select(['userId', 'entrantId'])
    .where('tournamentId', '=', tournamentId)
    .orderBy('entrantId')
    .execute();
}
