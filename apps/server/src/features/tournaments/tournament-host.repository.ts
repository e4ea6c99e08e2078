/** SQL of a host's corrections: one pairing, swapping its sides, taking back a round's release, and the audit. */
import type { Kysely } from 'kysely';
import type { TDrawFlag, TTournamentAuditAction } from '@resolved/shared';
import type { DB } from '../../db/schema';

type TDb = Kysely<DB>;

/** A pairing of the tournament, with its round's number and division; undefined when it is not the tournament's. */
export async function findPairing(db: TDb, tournamentId: number, pairingId: number) {
  return db
    .selectFrom('tournamentPairings')
    .innerJoin('tournamentRounds', 'tournamentRounds.id', 'tournamentPairings.roundId')
    .select([
      'tournamentPairings.id',
      'tournamentPairings.roundId',
      'tournamentPairings.affEntrantId',
      'tournamentPairings.negEntrantId',
      'tournamentPairings.isBye',
      'tournamentPairings.flags',
      'tournamentPairings.debateId',
      'tournamentRounds.number',
      'tournamentRounds.divisionId',
      'tournamentRounds.status as roundStatus',
    ])
    .where('tournamentRounds.tournamentId', '=', tournamentId)
    .where('tournamentPairings.id', '=', pairingId)
    .executeTakeFirst();
}

/** Aff becomes neg and neg aff. */
export async function swapPairingSides(db: TDb, pairingId: number): Promise<void> {
  await db
    .updateTable('tournamentPairings')
    .set((eb) => ({
      affEntrantId: eb.fn.coalesce('negEntrantId', 'affEntrantId'),
      negEntrantId: eb.ref('affEntrantId'),
    }))
    .where('id', '=', pairingId)
    .where('isBye', '=', 0)
    .execute();
}

/**
 * A walkover's entrant who goes through and the one who could not take part trade places (a host's correction), with
 * the pairing's flags as given (`walkover_corrected` set while the correction stands).
 */
export async function swapWalkover(db: TDb, pairingId: number, flags: readonly TDrawFlag[]): Promise<void> {
  await db
    .updateTable('tournamentPairings')
    .set((eb) => ({
      affEntrantId: eb.fn.coalesce('negEntrantId', 'affEntrantId'),
      negEntrantId: eb.ref('affEntrantId'),
      flags: JSON.stringify(flags),
    }))
    .where('id', '=', pairingId)
    .where('isBye', '=', 1)
    .where('negEntrantId', 'is not', null)
    .execute();
}

/**
 * Takes back the release of round `number` (a re-pair): its pairings (or BP rooms) are deleted and every division's row goes back
 * to `draft` with its new seed (by round row id), so the next release claims and draws it again. Returns how many
 * divisions' rows moved.
 */
export async function unreleaseRound(
  db: TDb,
  tournamentId: number,
  number: number,
  newSeeds: ReadonlyMap<number, string>,
): Promise<number> {
  const rows = await db
    .selectFrom('tournamentRounds')
    .select(['id'])
    .where('tournamentId', '=', tournamentId)
    .where('number', '=', number)
    .where('status', '=', 'released')
    .execute();
  const ids = rows.map((r) => Number(r.id));
  if (ids.length === 0) return 0;
  await db.deleteFrom('tournamentPairings').where('roundId', 'in', ids).execute();
  await db.deleteFrom('tournamentBpRooms').where('roundId', 'in', ids).execute();
  let moved = 0;
  for (const id of ids) {
    const result = await db
      .updateTable('tournamentRounds')
      .set({ status: 'draft', releasedAt: null, releasedBy: null, seed: newSeeds.get(id) ?? '' })
      .where('id', '=', id)
      .where('status', '=', 'released')
      .executeTakeFirst();
    moved += Number(result.numUpdatedRows);
  }
  return moved;
}

export async function insertAudit(
  db: TDb,
  values: {
    tournamentId: number;
    action: TTournamentAuditAction;
    roundNumber: number | null;
    debateId: number | null;
    actorId: string | null;
    reason: string | null;
    before: object;
    after: object;
    createdAt: string;
  },
): Promise<void> {
  await db
    .insertInto('tournamentAudit')
    .values({ ...values, before: JSON.stringify(values.before), after: JSON.stringify(values.after) })
    .execute();
}

/** The tournament's audit, newest first. */
export async function listAudit(db: TDb, tournamentId: number, limit: number) {
  return db
    .selectFrom('tournamentAudit')
    .selectAll()
    .where('tournamentId', '=', tournamentId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}
