import type { Kysely } from 'kysely';
import type { TMigrationContext } from './index';

/**
 * Behaviour limits: `playStrikes` holds each round a debater left or missed (one per round and
 * user), indexed by user and time for the "three within a day" count; `playbans` holds one row per user with a
 * strike: the cooldown's step, when it was given and until when. The queue reads only `playbans` by its primary key.
 */
export function playbans(_context: TMigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('playStrikes')
        .addColumn('userId', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('debateId', 'integer', (c) => c.notNull().references('debates.id').onDelete('cascade'))
        .addColumn('createdAt', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('playStrikes_pk', ['userId', 'debateId'])
        .execute();
      await db.schema.createIndex('playStrikes_user_time').on('playStrikes').columns(['userId', 'createdAt']).execute();
      await db.schema
        .createTable('playbans')
        .addColumn('userId', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
        .addColumn('step', 'integer', (c) => c.notNull())
        .addColumn('givenAt', 'text')
        .addColumn('until', 'text')
        .addColumn('lastStrikeAt', 'text', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('playbans').execute();
      await db.schema.dropTable('playStrikes').execute();
    },
  };
}
