/** The sequencer's SQL: round start times, check-ins, no-shows, the grace check's claim, refused releases. */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

type TDb = Kysely<DB>;

/** Sets the start of round `number` (every division's row), while it is a draft: false when it is not. */
export async function setRoundStart(
  db: TDb,
  tournamentId: number,
  number: number,
  startsAt: string | null,
): Promise<boolean> {
  const result = await db
    .updateTable('tournamentRounds')
    .set({ startsAt, releaseRefusal: null })
    .where('tournamentId', '=', tournamentId)
    .where('number', '=', number)
    .where('status', '=', 'draft')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Checks someone in for a round: false when they were checked in already. */
export async function insertCheckIn(
  db: TDb,
  values: { tournamentId: number; roundNumber: number; userId: string; checkedInAt: string },
): Promise<boolean> {
  const rows = await db
    .insertInto('tournamentCheckIns')
    .values(values)
    .onConflict((oc) => oc.columns(['tournamentId', 'roundNumber', 'userId']).doNothing())
    .returning('userId')
    .execute();
  return rows.length === 1;
}

/** Who checked in for round `number`. */
export async function listCheckIns(db: TDb, tournamentId: number, number: number): Promise<Set<string>> {
  const rows = await db
    .selectFrom('tournamentCheckIns')
    .select('userId')
    .where('tournamentId', '=', tournamentId)
    .where('roundNumber', '=', number)
    .execute();
  return new Set(rows.map((r) => r.userId));
}

/** Records that an entrant missed a round: false when it was recorded already (each miss counts once). */
export async function insertNoShow(
  db: TDb,
  values: {
    tournamentId: number;
    entrantId: number;
    roundNumber: number;
    reason: 'not_checked_in' | 'absent';
    recordedAt: string;
  },
): Promise<boolean> {
  const rows = await db
    .insertInto('tournamentNoShows')
    .values(values)
    .onConflict((oc) => oc.columns(['entrantId', 'roundNumber']).doNothing())
    .returning('entrantId')
    .execute();
  return rows.length === 1;
}

/** One more no-show for the entrant; returns their count. */
export async function incrementNoShows(db: TDb, entrantId: number): Promise<number> {
  await db
    .updateTable('tournamentEntrants')
    .set((eb) => ({ noShows: eb('noShows', '+', 1) }))
    .where('id', '=', entrantId)
    .execute();
  const row = await db
    .selectFrom('tournamentEntrants')
    .select('noShows')
    .where('id', '=', entrantId)
    .executeTakeFirstOrThrow();
  return Number(row.noShows);
}

/** The tournament's recorded no-shows. */
export async function listNoShows(db: TDb, tournamentId: number) {
  return db
    .selectFrom('tournamentNoShows')
    .select(['entrantId', 'roundNumber', 'reason'])
    .where('tournamentId', '=', tournamentId)
    .execute();
}

/**
 * Marks round `number`'s grace period as dealt with, once its forfeits, no-shows and standbys are all done (never
 * before: a mark that outran its work would lose that work in a crash). True for the one caller that set it.
 */
export async function markGraceEnded(db: TDb, tournamentId: number, number: number, now: string): Promise<boolean> {
  const result = await db
    .updateTable('tournamentRounds')
    .set({ graceEndedAt: now })
    .where('tournamentId', '=', tournamentId)
    .where('number', '=', number)
    .where('status', '!=', 'draft')
    .where('graceEndedAt', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Why round `number`'s automatic release was refused (null: clears it). */
export async function setReleaseRefusal(
  db: TDb,
  tournamentId: number,
  number: number,
  refusal: string | null,
): Promise<void> {
  await db
    .updateTable('tournamentRounds')
    .set({ releaseRefusal: refusal })
    .where('tournamentId', '=', tournamentId)
    .where('number', '=', number)
    .execute();
}

/** Every tournament not finished (the sequencer looks at each once at start-up). */
export async function listUnfinishedIds(db: TDb): Promise<number[]> {
  const rows = await db.selectFrom('tournaments').select('id').where('status', '!=', 'finished').execute();
  return rows.map((r) => Number(r.id));
}

/** Every result of round `number` is in: the first time seen is kept. */
export async function markResultsIn(db: TDb, tournamentId: number, number: number, now: string): Promise<void> {
  await db
    .updateTable('tournamentRounds')
    .set({ resultsInAt: now })
    .where('tournamentId', '=', tournamentId)
    .where('number', '=', number)
    .where('resultsInAt', 'is', null)
    .execute();
}

/**
 * Up to `limit` non-bye pairings of the tournament (of round `number` alone when given) that have no decided debate:
 * no debate yet, or one neither judged nor forfeited. A cheap first look before reading every outcome: each is
 * undecided unless neither side came (`hasUndecidedPairing`).
 */
export async function listOpenPairings(db: TDb, tournamentId: number, number: number | null, limit: number) {
  let query = db
    .selectFrom('tournamentPairings')
    .innerJoin('tournamentRounds', 'tournamentRounds.id', 'tournamentPairings.roundId')
    .leftJoin('debates', 'debates.id', 'tournamentPairings.debateId')
    .select(['tournamentRounds.number', 'tournamentPairings.affEntrantId', 'tournamentPairings.negEntrantId'])
    .where('tournamentRounds.tournamentId', '=', tournamentId)
    .where('tournamentPairings.isBye', '=', 0)
    .where((eb) => eb.or([eb('debates.id', 'is', null), eb('debates.status', 'not in', ['judged', 'forfeited'])]));
  if (number !== null) query = query.where('tournamentRounds.number', '=', number);
  return query.limit(limit).execute();
}
