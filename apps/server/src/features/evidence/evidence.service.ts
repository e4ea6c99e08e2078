/**
 * Evidence in a round: files streamed into the database in chunks (an upload never holds more than one chunk in
 * memory), their type taken from their bytes; text and links; shown live to the round and, if its debaters allow,
 * to spectators. Served only as attachments, never rendered.
 */
import { Readable } from 'node:stream';
import {
  canSeeEvidence,
  canShareEvidence,
  cleanEvidenceName,
  EVIDENCE_PER_ROUND,
  EVIDENCE_TYPE_ERROR,
  REALTIME_ROOMS,
  sniffEvidenceType,
  type TEvidence,
  type TEvidenceNote,
  type TSessionUser,
} from '@resolved/shared';
import { nowIso } from '../../db/database';
import { AppError } from '../../lib/errors';
import { emitDebateUpdated, requireDebate, seatsOfRow, type TDebatesDeps } from '../debates/debate-view';
import type { TDebateRow } from '../debates/debates.repository';
import * as repo from './evidence.repository';

/** Bytes per stored chunk: what an upload holds in memory at most (plus the socket's own small buffers). */
export const EVIDENCE_CHUNK_BYTES = 256 * 1024;
/** Bytes read before deciding what a file is. */
const SNIFF_BYTES = 4096;

type TEvidenceDeps = TDebatesDeps & { maxBytes: number };

const db = (deps: TDebatesDeps) => deps.database.db;
const isPublic = (row: TDebateRow) => Number(row.evidencePublic) === 1;

async function requireSharer(deps: TDebatesDeps, user: TSessionUser, debateId: number): Promise<TDebateRow> {
  const row = await requireDebate(deps, debateId);
  if (!canShareEvidence(user, seatsOfRow(row))) {
    throw new AppError(
      'forbidden',
      'Only the debaters and the judge share evidence, while the round is on.',
      undefined,
      'not_in_round',
    );
  }
  if ((await repo.countEvidence(db(deps), debateId)) >= EVIDENCE_PER_ROUND) {
    throw new AppError('conflict', `A round holds at most ${EVIDENCE_PER_ROUND} pieces of evidence.`);
  }
  return row;
}

async function requireViewer(deps: TDebatesDeps, user: TSessionUser, debateId: number): Promise<TDebateRow> {
  const row = await requireDebate(deps, debateId);
  if (!canSeeEvidence(user, seatsOfRow(row), isPublic(row))) {
    throw new AppError('forbidden', 'The debaters have not shared this round’s evidence with spectators.');
  }
  return row;
}

function toEvidence(row: Awaited<ReturnType<typeof repo.listEvidence>>[number]): TEvidence {
  return {
    id: Number(row.id),
    debateId: Number(row.debateId),
    kind: row.kind,
    name: row.name,
    contentType: row.contentType,
    size: Number(row.size),
    text: row.text,
    sharedBy: row.userId ? { userId: row.userId, displayName: row.displayName ?? 'Former user' } : null,
    createdAt: row.createdAt,
  };
}

/** Tells the round (its debaters and judge; the room too when spectators may see evidence) about new evidence. */
async function announce(deps: TDebatesDeps, row: TDebateRow, evidenceId: number): Promise<TEvidence> {
  const item = (await repo.listEvidence(db(deps), Number(row.id))).find((e) => Number(e.id) === evidenceId)!;
  const evidence = toEvidence(item);
  const payload = { debateId: Number(row.id), evidence };
  if (isPublic(row)) {
    deps.events.emit({ name: 'debate.evidence_added', room: REALTIME_ROOMS.debate(String(row.id)), payload });
  } else {
    for (const userId of [row.debaterAId, row.debaterBId, row.judgeId]) {
      if (userId) deps.events.emit({ name: 'debate.evidence_added', room: REALTIME_ROOMS.user(userId), payload });
    }
  }
  return evidence;
}

export async function listEvidence(deps: TDebatesDeps, user: TSessionUser, debateId: number) {
  const row = await requireViewer(deps, user, debateId);
  return { evidence: (await repo.listEvidence(db(deps), debateId)).map(toEvidence), isPublic: isPublic(row) };
}

