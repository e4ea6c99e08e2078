import type { Kysely } from 'kysely';

/** Flow sheets: each debater's and the judge's own notes for a round, one column per speech. */
export function flows() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('debateFlows')
        .addColumn('debateId', 'integer', (c) => c.notNull().references('debates.id').onDelete('cascade'))
        .addColumn('userId', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('cells', 'text', (c) => c.notNull())
        .addColumn('updatedAt', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('debateFlows_pk', ['debateId', 'userId'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('debateFlows').execute();
    },
  };
}
