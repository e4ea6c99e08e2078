import type { TCreateContactRequest } from '@resolved/shared';
import type { TAppContext } from '../../context';
import { insertContactRequest } from './help.repository';
import * as repo from './help.repository';
import type { Kysely } from 'kysely';
import type { TContactRequest } from '@resolved/shared';
import type { DB } from '../../db/schema';

type THelpDeps = Pick<TAppContext, 'database'>;

/** Stores a visitor's help request (anonymous: the form is public) and says when it was received. */
export async function createContactRequest(
  deps: THelpDeps,
  input: TCreateContactRequest,
): Promise<{ id: number; createdAt: string }> {
  const created = await insertContactRequest(deps.database.db, { ...input, userId: null });
  return { id: created.id, createdAt: created.createdAt };
}

/** Contact requests, for the admin pages. */
/** The newest contact requests first, at most `limit` (the admin page). */
export async function listContactRequests(db: Kysely<DB>, limit: number): Promise<TContactRequest[]> {
  return repo.listContactRequests(db, limit);
}
