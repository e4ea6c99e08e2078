import type { Kysely } from 'kysely';
import type { TMigrationContext } from './index';

/**
 * A British Parliamentary room's ranked ballot (issue 41; the results feature):
 * - `bpBallots`: one per judged room, the judge (the chair for a panel) who gave it, whether it is a low-point win the
 *   judge confirmed, and the reason for decision;
 * - `bpTeamResults`: one row per team of the room (`og`, `oo`, `cg`, `co`): its place (1–4), team points (3/2/1/0) and
 *   its two speakers' points together, in tenths as every ballot's.
 * - `bpSpeakerPoints`: each of the eight speakers' points (tenths) with their team and position. Kept apart from
 *   `ballotDebaterPoints`: BP's 50–100 scale never mixes into a debater's average of the other formats' points.
 */
export function bpBallots(_context: TMigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('bpBallots')
        .addColumn('debateId', 'integer', (c) => c.primaryKey().references('debates.id').onDelete('cascade'))
        .addColumn('judgeId', 'text', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('isLowPointWin', 'integer', (c) => c.notNull())
        .addColumn('reason', 'text', (c) => c.notNull())
        .addColumn('createdAt', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('bpTeamResults')
        .addColumn('debateId', 'integer', (c) => c.notNull().references('debates.id').onDelete('cascade'))
        .addColumn('team', 'text', (c) => c.notNull())
        .addColumn('rank', 'integer', (c) => c.notNull())
        .addColumn('teamPoints', 'integer', (c) => c.notNull())
        .addColumn('speakerPoints', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('bpTeamResults_pk', ['debateId', 'team'])
        .addUniqueConstraint('bpTeamResults_rank', ['debateId', 'rank'])
        .execute();
      await db.schema
        .createTable('bpSpeakerPoints')
        .addColumn('debateId', 'integer', (c) => c.notNull().references('debates.id').onDelete('cascade'))
        .addColumn('userId', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('team', 'text', (c) => c.notNull())
        .addColumn('position', 'text', (c) => c.notNull())
        .addColumn('points', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('bpSpeakerPoints_pk', ['debateId', 'userId'])
        .execute();
      await db.schema
        .createIndex('bpSpeakerPoints_user')
        .on('bpSpeakerPoints')
        .columns(['userId', 'debateId'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('bpSpeakerPoints').execute();
      await db.schema.dropTable('bpTeamResults').execute();
      await db.schema.dropTable('bpBallots').execute();
    },
  };
}
