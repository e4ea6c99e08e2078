import type { Kysely } from 'kysely';
import type { TMigrationContext } from './index';

/**
 * Private replays: a finished round's replay is public to signed-in users unless one of its debaters
 * keeps it private (then only the round's debaters and judge, and for a practice round its team, see it).
 */
export function privateReplays(_context: TMigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('debates')
        .addColumn('replayPrivate', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('debates').dropColumn('replayPrivate').execute();
    },
  };
}
