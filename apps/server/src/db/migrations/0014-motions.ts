import type { Kysely } from 'kysely';
import type { TMigrationContext } from './index';

/** The motion bank: resolutions per format that admins keep; rounds draw from it. */
export function motions({ id }: TMigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('motions')
        .addColumn('id', id.type, id.build)
        .addColumn('formatId', 'text', (c) => c.notNull())
        .addColumn('text', 'text', (c) => c.notNull())
        .addColumn('createdBy', 'text', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('createdAt', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('motions_format').on('motions').columns(['formatId', 'id']).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('motions').execute();
    },
  };
}
