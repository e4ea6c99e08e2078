/**
 * The S3 store: an evidence file is the object `<prefix>evidence/<id>`, uploaded as it streams in by a multipart
 * upload of S3_PART_BYTES parts, one at a time (so an upload holds about one part in memory, whatever the file's
 * size); part `seq` of a recording is the object `<prefix>recordings/<id>/<seq>`.
 */
import { Readable } from 'node:stream';
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { TBlobStoreConfig } from '../../config';
import type { TBlobStore } from './blob-store';

/** S3's smallest multipart part (but the last): the most an upload buffers. */
export const S3_PART_BYTES = 5 * 1024 * 1024;
/** DeleteObjects takes at most this many keys. */
const DELETE_BATCH = 1000;

export function createS3BlobStore(config: Extract<TBlobStoreConfig, { kind: 's3' }>): TBlobStore {
  const client = new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials: config.credentials,
    // Checksums only where S3 requires them: S3-compatible servers do not all know the newer checksum headers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = config.bucket;
  const fileKey = (id: number) => `${config.prefix}evidence/${id}`;
  const recordingPrefix = (id: number) => `${config.prefix}recordings/${id}/`;
  const partKey = (id: number, seq: number) => `${recordingPrefix(id)}${String(seq).padStart(6, '0')}`;

  async function getObject(Key: string): Promise<Readable> {
    const { Body } = await client.send(new GetObjectCommand({ Bucket, Key }));
    if (!(Body instanceof Readable)) throw new Error(`S3 returned no stream for ${Key}.`);
    return Body;
  }

  async function deleteKeys(keys: string[]) {
    for (let i = 0; i < keys.length; i += DELETE_BATCH) {
      const Objects = keys.slice(i, i + DELETE_BATCH).map((Key) => ({ Key }));
      const result = await client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects, Quiet: true } }));
      if (result.Errors?.length) {
        const first = result.Errors[0]!;
        throw new Error(`S3 could not delete ${first.Key}: ${first.Code ?? ''} ${first.Message ?? ''}`.trim());
      }
    }
  }

  return {
    kind: 's3',

    async putFile(evidenceId, body) {
      // The upload aborts when the body throws; answer with the body's own error (a 413 or 415), not the abort's.
      let bodyError: unknown;
      async function* watched() {
        try {
          yield* body;
        } catch (error) {
          bodyError = error;
          throw error;
        }
      }
      const upload = new Upload({
        client,
        params: { Bucket, Key: fileKey(evidenceId), Body: Readable.from(watched(), { highWaterMark: 1 }) },
        partSize: S3_PART_BYTES,
        queueSize: 1,
      });
      try {
        await upload.done();
      } catch (error) {
        throw bodyError ?? error;
      }
    },

    openFile: (evidenceId) => getObject(fileKey(evidenceId)),

    async deleteFiles(evidenceIds) {
      await deleteKeys(evidenceIds.map(fileKey));
    },

    async putRecordingPart(recordingId, seq, data) {
      await client.send(new PutObjectCommand({ Bucket, Key: partKey(recordingId, seq), Body: data }));
    },

    async openRecording(recordingId, from, to) {
      async function* chunks() {
        for (let seq = from; seq < to; seq++) yield* await getObject(partKey(recordingId, seq));
      }
      return Readable.from(chunks());
    },

    async deleteRecordings(recordingIds) {
      // Every stored part, counted or not (one may have been stored just before its count failed to update).
      for (const id of recordingIds) {
        let ContinuationToken: string | undefined;
        do {
          const page = await client.send(
            new ListObjectsV2Command({ Bucket, Prefix: recordingPrefix(id), ContinuationToken }),
          );
          await deleteKeys((page.Contents ?? []).flatMap((o) => (o.Key ? [o.Key] : [])));
          ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
        } while (ContinuationToken);
      }
    },

    async close() {
      client.destroy();
    },
  };
}
