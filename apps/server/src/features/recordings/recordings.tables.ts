import type { Generated } from 'kysely';

/** A participant's recording of a round (migration 0020), its bytes in ordered chunks. */

export interface DebateRecordingsTable {
  id: Generated<number>;
  debateId: number;
  userId: string | null;
  mimeType: string;
  size: Generated<number>;
  chunks: Generated<number>;
  startedAt: string;
}

export interface DebateRecordingChunksTable {
  recordingId: number;
  seq: number;
  data: Buffer;
}

/** The size of each stored part of a recording (migration 0024), to find the parts a byte range covers. */

export interface DebateRecordingPartSizesTable {
  recordingId: number;
  seq: number;
  size: number;
}

/** Migration 0026: a recording's seekable WebM header (duration and cues), built once for `chunks` parts. */

export interface DebateRecordingIndexesTable {
  recordingId: number;
  chunks: number;
  /** Null when the recording is not a WebM the index could read (it is then served as stored). */
  durationMs: number | null;
  /** How many bytes at the start of the recording the header replaces. */
  metadataSize: number | null;
  header: Buffer | null;
}

export interface RecordingsTables {
  debateRecordingIndexes: DebateRecordingIndexesTable;
  debateRecordings: DebateRecordingsTable;
  debateRecordingChunks: DebateRecordingChunksTable;
  debateRecordingPartSizes: DebateRecordingPartSizesTable;
}
