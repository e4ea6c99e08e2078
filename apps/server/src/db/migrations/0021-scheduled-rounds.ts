import type { Kysely } from 'kysely';
import type { TMigrationContext } from './index';

/**
 * Scheduled practice rounds: a team round paired for a later start time is announced when that time
 * comes. `openNoticeDueAt` holds the start time until an instance has sent the announcement (then it is cleared, so
 * exactly one instance sends it); the index lets each instance's sweep read only the rounds still due.
 */
export function scheduledRounds(_context: TMigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('debates').addColumn('openNoticeDueAt', 'text').execute();
      await db.schema.createIndex('debates_openNoticeDueAt').on('debates').columns(['openNoticeDueAt']).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('debates_openNoticeDueAt').execute();
      await db.schema.alterTable('debates').dropColumn('openNoticeDueAt').execute();
    },
  };
}
