import type { Kysely } from 'kysely';
import type { TMigrationContext } from './index';

/**
 * Panels of judges (the rounds and results features; docs/data.md).
 * - `debatePanelJudges`: the seats of a round judged by a panel, one row per judge (`seat` 1 is the chair, also kept
 *   in `debates.judgeId` so everything that reads the one judge still works); a round without rows has one judge.
 * - `debatePanelBallots`: each panel judge's own ballot (one per judge and round); the majority's decision is written
 *   to `debateBallots` as a single-judge round's ballot is, so records, the tab and replays read it unchanged.
 * - `tournaments.prelimJudgesPerRoom`, `tournaments.elimJudgesPerRoom`: 1 or 3 judges per room in preliminary and in
 *   elimination rounds.
 */
export function judgePanels(_context: TMigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('debatePanelJudges')
        .addColumn('debateId', 'integer', (c) => c.notNull().references('debates.id').onDelete('cascade'))
        .addColumn('userId', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('seat', 'integer', (c) => c.notNull())
        .addColumn('seatedAt', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('debatePanelJudges_pk', ['debateId', 'userId'])
        .addUniqueConstraint('debatePanelJudges_seat', ['debateId', 'seat'])
        .execute();
      await db.schema.createIndex('debatePanelJudges_user').on('debatePanelJudges').columns(['userId']).execute();
      await db.schema
        .createTable('debatePanelBallots')
        .addColumn('debateId', 'integer', (c) => c.notNull().references('debates.id').onDelete('cascade'))
        .addColumn('judgeId', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('winnerSide', 'text', (c) => c.notNull())
        // Tenths, as `debateBallots`.
        .addColumn('speakerPointsA', 'integer', (c) => c.notNull())
        .addColumn('speakerPointsB', 'integer', (c) => c.notNull())
        .addColumn('reason', 'text', (c) => c.notNull())
        .addColumn('createdAt', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('debatePanelBallots_pk', ['debateId', 'judgeId'])
        .execute();
      await db.schema
        .alterTable('tournaments')
        .addColumn('prelimJudgesPerRoom', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();
      await db.schema
        .alterTable('tournaments')
        .addColumn('elimJudgesPerRoom', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('tournaments').dropColumn('elimJudgesPerRoom').execute();
      await db.schema.alterTable('tournaments').dropColumn('prelimJudgesPerRoom').execute();
      await db.schema.dropTable('debatePanelBallots').execute();
      await db.schema.dropTable('debatePanelJudges').execute();
    },
  };
}
