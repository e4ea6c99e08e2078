import type { Kysely } from 'kysely';

/**
 * Fixed-window counters for the sign-in and sign-up limits (per IP address and per e-mail), in the database so
 * that every instance counts against the same limit: behind a load balancer, per-instance counters would give a
 * password guesser one allowance per instance.
 */
export function rateLimits() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('rateLimits')
        .addColumn('key', 'text', (c) => c.notNull().primaryKey())
        .addColumn('count', 'integer', (c) => c.notNull())
        // Milliseconds since the epoch.
        .addColumn('resetAt', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('rate_limits_reset_at').on('rateLimits').column('resetAt').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('rateLimits').execute();
    },
  };
}
