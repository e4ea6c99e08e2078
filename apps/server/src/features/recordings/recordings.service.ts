/**
 * Recordings of a round: when both debaters agree, each debater's browser records its own audio and video and
 * uploads it in chunks as the round goes (each chunk a part in the blob store, a recording at most RECORDING_MAX_MB);
 * the round's debaters and judges (each judge of a panel) play them back in the replay. Either debater may delete them;
 * all are deleted after
 * the retention period.
 */
import { Readable } from 'node:stream';
import {
  debatersOf,
  judgesOf,
  REALTIME_ROOMS,
  recordingConsentRefusal,
  recordingDeleteRefusal,
  recordingStartRefusal,
  recordingViewRefusal,
  teamSideOf,
  type TRecording,
  type TSessionUser,
} from '@resolved/shared';
import { nowIso } from '../../db/database';
import type { TBlobStore } from '../../lib/blob-store/blob-store';
import { parseByteRange, sliceBytes, type TByteRange } from '../../lib/byte-range';
import { AppError, rangeNotSatisfiableError, refuse } from '../../lib/errors';
import type { TDebatesDeps } from '../../context';
import { emitDebateUpdated, setRecordConsent } from '../debates/debates.service';
import { debaterSeatsOf, requireDebate, roundSeatsOf, teamSeatsOfRow } from '../debates/round-row';
import * as repo from './recordings.repository';
import { indexWebm, type TWebmIndex } from './webm-index';

/** A chunk is a second or two of video: far below this. */
export const RECORDING_CHUNK_MAX_BYTES = 8 * 1024 * 1024;
const MIME_TYPES = /^(video|audio)\/(webm|mp4)(;[\w=.,\s-]*)?$/i;

/** What recordings need besides the debates: the store of their bytes and the most one recording may hold. */
export type TRecordingsDeps = TDebatesDeps & { blobs: TBlobStore; maxBytes: number };
type TStoreDeps = TDebatesDeps & { blobs: TBlobStore };

const db = (deps: Pick<TDebatesDeps, 'database'>) => deps.database.db;

export async function setConsent(deps: TDebatesDeps, user: TSessionUser, debateId: number, agree: boolean) {
  const row = await requireDebate(deps, debateId);
  // Only a debater of a live round (any seat of any side), each for themselves.
  refuse(recordingConsentRefusal(user, await roundSeatsOf(deps, row)));
  await setRecordConsent(deps, debateId, user.id, agree);
  return emitDebateUpdated(deps, debateId);
}

/** A debater's browser starts its recording (every debater, partners too, must have agreed; the round be live). */
export async function startRecording(deps: TDebatesDeps, user: TSessionUser, debateId: number, mimeType: string) {
  const row = await requireDebate(deps, debateId);
  const seats = await debaterSeatsOf(deps, row);
  const consent = seats.map((s) => s.recordConsent === 1);
  refuse(recordingStartRefusal(user, { ...(await roundSeatsOf(deps, row)), consent }));
  if (!MIME_TYPES.test(mimeType)) throw new AppError('unsupported_media_type', 'Record as WebM or MP4 video or audio.');
  const id = await repo.insertRecording(db(deps), { debateId, userId: user.id, mimeType, startedAt: nowIso() });
  return { id };
}

/**
 * The next chunk of one's own recording, in order (a chunk already stored is not stored twice). A chunk over
 * RECORDING_CHUNK_MAX_BYTES, or one that would take the recording past its limit, is refused (413) as soon as its
 * bytes (or its Content-Length, `declaredBytes`) show it.
 */
export async function appendChunk(
  deps: TRecordingsDeps,
  user: TSessionUser,
  input: {
    debateId: number;
    recordingId: number;
    seq: number;
    body: AsyncIterable<Buffer | string>;
    declaredBytes?: number | null;
  },
): Promise<{ size: number }> {
  const recording = await repo.findRecording(db(deps), input.debateId, input.recordingId);
  if (!recording || recording.userId !== user.id) throw new AppError('forbidden', 'That is not your recording.');
  if (input.seq !== Number(recording.chunks)) {
    throw new AppError('conflict', `Send chunk ${Number(recording.chunks)} next.`);
  }
  const before = Number(recording.size);
  const check = (size: number) => {
    if (size > RECORDING_CHUNK_MAX_BYTES) throw new AppError('payload_too_large', 'A recording chunk is too large.');
    if (before + size > deps.maxBytes) {
      throw new AppError(
        'payload_too_large',
        `A recording can be at most ${Math.round(deps.maxBytes / (1024 * 1024))} MB; this one is full.`,
      );
    }
  };
  if (input.declaredBytes != null) check(input.declaredBytes);
  const parts: Buffer[] = [];
  let size = 0;
  for await (const part of input.body) {
    const chunk = typeof part === 'string' ? Buffer.from(part) : part;
    size += chunk.length;
    check(size);
    parts.push(chunk);
  }
  if (size === 0) throw new AppError('validation_failed', 'That chunk is empty.');
  // The part first, then the count: a part stored without its count is stored again (replaced) by the retry. The
  // part's size goes with the count, so a counted part always has its size (for byte ranges).
  await deps.blobs.putRecordingPart(input.recordingId, input.seq, Buffer.concat(parts, size));
  const isCounted = await repo.countPart(db(deps), {
    recordingId: input.recordingId,
    seq: input.seq,
    size,
    totalSize: before + size,
  });
  if (!isCounted) {
    const isGone = !(await repo.recordingExists(db(deps), input.recordingId));
    if (isGone) {
      // Deleted while this chunk was on its way (a debater deleted the recordings): its part must not stay behind.
      await deps.blobs.deleteRecordings([input.recordingId]);
      throw new AppError('not_found', 'This recording was deleted.');
    }
    throw new AppError('conflict', `Chunk ${input.seq} is already stored.`);
  }
  return { size: before + size };
}

