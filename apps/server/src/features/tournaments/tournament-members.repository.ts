/**
 * The debaters of a tournament's entrants (migration 0062, `tournamentEntrantMembers`): a team's members in speaking
 * order, who confirmed, and a host's replacement of one. Every entrant has at least its captain (`memberOrder` 1).
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { TMemberRow } from './tournaments.tables';

type TDb = Kysely<DB>;

/** Adds an entrant's members in the order given (the first is the captain, confirmed now; the others are not yet). */
export async function insertMembers(
  db: TDb,
  values: { entrantId: number; tournamentId: number; userIds: readonly string[]; now: string },
): Promise<void> {
  await db
    .insertInto('tournamentEntrantMembers')
    .values(
      values.userIds.map((userId, index) => ({
        entrantId: values.entrantId,
        tournamentId: values.tournamentId,
        userId,
        memberOrder: index + 1,
        confirmedAt: index === 0 ? values.now : null,
      })),
    )
    .execute();
}

/** Every member of the tournament's entrants, each entrant's in speaking order. */
export async function listMembers(
  db: TDb,
  tournamentId: number,
  /** Only these entrants' members (a non-empty list); every entrant's when absent. */
  entrantIds?: readonly number[],
): Promise<TMemberRow[]> {
  const rows = await db
    .selectFrom('tournamentEntrantMembers')
    .selectAll()
    .where('tournamentId', '=', tournamentId)
    .$if(entrantIds !== undefined, (qb) => qb.where('entrantId', 'in', entrantIds!))
    .orderBy('entrantId')
    .orderBy('memberOrder')
    .execute();
  return rows.map((r) => ({ ...r, entrantId: Number(r.entrantId), memberOrder: Number(r.memberOrder) }));
}

/** Which of these users are members of an entrant of the tournament already (in any team). */
export async function findMemberIds(db: TDb, tournamentId: number, userIds: readonly string[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('tournamentEntrantMembers')
    .select('userId')
    .where('tournamentId', '=', tournamentId)
    .where('userId', 'in', [...userIds])
    .execute();
  return new Set(rows.map((r) => r.userId));
}

/** A member confirms; false when they are not an unconfirmed member of this entrant. */
export async function confirmMember(db: TDb, entrantId: number, userId: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('tournamentEntrantMembers')
    .set({ confirmedAt: now })
    .where('entrantId', '=', entrantId)
    .where('userId', '=', userId)
    .where('confirmedAt', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * A member's place goes to `to`, unconfirmed: the host names them, and they confirm the team themselves (as every
 * partner does) before it is drawn again. Nobody is entered in a tournament without their own say.
 */
export async function replaceMember(db: TDb, entrantId: number, from: string, to: string): Promise<boolean> {
  const result = await db
    .updateTable('tournamentEntrantMembers')
    .set({ userId: to, confirmedAt: null })
    .where('entrantId', '=', entrantId)
    .where('userId', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The entrant's captain (its first member) is who the entrant row names. */
export async function setCaptain(db: TDb, entrantId: number, userId: string): Promise<void> {
  await db.updateTable('tournamentEntrants').set({ userId }).where('id', '=', entrantId).execute();
}

/** The entrant a user is a member of (its captain or a partner), if any. */
export async function findEntrantOf(db: TDb, tournamentId: number, userId: string) {
  return db
    .selectFrom('tournamentEntrantMembers as m')
    .innerJoin('tournamentEntrants as e', 'e.id', 'm.entrantId')
    .selectAll('e')
    .where('m.tournamentId', '=', tournamentId)
    .where('m.userId', '=', userId)
    .executeTakeFirst();
}
