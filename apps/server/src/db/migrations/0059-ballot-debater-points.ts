import type { Kysely } from 'kysely';
import type { TMigrationContext } from './index';

/**
 * A ballot's speaker points per debater (issue 40, item 5; the results feature): one row per debater of a judged round
 * (a side of two or three has one each), with the optional speaker rank (1–4, Public Forum and Policy). The ballot's
 * own `speakerPointsA`/`speakerPointsB` stay written with each side's first seat's points, for the readers that have
 * not moved here. Existing ballots are not copied: a one-on-one ballot's two points are its two debaters' (read so).
 */
export function ballotDebaterPoints(_context: TMigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('ballotDebaterPoints')
        .addColumn('debateId', 'integer', (c) => c.notNull().references('debates.id').onDelete('cascade'))
        .addColumn('userId', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('side', 'text', (c) => c.notNull())
        /** In tenths, as the ballot's. */
        .addColumn('points', 'integer', (c) => c.notNull())
        .addColumn('rank', 'integer')
        .addPrimaryKeyConstraint('ballotDebaterPoints_pk', ['debateId', 'userId'])
        .execute();
      await db.schema
        .createIndex('ballotDebaterPoints_user')
        .on('ballotDebaterPoints')
        .columns(['userId', 'debateId'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('ballotDebaterPoints').execute();
    },
  };
}
