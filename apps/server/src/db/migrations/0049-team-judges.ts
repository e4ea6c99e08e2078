import type { Kysely } from 'kysely';
import type { TMigrationContext } from './index';

/**
 * Coaches bring their team's judges (docs/data.md).
 * - `tournamentJudges.addedBy`: who put the judge in the pool (a host, or a coach of the team the judge judges for);
 *   a coach takes out only the judges they brought. Null for judges named before this migration, and when the
 *   account that added them is deleted.
 */
export function teamJudges(_context: TMigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('tournamentJudges')
        .addColumn('addedBy', 'text', (c) => c.references('users.id').onDelete('set null'))
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('tournamentJudges').dropColumn('addedBy').execute();
    },
  };
}
