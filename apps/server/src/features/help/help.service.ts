import type { TCreateContactRequest } from '@resolved/shared';
import type { TAppContext } from '../../context';
import { insertContactRequest } from './help.repository';

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
export { listContactRequests } from './help.repository';
