import type { Kysely } from 'kysely';
import type { TMigrationContext } from './index';

/**
 * The text filter files automatic reports into the moderation queue: a report row says whether the
 * filter filed it (`isAutomatic`; no person behind it), and a case counts the filter's hits beside its score (distinct
 * people), so the queue tells a filter's case from a reported one and a person joining it still counts as one.
 */
export function textFilter(_context: TMigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('moderationReports')
        .addColumn('isAutomatic', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .alterTable('moderationCases')
        .addColumn('filterHits', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('moderationCases').dropColumn('filterHits').execute();
      await db.schema.alterTable('moderationReports').dropColumn('isAutomatic').execute();
    },
  };
}