export async function shareNote(deps: TDebatesDeps, user: TSessionUser, debateId: number, note: TEvidenceNote) {
  const row = await requireSharer(deps, user, debateId);
  const title = note.kind === 'link' ? note.text.replace(/^https?:\/\//i, '') : note.text.split('\n')[0]!;
  const id = await repo.insertEvidence(db(deps), {
    debateId,
    userId: user.id,
    kind: note.kind,
    name: title.slice(0, 80),
    contentType: null,
    text: note.text,
    isComplete: true,
    now: nowIso(),
  });
  return announce(deps, row, id);
}

/**
 * Streams an uploaded file into the database: the first bytes decide its type (refused: 415), more than the limit
 * refuses it (413), a broken upload leaves nothing behind. `declaredBytes` is the Content-Length, if any.
 */
export async function shareFile(
  deps: TEvidenceDeps,
  user: TSessionUser,
  debateId: number,
  input: { name: string; body: AsyncIterable<Buffer | string>; declaredBytes: number | null },
): Promise<TEvidence> {
  const row = await requireSharer(deps, user, debateId);
  const tooLarge = () =>
    new AppError('payload_too_large', `Files can be at most ${Math.round(deps.maxBytes / (1024 * 1024))} MB.`);
  if (input.declaredBytes !== null && input.declaredBytes > deps.maxBytes) throw tooLarge();
  const name = cleanEvidenceName(input.name);
  const id = await repo.insertEvidence(db(deps), {
    debateId,
    userId: user.id,
    kind: 'file',
    name,
    contentType: null,
    text: null,
    isComplete: false,
    now: nowIso(),
  });
  let contentType: string | null = null;
  let size = 0;
  let seq = 0;
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  /** Stores `bytes` as the next chunk (the first one also decides the file's type). */
  const store = async (bytes: Buffer) => {
    if (contentType === null) {
      contentType = sniffEvidenceType(bytes.subarray(0, SNIFF_BYTES), name);
      if (contentType === null) throw new AppError('unsupported_media_type', EVIDENCE_TYPE_ERROR);
    }
    await repo.insertChunk(db(deps), id, seq++, bytes);
  };
  /** Stores whole chunks of what has arrived; with `isLast`, the rest too. */
  const flush = async (isLast: boolean) => {
    if (pendingBytes === 0) return;
    let data = Buffer.concat(pending, pendingBytes);
    while (data.length >= EVIDENCE_CHUNK_BYTES || (isLast && data.length > 0)) {
      await store(Buffer.from(data.subarray(0, EVIDENCE_CHUNK_BYTES)));
      data = data.subarray(Math.min(EVIDENCE_CHUNK_BYTES, data.length));
    }
    pending = data.length > 0 ? [data] : [];
    pendingBytes = data.length;
  };
  try {
    for await (const part of input.body) {
      const chunk = typeof part === 'string' ? Buffer.from(part) : part;
      size += chunk.length;
      if (size > deps.maxBytes) {
        // Read (and drop) what is still coming, up to the limit again, so the sender gets the 413 rather than a
        // connection cut mid-upload; past that, the upload is cut.
        if (size > 2 * deps.maxBytes) throw tooLarge();
        continue;
      }
      pending.push(chunk);
      pendingBytes += chunk.length;
      if (pendingBytes >= EVIDENCE_CHUNK_BYTES) await flush(false);
    }
    if (size > deps.maxBytes) throw tooLarge();
    await flush(true);
    if (contentType === null) throw new AppError('validation_failed', 'That file is empty.');
    await repo.completeFile(db(deps), id, contentType, size);
  } catch (error) {
    await repo.deleteEvidence(db(deps), id).catch(() => undefined);
    throw error;
  }
  return announce(deps, row, id);
}

/** A file to download: its name, type, size and a stream of its bytes read chunk by chunk. */
export async function openFile(deps: TDebatesDeps, user: TSessionUser, debateId: number, evidenceId: number) {
  await requireViewer(deps, user, debateId);
  const item = await repo.findEvidence(db(deps), debateId, evidenceId);
  if (!item || item.kind !== 'file' || !item.contentType) throw new AppError('not_found', 'That file does not exist.');
  const database = db(deps);
  async function* chunks() {
    for (let seq = 0; ; seq++) {
      const data = await repo.findChunk(database, evidenceId, seq);
      if (!data) return;
      yield data;
    }
  }
  return { name: item.name, contentType: item.contentType, size: Number(item.size), stream: Readable.from(chunks()) };
}

/** The debaters let spectators see the round's evidence (or stop). */
export async function setVisibility(deps: TDebatesDeps, user: TSessionUser, debateId: number, makePublic: boolean) {
  const row = await requireDebate(deps, debateId);
  if (row.debaterAId !== user.id && row.debaterBId !== user.id) {
    throw new AppError('forbidden', 'Only the debaters decide whether spectators see the evidence.');
  }
  await repo.setEvidencePublic(db(deps), debateId, makePublic);
  return emitDebateUpdated(deps, debateId);
}
