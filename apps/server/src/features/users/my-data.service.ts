/**
 * The account's own part of "Download my data" (the rest comes from each feature; `workflows/my-data.ts` assembles
 * them). The password hash and sessions are never read here.
 */
import type { TMyData } from '@resolved/shared';
import type { TAppContext } from '../../context';
import * as repo from './users.repository';
import { userNotFoundError } from './users.service';

const iso = (value: string | Date) => (value instanceof Date ? value.toISOString() : new Date(value).toISOString());

export async function accountForExport(
  { database }: Pick<TAppContext, 'database'>,
  userId: string,
): Promise<TMyData['account']> {
  const account = await repo.findAccountForExport(database.db, userId);
  if (!account) throw userNotFoundError();
  return {
    id: account.id,
    displayName: account.displayName,
    email: account.email,
    emailVerified: Boolean(account.emailVerified),
    role: account.role,
    score: account.score,
    createdAt: iso(account.createdAt),
    birthMonth: account.birthMonth,
    isTeamManaged: Boolean(account.isTeamManaged),
    paradigm: account.paradigm,
  };
}
