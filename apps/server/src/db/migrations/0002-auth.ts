import { sql, type Kysely } from 'kysely';
import type { TMigrationContext } from './index';

/**
 * better-auth's tables (users, sessions, accounts, verifications) with the admin plugin's fields and our
 * `score`. Columns and types are what better-auth 1.7 expects for each engine: `auth.migrations.test.ts`
 * asserts that its `getMigrations` finds nothing to create or add, so the two never drift. Its dates are
 * `date` (ISO strings) on SQLite and `timestamptz` on PostgreSQL.
 */
export function auth({ engine }: TMigrationContext) {
  const isPostgres = engine === 'postgres';
  const timestamp = isPostgres ? 'timestamptz' : 'date';
  const boolean = isPostgres ? 'boolean' : 'integer';
  const falseValue = isPostgres ? sql`false` : sql`0`;
  const now = sql`CURRENT_TIMESTAMP`;
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('users')
        .addColumn('id', 'text', (c) => c.notNull().primaryKey())
        .addColumn('displayName', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull().unique())
        .addColumn('emailVerified', boolean, (c) => c.notNull().defaultTo(falseValue))
        .addColumn('image', 'text')
        .addColumn('createdAt', timestamp, (c) => (isPostgres ? c.notNull().defaultTo(now) : c.notNull()))
        .addColumn('updatedAt', timestamp, (c) => (isPostgres ? c.notNull().defaultTo(now) : c.notNull()))
        .addColumn('role', 'text', (c) => c.notNull().defaultTo('user'))
        .addColumn('banned', boolean, (c) => c.defaultTo(falseValue))
        .addColumn('banReason', 'text')
        .addColumn('banExpires', timestamp)
        .addColumn('score', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      // The leaderboard order everywhere: score desc, earlier sign-up first, then id (spec §4).
      await db.schema
        .createIndex('users_rank_idx')
        .on('users')
        .columns(['score desc', 'createdAt asc', 'id asc'])
        .execute();
      await db.schema.createIndex('users_role_idx').on('users').column('role').execute();

      await db.schema
        .createTable('sessions')
        .addColumn('id', 'text', (c) => c.notNull().primaryKey())
        .addColumn('expiresAt', timestamp, (c) => c.notNull())
        .addColumn('token', 'text', (c) => c.notNull().unique())
        .addColumn('createdAt', timestamp, (c) => (isPostgres ? c.notNull().defaultTo(now) : c.notNull()))
        .addColumn('updatedAt', timestamp, (c) => c.notNull())
        .addColumn('ipAddress', 'text')
        .addColumn('userAgent', 'text')
        .addColumn('userId', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('impersonatedBy', 'text')
        .execute();
      await db.schema.createIndex('sessions_userId_idx').on('sessions').column('userId').execute();

      await db.schema
        .createTable('accounts')
        .addColumn('id', 'text', (c) => c.notNull().primaryKey())
        .addColumn('accountId', 'text', (c) => c.notNull())
        .addColumn('providerId', 'text', (c) => c.notNull())
        .addColumn('userId', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('accessToken', 'text')
        .addColumn('refreshToken', 'text')
        .addColumn('idToken', 'text')
        .addColumn('accessTokenExpiresAt', timestamp)
        .addColumn('refreshTokenExpiresAt', timestamp)
        .addColumn('scope', 'text')
        .addColumn('password', 'text')
        .addColumn('createdAt', timestamp, (c) => (isPostgres ? c.notNull().defaultTo(now) : c.notNull()))
        .addColumn('updatedAt', timestamp, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('accounts_userId_idx').on('accounts').column('userId').execute();

      await db.schema
        .createTable('verifications')
        .addColumn('id', 'text', (c) => c.notNull().primaryKey())
        .addColumn('identifier', 'text', (c) => c.notNull())
        .addColumn('value', 'text', (c) => c.notNull())
        .addColumn('expiresAt', timestamp, (c) => c.notNull())
        .addColumn('createdAt', timestamp, (c) => (isPostgres ? c.notNull().defaultTo(now) : c.notNull()))
        .addColumn('updatedAt', timestamp, (c) => (isPostgres ? c.notNull().defaultTo(now) : c.notNull()))
        .execute();
      await db.schema.createIndex('verifications_identifier_idx').on('verifications').column('identifier').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('verifications').execute();
      await db.schema.dropTable('accounts').execute();
      await db.schema.dropTable('sessions').execute();
      await db.schema.dropTable('users').execute();
    },
  };
}
