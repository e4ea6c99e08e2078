/**
 * Which tournament and round a debate is a room of: a two-sided round's pairing, or a British Parliamentary round's
 * room of four (migration 0067).
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

type TDb = Kysely<DB>;

/** The tournament and round number of round `debateId` (undefined: not a tournament's round). */
export async function findRoundOfDebate(
  db: TDb,
  debateId: number,
): Promise<{ tournamentId: number; number: number } | undefined> {
  const pairing = await db
    .selectFrom('tournamentPairings')
    .innerJoin('tournamentRounds', 'tournamentRounds.id', 'tournamentPairings.roundId')
    .select(['tournamentRounds.tournamentId', 'tournamentRounds.number'])
    .where('tournamentPairings.debateId', '=', debateId)
    .executeTakeFirst();
  const row =
    pairing ??
    (await db
      .selectFrom('tournamentBpRooms')
      .innerJoin('tournamentRounds', 'tournamentRounds.id', 'tournamentBpRooms.roundId')
      .select(['tournamentRounds.tournamentId', 'tournamentRounds.number'])
      .where('tournamentBpRooms.debateId', '=', debateId)
      .executeTakeFirst());
  return row ? { tournamentId: Number(row.tournamentId), number: Number(row.number) } : undefined;
}

/** The tournament whose round `debateId` is, or null. */
export async function findTournamentIdOfDebate(db: TDb, debateId: number): Promise<number | null> {
  return (await findRoundOfDebate(db, debateId))?.tournamentId ?? null;
}
