import type { Kysely } from 'kysely';
import type { TMigrationContext } from './index';

/**
 * Evidence shared in a round: files, stored in the database in chunks (so every instance reads them and an
 * upload is written as it arrives, never held whole in memory), and text or links. `evidencePublic` on a debate:
 * its debaters let spectators see the evidence.
 */
export function evidence({ id, engine }: TMigrationContext) {
  const bytes = engine === 'postgres' ? 'bytea' : 'blob';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('debateEvidence')
        .addColumn('id', id.type, id.build)
        .addColumn('debateId', 'integer', (c) => c.notNull().references('debates.id').onDelete('cascade'))
        .addColumn('userId', 'text', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('contentType', 'text')
        .addColumn('size', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('text', 'text')
        .addColumn('isComplete', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('createdAt', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('debateEvidence_debate').on('debateEvidence').columns(['debateId', 'id']).execute();
      await db.schema
        .createTable('debateEvidenceChunks')
        .addColumn('evidenceId', 'integer', (c) => c.notNull().references('debateEvidence.id').onDelete('cascade'))
        .addColumn('seq', 'integer', (c) => c.notNull())
        .addColumn('data', bytes, (c) => c.notNull())
        .addPrimaryKeyConstraint('debateEvidenceChunks_pk', ['evidenceId', 'seq'])
        .execute();
      await db.schema
        .alterTable('debates')
        .addColumn('evidencePublic', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('debates').dropColumn('evidencePublic').execute();
      await db.schema.dropTable('debateEvidenceChunks').execute();
      await db.schema.dropTable('debateEvidence').execute();
    },
  };
}
