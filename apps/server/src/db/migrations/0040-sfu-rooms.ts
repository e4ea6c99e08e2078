import type { Kysely } from 'kysely';
import type { TMigrationContext } from './index';

/**
 * The media server's room of each round (features/sfu): one row per round, inserted by the first instance that needs
 * the room (the one whose insert wins creates it in Janus), ready once created, destroyed after the round. The Janus
 * room id is random (up to 2^53 - 1, a bigint on PostgreSQL).
 */
export function sfuRooms(context: TMigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('sfuRooms')
        .addColumn('debateId', 'integer', (c) => c.primaryKey().references('debates.id').onDelete('cascade'))
        .addColumn('janusRoomId', context.engine === 'postgres' ? 'bigint' : 'integer', (c) => c.notNull())
        .addColumn('claimedAt', 'text', (c) => c.notNull())
        .addColumn('readyAt', 'text')
        .addColumn('destroyedAt', 'text')
        .execute();
      // The sweep reads the rooms not destroyed yet.
      await db.schema.createIndex('sfuRooms_open').on('sfuRooms').column('destroyedAt').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('sfuRooms').execute();
    },
  };
}