async function requireViewer(deps: TDebatesDeps, user: TSessionUser, debateId: number) {
  const row = await requireDebate(deps, debateId);
  // Every judge of a panel watches them as the chair does.
  refuse(recordingViewRefusal(user, await roundSeatsOf(deps, row)));
  return row;
}

export async function listRecordings(deps: TDebatesDeps, user: TSessionUser, debateId: number): Promise<TRecording[]> {
  await requireViewer(deps, user, debateId);
  const rows = await repo.listRecordingsOfDebate(db(deps), debateId);
  return rows.map((r) => ({
    id: Number(r.id),
    debateId: Number(r.debateId),
    userId: r.userId,
    displayName: r.displayName ?? 'Former user',
    mimeType: r.mimeType,
    size: Number(r.size),
    startedAt: r.startedAt,
  }));
}

/**
 * Where each counted part of a recording starts (and, last, where the recording ends), from the part sizes stored
 * with them; null for a recording from before those were stored (migration 0024), which is served whole.
 */
async function partOffsets(deps: TStoreDeps, recordingId: number, parts: number, size: number) {
  const rows = await repo.listPartSizes(db(deps), recordingId, parts);
  if (rows.length !== parts) return null;
  const offsets = [0];
  for (const row of rows) offsets.push(offsets[offsets.length - 1]! + Number(row.size));
  return offsets[parts] === size ? offsets : null;
}

type TRecordingRow = { id: number; mimeType: string; chunks: number };

/** Index builds under way on this instance, per database and recording (each recording is read once at a time). */
const indexing = new WeakMap<object, Map<string, Promise<TWebmIndex | null>>>();

/**
 * The seekable header of a WebM recording (`webm-index.ts`), built the first time the recording is asked for with its
 * current parts and kept (migration 0026); built again only if more parts arrive later. Null for another format, or
 * bytes that are not a WebM it can read (those are served as stored).
 */
async function recordingIndex(deps: TStoreDeps, recording: TRecordingRow): Promise<TWebmIndex | null> {
  if (!/^(video|audio)\/webm\b/i.test(recording.mimeType)) return null;
  const [id, chunks] = [Number(recording.id), Number(recording.chunks)];
  const stored = await repo.findRecordingIndex(db(deps), id);
  if (stored && Number(stored.chunks) === chunks) {
    return stored.header && stored.metadataSize !== null && stored.durationMs !== null
      ? {
          header: Buffer.from(stored.header),
          metadataSize: Number(stored.metadataSize),
          durationMs: Number(stored.durationMs),
        }
      : null;
  }
  let builds = indexing.get(deps.database);
  if (!builds) indexing.set(deps.database, (builds = new Map()));
  const key = `${id}:${chunks}`;
  let build = builds.get(key);
  if (!build) {
    build = (async () => {
      const index = await indexWebm(await deps.blobs.openRecording(id, 0, chunks));
      const values = {
        chunks,
        durationMs: index?.durationMs ?? null,
        metadataSize: index?.metadataSize ?? null,
        header: index?.header ?? null,
      };
      await repo.saveRecordingIndex(db(deps), id, values);
      return index;
    })().finally(() => builds.delete(key));
    builds.set(key, build);
  }
  return build;
}

/**
 * A recording's bytes for one of the round's people: all of them, or the one byte range `rangeHeader` asks for
 * (`range` is then set), reading only the parts that hold it. A WebM recording is served seekable: its index's header
 * (with the real duration and cues) in place of the header MediaRecorder wrote, then the stored bytes after it; `size`
 * and ranges count in that file. A range past the end is a 416; a recording from before part sizes were stored
 * (`isRangeable` false) ignores ranges and is sent whole, as stored.
 */
