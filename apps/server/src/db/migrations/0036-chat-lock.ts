import type { Kysely } from 'kysely';
import type { TMigrationContext } from './index';

/**
 * The community chat's lock: one row (id 1) holding the admin's switch "only established accounts
 * may post", when it last changed and by whom. Read at every community chat send, so every instance acts on the
 * committed value; starts off.
 */
export function chatLock(_context: TMigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('chatSettings')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('isLocked', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('changedAt', 'text')
        .addColumn('changedBy', 'text')
        .execute();
      await (db as Kysely<{ chatSettings: { id: number; isLocked: number } }>)
        .insertInto('chatSettings')
        .values({ id: 1, isLocked: 0 })
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('chatSettings').execute();
    },
  };
}
