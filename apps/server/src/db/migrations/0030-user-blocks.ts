import type { Kysely } from 'kysely';
import type { TMigrationContext } from './index';

/**
 * Blocks: who blocked whom, and since when. One row per pair and direction (the primary key makes
 * blocking twice a no-op); the index on the blocked user answers "who blocked me" (the sweep and the doors read both
 * directions). Deleting an account deletes its blocks either way. `debates.endedEarlyAt`: a live round ended because
 * one of the two people in it blocked the other; it ends `abandoned` (no result, no points) and says so neutrally,
 * without naming who blocked.
 */
export function userBlocks(_context: TMigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('userBlocks')
        .addColumn('blockerId', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('blockedId', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('createdAt', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('userBlocks_pk', ['blockerId', 'blockedId'])
        .execute();
      await db.schema.createIndex('userBlocks_blocked').on('userBlocks').columns(['blockedId', 'blockerId']).execute();
      await db.schema.alterTable('debates').addColumn('endedEarlyAt', 'text').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('debates').dropColumn('endedEarlyAt').execute();
      await db.schema.dropTable('userBlocks').execute();
    },
  };
}
