import type { Kysely } from 'kysely';
import type { TMigrationContext } from './index';

/**
 * The size of each part of a recording, written with the part: a seek on the replay asks for a byte range,
 * and these say which parts hold it without reading the parts before. Kept here rather than in a store, so the
 * database store and S3 answer ranges alike; recordings from before it have none and are served whole.
 */
export function recordingPartSizes(_context: TMigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('debateRecordingPartSizes')
        .addColumn('recordingId', 'integer', (c) => c.notNull().references('debateRecordings.id').onDelete('cascade'))
        .addColumn('seq', 'integer', (c) => c.notNull())
        .addColumn('size', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('debateRecordingPartSizes_pk', ['recordingId', 'seq'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('debateRecordingPartSizes').execute();
    },
  };
}
