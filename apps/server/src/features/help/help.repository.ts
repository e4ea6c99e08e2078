import type { Kysely } from 'kysely';
import type { TContactRequest, TCreateContactRequest } from '@resolved/shared';
import type { DB } from '../../db/schema';
import { nowIso } from '../../db/database';

export async function insertContactRequest(
  db: Kysely<DB>,
  input: TCreateContactRequest & { userId: string | null },
): Promise<TContactRequest> {
  const createdAt = nowIso();
  const row = await db
    .insertInto('contactRequests')
    .values({ name: input.name, email: input.email, message: input.message, userId: input.userId, createdAt })
    .returning(['id', 'name', 'email', 'message', 'createdAt'])
    .executeTakeFirstOrThrow();
  return row;
}

export async function listContactRequests(db: Kysely<DB>, limit: number): Promise<TContactRequest[]> {
  return db
    .selectFrom('contactRequests')
    .select(['id', 'name', 'email', 'message', 'createdAt'])
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}