export async function openRecording(
  deps: TStoreDeps,
  user: TSessionUser,
  debateId: number,
  recordingId: number,
  rangeHeader?: string,
): Promise<{ mimeType: string; size: number; stream: Readable; isRangeable: boolean; range: TByteRange | null }> {
  const row = await requireViewer(deps, user, debateId);
  const recording = await repo.findRecording(db(deps), debateId, recordingId);
  if (!recording || Number(recording.chunks) === 0) throw new AppError('not_found', 'That recording does not exist.');
  // While the round runs, a debater's recording is their own side's: it may hold what their team said in a prep
  // huddle (a browser records no voice while huddled; this holds against one that does). The rest watch it after.
  if (row.status === 'live') {
    const seats = await teamSeatsOfRow(deps, row);
    const authorSide = recording.userId === null ? null : teamSideOf(recording.userId, seats);
    if (authorSide !== null && teamSideOf(user.id, seats) !== authorSide) {
      throw new AppError('forbidden', 'The other side’s recordings open once the round is over.');
    }
  }
  const [mimeType, parts, size] = [recording.mimeType.split(';')[0]!, Number(recording.chunks), Number(recording.size)];
  const offsets = await partOffsets(deps, recordingId, parts, size);
  if (!offsets) {
    const stream = await deps.blobs.openRecording(recordingId, 0, parts);
    return { mimeType, size, stream, isRangeable: false, range: null };
  }
  const index = await recordingIndex(deps, { id: recordingId, mimeType: recording.mimeType, chunks: parts });
  const header = index && index.metadataSize < size ? index.header : Buffer.alloc(0);
  const skipped = header.length > 0 ? index!.metadataSize : 0;
  const servedSize = header.length + size - skipped;
  const range = parseByteRange(rangeHeader, servedSize);
  if (range === 'unsatisfiable') throw rangeNotSatisfiableError(servedSize);
  const { start, end } = range ?? { start: 0, end: servedSize - 1 };
  // The part holding a stored byte: the last one starting at or before it.
  const partAt = (byte: number) => {
    let seq = 0;
    while (seq + 1 < parts && offsets[seq + 1]! <= byte) seq++;
    return seq;
  };
  /** Stored bytes `from` to `to` (both included), from only the parts that hold them. */
  async function* storedBytes(from: number, to: number) {
    if (to < from) return;
    const [first, last] = [partAt(from), partAt(to)];
    yield* sliceBytes(
      await deps.blobs.openRecording(recordingId, first, last + 1),
      from - offsets![first]!,
      to - from + 1,
    );
  }
  async function* served() {
    if (start < header.length) yield header.subarray(start, Math.min(end + 1, header.length));
    if (end >= header.length)
      yield* storedBytes(Math.max(start, header.length) - header.length + skipped, end - header.length + skipped);
  }
  return { mimeType, size: servedSize, stream: Readable.from(served()), isRangeable: true, range };
}

/** Deletes recordings: their stored parts first, then their rows (so no part outlives the row that points to it). */
async function deleteByIds(deps: TStoreDeps, ids: number[]): Promise<number> {
  if (ids.length === 0) return 0;
  await deps.blobs.deleteRecordings(ids);
  await repo.deleteRecordingRows(db(deps), ids);
  return ids.length;
}

/**
 * Either debater deletes the round's recordings (both sides'). Those who may play them (the debaters and the judges)
 * are told in their own rooms, wherever they are (a replay page does not join the round's room).
 */
export async function deleteRecordings(deps: TStoreDeps, user: TSessionUser, debateId: number): Promise<number> {
  const row = await requireDebate(deps, debateId);
  const seats = await roundSeatsOf(deps, row);
  refuse(recordingDeleteRefusal(user, seats));
  const deleted = await deleteByIds(deps, await repo.listRecordingIdsOfDebate(db(deps), debateId));
  for (const userId of [...debatersOf(seats), ...judgesOf(seats)]) {
    deps.events.emit({ name: 'debate.recordings_deleted', room: REALTIME_ROOMS.user(userId), payload: { debateId } });
  }
  return deleted;
}

/** What an account's deletion takes out of the store (`listRecordingIdsOfDebater`), read before the account goes. */
export async function recordingIdsOfDebater(deps: Pick<TStoreDeps, 'database'>, userId: string): Promise<number[]> {
  return repo.listRecordingIdsOfDebater(db(deps), userId);
}

/** Deletes every recording older than the retention period; returns how many went. */
export async function purgeExpiredRecordings(deps: TStoreDeps, retentionDays: number, nowMs = Date.now()) {
  const cutoff = new Date(nowMs - retentionDays * 24 * 60 * 60 * 1000).toISOString();
  return deleteByIds(deps, await repo.listRecordingIdsStartedBefore(db(deps), cutoff));
}

/** A round's recordings as a child-safety report copies them: each with a reader of all its parts. */
export async function recordingsForReport(deps: Pick<TStoreDeps, 'database' | 'blobs'>, debateId: number) {
  const rows = await repo.listStoredRecordingsOfDebate(db(deps), debateId);
  return rows.map((row) => ({
    id: Number(row.id),
    userId: row.userId,
    mimeType: row.mimeType,
    size: Number(row.size),
    open: () => deps.blobs.openRecording(Number(row.id), 0, Number(row.chunks)),
  }));
}
