/** Partner links' SQL (migration 0058, `partnerLinks`). */
import type { Kysely } from 'kysely';
import type { TFormatId } from '@resolved/shared';
import type { DB } from '../../db/schema';

type TDb = Kysely<DB>;

export async function insertPartnerLink(
  db: TDb,
  values: { token: string; creatorId: string; formatId: TFormatId; createdAt: string },
): Promise<void> {
  await db
    .insertInto('partnerLinks')
    .values({ ...values, accepterId: null, acceptedAt: null })
    .execute();
}

export async function findPartnerLink(db: TDb, token: string) {
  return db.selectFrom('partnerLinks').selectAll().where('token', '=', token).executeTakeFirst();
}

/** Marks a link accepted unless someone already has: true for the one acceptance that counts. */
export async function markPartnerLinkAccepted(
  db: TDb,
  token: string,
  accepterId: string,
  acceptedAt: string,
): Promise<boolean> {
  const result = await db
    .updateTable('partnerLinks')
    .set({ accepterId, acceptedAt })
    .where('token', '=', token)
    .where('acceptedAt', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The links of a format between `userId` and anyone, accepted at or after `sinceIso` (either made or accepted). */
export async function listAcceptedLinksOf(db: TDb, userId: string, formatId: TFormatId, sinceIso: string) {
  return db
    .selectFrom('partnerLinks')
    .select(['creatorId', 'accepterId', 'acceptedAt'])
    .where('formatId', '=', formatId)
    .where('acceptedAt', '>=', sinceIso)
    .where((eb) => eb.or([eb('creatorId', '=', userId), eb('accepterId', '=', userId)]))
    .execute();
}

/** Every link `userId` made or accepted, oldest first ("Download my data"). */
export async function listLinksOfUser(db: TDb, userId: string) {
  return db
    .selectFrom('partnerLinks')
    .select(['creatorId', 'accepterId', 'formatId', 'createdAt', 'acceptedAt'])
    .where((eb) => eb.or([eb('creatorId', '=', userId), eb('accepterId', '=', userId)]))
    .orderBy('createdAt')
    .execute();
}
