import type { Kysely } from 'kysely';
import type { TMigrationContext } from './index';

/**
 * Recordings: when both debaters agree, each browser records its own audio and video and uploads it in
 * chunks during the round; kept in the database like evidence, deleted by either debater or after the retention.
 */
export function recordings({ id, engine }: TMigrationContext) {
  const bytes = engine === 'postgres' ? 'bytea' : 'blob';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('debates')
        .addColumn('recordConsentA', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .alterTable('debates')
        .addColumn('recordConsentB', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createTable('debateRecordings')
        .addColumn('id', id.type, id.build)
        .addColumn('debateId', 'integer', (c) => c.notNull().references('debates.id').onDelete('cascade'))
        .addColumn('userId', 'text', (c) => c.references('users.id').onDelete('cascade'))
        .addColumn('mimeType', 'text', (c) => c.notNull())
        .addColumn('size', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('chunks', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('startedAt', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('debateRecordings_debate').on('debateRecordings').columns(['debateId']).execute();
      await db.schema
        .createTable('debateRecordingChunks')
        .addColumn('recordingId', 'integer', (c) => c.notNull().references('debateRecordings.id').onDelete('cascade'))
        .addColumn('seq', 'integer', (c) => c.notNull())
        .addColumn('data', bytes, (c) => c.notNull())
        .addPrimaryKeyConstraint('debateRecordingChunks_pk', ['recordingId', 'seq'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('debateRecordingChunks').execute();
      await db.schema.dropTable('debateRecordings').execute();
      await db.schema.alterTable('debates').dropColumn('recordConsentB').execute();
      await db.schema.alterTable('debates').dropColumn('recordConsentA').execute();
    },
  };
}
