/**
 * `npm run admin -- grant <email>` / `revoke <email>`: the safe way to make someone an admin where no mail is
 * configured (ADMIN_EMAILS then trusts whoever signs up first with the address). Same rule as the admin page:
 * the last admin is never demoted.
 */
import type { TDatabase } from '../db/database';
import { AppError } from '../lib/errors';
import { setRole } from '../features/admin/admin.service';
import { findUserByEmail } from '../features/users/users.service';

export const ADMIN_USAGE = 'Usage: npm run admin -- grant <email> | revoke <email>';

/** Runs one command; returns what to print, or throws an Error whose message says what went wrong. */
export async function runAdminCommand(database: TDatabase, args: string[]): Promise<string> {
  const [command, email, ...rest] = args;
  if ((command !== 'grant' && command !== 'revoke') || !email || rest.length > 0) throw new Error(ADMIN_USAGE);
  const user = await findUserByEmail(database.db, email);
  if (!user) throw new Error(`No account uses ${email}. They sign up first, then you grant.`);
  try {
    const updated = await setRole(database, { userId: user.id, role: command === 'grant' ? 'admin' : 'user' });
    return command === 'grant'
      ? `${updated.email} is now an admin.`
      : `${updated.email} is no longer an admin (role: ${updated.role}).`;
  } catch (error) {
    if (error instanceof AppError) throw new Error(error.message, { cause: error });
    throw error;
  }
}
