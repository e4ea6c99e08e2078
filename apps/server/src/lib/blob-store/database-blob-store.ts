/**
 * The database store: an evidence file in rows of at most DATABASE_CHUNK_BYTES (`debateEvidenceChunks`), a
 * recording one row per part (`debateRecordingChunks`). The only SQL over those two tables.
 */
import { Readable } from 'node:stream';
import type { TDatabase } from '../../db/database';
import type { TBlobStore } from './blob-store';

/** Bytes per stored row of a file: what an upload holds in memory at most (plus the socket's own small buffers). */
export const DATABASE_CHUNK_BYTES = 256 * 1024;

export function createDatabaseBlobStore(database: TDatabase): TBlobStore {
  const db = () => database.db;
  return {
    kind: 'database',

    async putFile(evidenceId, body) {
      let seq = 0;
      let pending: Buffer[] = [];
      let pendingBytes = 0;
      /** Stores whole chunks of what has arrived; with `isLast`, the rest too. */
      const flush = async (isLast: boolean) => {
        if (pendingBytes === 0) return;
        let data = Buffer.concat(pending, pendingBytes);
        while (data.length >= DATABASE_CHUNK_BYTES || (isLast && data.length > 0)) {
          const chunk = Buffer.from(data.subarray(0, DATABASE_CHUNK_BYTES));
          await db().insertInto('debateEvidenceChunks').values({ evidenceId, seq: seq++, data: chunk }).execute();
          data = data.subarray(chunk.length);
        }
        pending = data.length > 0 ? [data] : [];
        pendingBytes = data.length;
      };
      for await (const chunk of body) {
        pending.push(chunk);
        pendingBytes += chunk.length;
        if (pendingBytes >= DATABASE_CHUNK_BYTES) await flush(false);
      }
      await flush(true);
    },

    async openFile(evidenceId) {
      async function* chunks() {
        for (let seq = 0; ; seq++) {
          const row = await db()
            .selectFrom('debateEvidenceChunks')
            .select('data')
            .where('evidenceId', '=', evidenceId)
            .where('seq', '=', seq)
            .executeTakeFirst();
          if (!row) return;
          yield Buffer.from(row.data);
        }
      }
      return Readable.from(chunks());
    },

    async deleteFiles(evidenceIds) {
      if (evidenceIds.length === 0) return;
      await db().deleteFrom('debateEvidenceChunks').where('evidenceId', 'in', evidenceIds).execute();
    },

    async putRecordingPart(recordingId, seq, data) {
      await db()
        .insertInto('debateRecordingChunks')
        .values({ recordingId, seq, data })
        .onConflict((oc) => oc.columns(['recordingId', 'seq']).doUpdateSet({ data }))
        .execute();
    },

    async openRecording(recordingId, from, to) {
      async function* chunks() {
        for (let seq = from; seq < to; seq++) {
          const row = await db()
            .selectFrom('debateRecordingChunks')
            .select('data')
            .where('recordingId', '=', recordingId)
            .where('seq', '=', seq)
            .executeTakeFirst();
          // Deleted while it was being read: end the response as failed rather than short of its declared length.
          if (!row) throw new Error(`part ${seq} of recording ${recordingId} is gone`);
          yield Buffer.from(row.data);
        }
      }
      return Readable.from(chunks());
    },

    async deleteRecordings(recordingIds) {
      if (recordingIds.length === 0) return;
      await db().deleteFrom('debateRecordingChunks').where('recordingId', 'in', recordingIds).execute();
    },

    async close() {},
  };
}
