import type { Kysely } from 'kysely';
import type { TMigrationContext } from './index';

/**
 * Every snapshot of a round that the server publishes (`debate.updated`, and the HTTP answer of the change
 * that caused it) carries the round's revision, counted up as the snapshot is read, so a client keeps the newest one
 * whatever order answers and events arrive in. Recordings get an index (migration of the same issue): the seekable
 * WebM header built for a recording once, with its real duration and cues, and how many parts it covers.
 */
export function roundRevisions({ engine }: TMigrationContext) {
  const bytes = engine === 'postgres' ? 'bytea' : 'blob';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('debates')
        .addColumn('revision', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createTable('debateRecordingIndexes')
        .addColumn('recordingId', 'integer', (c) =>
          c.primaryKey().references('debateRecordings.id').onDelete('cascade'),
        )
        .addColumn('chunks', 'integer', (c) => c.notNull())
        .addColumn('durationMs', 'integer')
        .addColumn('metadataSize', 'integer')
        .addColumn('header', bytes)
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('debateRecordingIndexes').execute();
      await db.schema.alterTable('debates').dropColumn('revision').execute();
    },
  };
}
