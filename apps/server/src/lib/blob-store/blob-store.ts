/**
 * Where the bytes of evidence files and recordings live: in the database (the default, on SQLite and PostgreSQL
 * alike) or in an S3 bucket (S3_URL). Either way every instance reads every file, and what a file is (its name,
 * sniffed type, size, owner, round) stays in the database's own tables; only the bytes move.
 *
 * An evidence file is one blob, written as it streams in. A recording is a row of parts, one per chunk the browser
 * uploads, read back one after another.
 */
import type { Readable } from 'node:stream';
import type { TBlobStoreConfig } from '../../config';
import type { TDatabase } from '../../db/database';
import { createDatabaseBlobStore } from './database-blob-store';
import { createS3BlobStore } from './s3-blob-store';

export interface TBlobStore {
  readonly kind: TBlobStoreConfig['kind'];
  /**
   * Stores an evidence file as `body` yields it, holding a bounded piece in memory (never the whole file). If `body`
   * throws, rejects with that error; the caller then deletes what may have been stored.
   */
  putFile(evidenceId: number, body: AsyncIterable<Buffer>): Promise<void>;
  /** A stored file's bytes, streamed. */
  openFile(evidenceId: number): Promise<Readable>;
  /** Deletes files (none stored is fine). */
  deleteFiles(evidenceIds: number[]): Promise<void>;
  /** Stores part `seq` of a recording (storing the same part again replaces it). */
  putRecordingPart(recordingId: number, seq: number, data: Buffer): Promise<void>;
  /** Parts `from` … `to`-1 of a recording, streamed one after another (only those are read). */
  openRecording(recordingId: number, from: number, to: number): Promise<Readable>;
  /** Deletes every stored part of these recordings. */
  deleteRecordings(recordingIds: number[]): Promise<void>;
  close(): Promise<void>;
}

export function createBlobStore(config: TBlobStoreConfig, database: TDatabase): TBlobStore {
  return config.kind === 's3' ? createS3BlobStore(config) : createDatabaseBlobStore(database);
}
