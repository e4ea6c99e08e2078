import type { Kysely } from 'kysely';
import type { TMigrationContext } from './index';

/** Every score change an admin makes: who, when, old → new, and why. Append only. */
export function scoreLedger({ id }: TMigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('scoreLedger')
        .addColumn('id', id.type, id.build)
        .addColumn('userId', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('changedBy', 'text', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('oldScore', 'integer', (c) => c.notNull())
        .addColumn('newScore', 'integer', (c) => c.notNull())
        .addColumn('reason', 'text', (c) => c.notNull())
        .addColumn('createdAt', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('score_ledger_user_idx').on('scoreLedger').columns(['userId', 'id']).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('scoreLedger').execute();
    },
  };
}
