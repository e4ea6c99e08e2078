import { sql, type Kysely } from 'kysely';
import type { TRole, TSessionUser } from '@resolved/shared';
import type { DB } from '../../db/schema';

/** better-auth's dates come back as ISO strings (SQLite) or Date (PostgreSQL timestamptz). */
export function toIso(value: string | Date): string {
  return value instanceof Date ? value.toISOString() : new Date(value).toISOString();
}

const SESSION_USER_COLUMNS = ['id', 'email', 'displayName', 'role', 'score', 'createdAt'] as const;

type TUserRow = {
  id: string;
  email: string;
  displayName: string;
  role: string;
  score: number;
  createdAt: string | Date;
};

export function toSessionUser(row: TUserRow): TSessionUser {
  return {
    id: row.id,
    email: row.email,
    displayName: row.displayName,
    role: (['user', 'moderator', 'admin'].includes(row.role) ? row.role : 'user') as TRole,
    score: Number(row.score),
    createdAt: toIso(row.createdAt),
  };
}

export async function findUserById(db: Kysely<DB>, id: string): Promise<TSessionUser | null> {
  const row = await db.selectFrom('users').select(SESSION_USER_COLUMNS).where('id', '=', id).executeTakeFirst();
  return row ? toSessionUser(row) : null;
}

export async function findUserByEmail(db: Kysely<DB>, email: string): Promise<TSessionUser | null> {
  const row = await db
    .selectFrom('users')
    .select(SESSION_USER_COLUMNS)
    .where(sql<string>`lower(email)`, '=', email.trim().toLowerCase())
    .executeTakeFirst();
  return row ? toSessionUser(row) : null;
}

/** Makes an ADMIN_EMAILS account an admin (the list may have changed since it signed up). */
export async function promoteToAdmin(db: Kysely<DB>, userId: string): Promise<void> {
  await db.updateTable('users').set({ role: 'admin' }).where('id', '=', userId).where('role', '!=', 'admin').execute();
}
