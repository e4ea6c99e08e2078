import type { Kysely } from 'kysely';
import type { TMigrationContext } from './index';

/**
 * A panel judge's speaker points per debater (issue 40's leftovers; the results feature): one row per judge and
 * debater of a round judged by a panel, with the optional speaker rank, as `ballotDebaterPoints` keeps the round's
 * (a single judge's, or the panel's decision: the mean of the majority's rows). The judge's own ballot row
 * (`debatePanelBallots`) keeps each side's first seat's points, for the readers that read sides.
 */
export function panelDebaterPoints(_context: TMigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('panelBallotDebaterPoints')
        .addColumn('debateId', 'integer', (c) => c.notNull().references('debates.id').onDelete('cascade'))
        .addColumn('judgeId', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('userId', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('side', 'text', (c) => c.notNull())
        /** In tenths, as the ballot's. */
        .addColumn('points', 'integer', (c) => c.notNull())
        .addColumn('rank', 'integer')
        .addPrimaryKeyConstraint('panelBallotDebaterPoints_pk', ['debateId', 'judgeId', 'userId'])
        .execute();
      await db.schema
        .createIndex('panelBallotDebaterPoints_user')
        .on('panelBallotDebaterPoints')
        .columns(['userId', 'debateId'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('panelBallotDebaterPoints').execute();
    },
  };
}
