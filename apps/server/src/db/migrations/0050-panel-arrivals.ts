import type { Kysely } from 'kysely';
import type { TMigrationContext } from './index';

/**
 * A panel judge's arrival (the rounds feature; docs/data.md).
 * - `debatePanelJudges.joinedAt`: when the judge in that seat first opened the round's room (null: not yet), as
 *   `debates.judgeJoinedAt` is for the chair; a tournament's grace period gives an absent judge's seat to a standby.
 */
export function panelArrivals(_context: TMigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('debatePanelJudges').addColumn('joinedAt', 'text').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('debatePanelJudges').dropColumn('joinedAt').execute();
    },
  };
}
