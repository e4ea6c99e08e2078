import type { Kysely } from 'kysely';
import type { TMigrationContext } from './index';

/** Every clock command of a round, in order: the replay's speech timeline. */
export function clockEvents({ id }: TMigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('debateClockEvents')
        .addColumn('id', id.type, id.build)
        .addColumn('debateId', 'integer', (c) => c.notNull().references('debates.id').onDelete('cascade'))
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('phase', 'text', (c) => c.notNull())
        .addColumn('speechIndex', 'integer', (c) => c.notNull())
        .addColumn('at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('debateClockEvents_debate')
        .on('debateClockEvents')
        .columns(['debateId', 'id'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('debateClockEvents').execute();
    },
  };
}
