import type { Kysely } from 'kysely';
import type { TMigrationContext } from './index';

/**
 * The tournament's tab and judges (the `tournaments` feature; docs/data.md).
 * - `tournaments.publishedAt`: when a host published the results (the standings and pairings) to everyone; null
 *   until then, when only its hosts and entrants see them.
 * - `tournamentJudgeConflicts`: an entrant a judge of the pool declared a conflict with (a judge declares their
 *   own, a host any); the assignment never seats the judge in that entrant's room.
 */
export function tournamentTab(_context: TMigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('tournaments').addColumn('publishedAt', 'text').execute();
      await db.schema
        .createTable('tournamentJudgeConflicts')
        .addColumn('tournamentId', 'integer', (c) => c.notNull().references('tournaments.id').onDelete('cascade'))
        .addColumn('userId', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('entrantId', 'integer', (c) => c.notNull().references('tournamentEntrants.id').onDelete('cascade'))
        .addPrimaryKeyConstraint('tournamentJudgeConflicts_pk', ['tournamentId', 'userId', 'entrantId'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('tournamentJudgeConflicts').execute();
      await db.schema.alterTable('tournaments').dropColumn('publishedAt').execute();
    },
  };
}
