import type { Kysely } from 'kysely';
import type { TMigrationContext } from './index';

/** Points of information and of order offered in a round, kept with the round for its record. */
export function pois({ id }: TMigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('debatePois')
        .addColumn('id', id.type, id.build)
        .addColumn('debateId', 'integer', (c) => c.notNull().references('debates.id').onDelete('cascade'))
        .addColumn('speechIndex', 'integer', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('offeredBy', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('offeredAt', 'text', (c) => c.notNull())
        .addColumn('answeredAt', 'text')
        .execute();
      await db.schema.createIndex('debatePois_debate').on('debatePois').columns(['debateId', 'id']).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('debatePois').execute();
    },
  };
}
