import type { Kysely } from 'kysely';
import type { TMigrationContext } from './index';

export function initial({ id }: TMigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('topics')
        .addColumn('id', id.type, id.build)
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('date', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('isCurrent', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('createdBy', 'text')
        .addColumn('createdAt', 'text', (c) => c.notNull())
        .addColumn('updatedAt', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('topics_is_current').on('topics').column('isCurrent').execute();

      await db.schema
        .createTable('rooms')
        .addColumn('id', id.type, id.build)
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('zoomLink', 'text', (c) => c.notNull())
        .addColumn('isFixed', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('createdBy', 'text')
        .addColumn('createdAt', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('contactRequests')
        .addColumn('id', id.type, id.build)
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('message', 'text', (c) => c.notNull())
        .addColumn('userId', 'text')
        .addColumn('createdAt', 'text', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('contactRequests').execute();
      await db.schema.dropTable('rooms').execute();
      await db.schema.dropTable('topics').execute();
    },
  };
}
