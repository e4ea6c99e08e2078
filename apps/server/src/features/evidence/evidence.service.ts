/**
 * Evidence in a round: files streamed into the blob store (the database in chunks, or S3 in multipart parts: an
 * upload never holds more than a bounded piece in memory), their type taken from their bytes; text and links; shown
 * live to the round and, if its debaters allow, to spectators. Served only as attachments, never rendered.
 */
import {
  cleanEvidenceName,
  evidenceShareRefusal,
  evidenceViewRefusal,
  evidenceVisibilityRefusal,
  EVIDENCE_PER_ROUND,
  EVIDENCE_TYPE_ERROR,
  REALTIME_ROOMS,
  sniffEvidenceType,
  type TEvidence,
  type TEvidenceNote,
  type TSessionUser,
  blockedPairRefusal,
  canPostInRound,
  debatersOf,
  judgesOf,
  spectatorWatchRefusal,
} from '@resolved/shared';
import { nowIso } from '../../db/database';
import type { TBlobStore } from '../../lib/blob-store/blob-store';
import { AppError, refuse } from '../../lib/errors';
import { withKeyLock } from '../../lib/key-lock';
import { reportFilterHit } from '../../lib/filter-hits';
import { screenText } from '../../lib/text-filter';
import type { TDebatesDeps } from '../../context';
import { emitDebateUpdated, isSpectatorWatchAllowed, setEvidencePublic } from '../debates/debates.service';
import { requireDebate, roundSeatsOf } from '../debates/round-row';
import type { TDebateRow } from '../debates/debates.tables';
import { isBlockedByAny } from '../blocks/blocks.service';
import { requireRoundViewer } from '../debates/round-access';
import * as repo from './evidence.repository';

/** Bytes read before deciding what a file is. */
const SNIFF_BYTES = 4096;

type TEvidenceDeps = TDebatesDeps & { blobs: TBlobStore; maxBytes: number };

const db = (deps: Pick<TDebatesDeps, 'database'>) => deps.database.db;
const isPublic = (row: TDebateRow) => Number(row.evidencePublic) === 1;

async function requireSharer(deps: TDebatesDeps, user: TSessionUser, debateId: number): Promise<TDebateRow> {
  const row = await requireDebate(deps, debateId);
  const seats = await roundSeatsOf(deps, row);
  refuse(evidenceShareRefusal(user, seats));
  // Someone another person in the round blocked shares nothing into it (a live round has ended with the block; this
  // is a judge and a debater, one blocked by the other, while the round waits for its ballot).
  const others = [...debatersOf(seats), ...judgesOf(seats)].filter((id) => id !== user.id);
  refuse(blockedPairRefusal('evidence', await isBlockedByAny(deps, others, user.id)));
  return row;
}

/**
 * Stores a piece of evidence's row within the round's cap: the count and the insert are one step per round (every
 * instance takes turns), so a burst of shares stores exactly the cap.
 */
async function insertWithinCap(deps: TDebatesDeps, values: Parameters<typeof repo.insertEvidence>[1]) {
  return withKeyLock(deps.database, `evidence.share:${values.debateId}`, async (trx) => {
    if ((await repo.countEvidence(trx, values.debateId)) >= EVIDENCE_PER_ROUND) {
      throw new AppError('conflict', `A round holds at most ${EVIDENCE_PER_ROUND} pieces of evidence.`);
    }
    return repo.insertEvidence(trx, values);
  });
}

async function requireViewer(deps: TDebatesDeps, user: TSessionUser, debateId: number): Promise<TDebateRow> {
  const row = await requireDebate(deps, debateId);
  const seats = await roundSeatsOf(deps, row);
  refuse(evidenceViewRefusal(user, seats, isPublic(row)));
  // A round with a minor: spectators see its evidence only while every debater lets them watch.
  if (!canPostInRound(user, seats)) {
    refuse(spectatorWatchRefusal(await isSpectatorWatchAllowed(deps, row)));
  }
  // Once the round is over, shared evidence goes no further than its replay (a practice round's team, a private
  // replay's own people).
  await requireRoundViewer(deps, user, row);
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

/** Tells the round (its debaters and judges; the room too when spectators may see evidence) about new evidence. */
async function announce(deps: TDebatesDeps, row: TDebateRow, evidenceId: number): Promise<TEvidence> {
  const item = (await repo.listEvidence(db(deps), Number(row.id))).find((e) => Number(e.id) === evidenceId)!;
  const evidence = toEvidence(item);
  const payload = { debateId: Number(row.id), evidence };
  // Spectators in the room see it while the round is live; after that it goes no further than the round's people
  // (who may look at a finished round is the replay's rule, which the room does not know).
  if (isPublic(row) && row.status === 'live' && (await isSpectatorWatchAllowed(deps, row))) {
    deps.events.emit({ name: 'debate.evidence_added', room: REALTIME_ROOMS.debate(String(row.id)), payload });
  } else {
    const seats = await roundSeatsOf(deps, row);
    for (const userId of [...debatersOf(seats), ...judgesOf(seats)]) {
      deps.events.emit({ name: 'debate.evidence_added', room: REALTIME_ROOMS.user(userId), payload });
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
  // The text filter: a slur is refused before anything is stored; another match is shared and filed as a case.
  const flagged = screenText({ text: note.text });
  const title = note.kind === 'link' ? note.text.replace(/^https?:\/\//i, '') : note.text.split('\n')[0]!;
  const id = await insertWithinCap(deps, {
    debateId,
    userId: user.id,
    kind: note.kind,
    name: title.slice(0, 80),
    contentType: null,
    text: note.text,
    isComplete: true,
    now: nowIso(),
  });
  if (flagged) await reportFilterHit(deps, user.id, flagged, { surface: 'evidence', debateId, evidenceId: id });
  return announce(deps, row, id);
}

/**
 * Streams an uploaded file into the blob store: the first bytes decide its type (refused: 415), more than the limit
 * refuses it (413), a broken upload leaves nothing behind. `declaredBytes` is the Content-Length, if any.
 */
export async function shareFile(
  deps: TEvidenceDeps,
  user: TSessionUser,
  debateId: number,
  input: { name: string; body: AsyncIterable<Buffer | string>; declaredBytes: number | null },
): Promise<TEvidence> {
  const row = await requireSharer(deps, user, debateId);
  const maxBytes = deps.maxBytes;
  const tooLarge = () =>
    new AppError('payload_too_large', `Files can be at most ${Math.round(maxBytes / (1024 * 1024))} MB.`);
  if (input.declaredBytes !== null && input.declaredBytes > maxBytes) throw tooLarge();
  const name = cleanEvidenceName(input.name);
  const flagged = screenText({ name });
  const id = await insertWithinCap(deps, {
    debateId,
    userId: user.id,
    kind: 'file',
    name,
    contentType: null,
    text: null,
    isComplete: false,
    now: nowIso(),
  });
  /** What the bytes have shown so far (set as they stream through `checked`). */
  const seen = { contentType: null as string | null, size: 0 };
  /** The upload's bytes as they come, once its first bytes have said what it is; throws a 413 or 415. */
  async function* checked(): AsyncGenerator<Buffer> {
    let head: Buffer[] = [];
    let headBytes = 0;
    const decide = () => {
      const bytes = Buffer.concat(head, headBytes);
      seen.contentType = sniffEvidenceType(bytes.subarray(0, SNIFF_BYTES), name);
      if (seen.contentType === null) throw new AppError('unsupported_media_type', EVIDENCE_TYPE_ERROR);
      head = [];
      return bytes;
    };
    for await (const part of input.body) {
      const chunk = typeof part === 'string' ? Buffer.from(part) : part;
      seen.size += chunk.length;
      if (seen.size > maxBytes) {
        // Read (and drop) what is still coming, up to the limit again, so the sender gets the 413 rather than a
        // connection cut mid-upload; past that, the upload is cut.
        if (seen.size > 2 * maxBytes) throw tooLarge();
        continue;
      }
      if (seen.contentType !== null) {
        yield chunk;
        continue;
      }
      head.push(chunk);
      headBytes += chunk.length;
      if (headBytes >= SNIFF_BYTES) yield decide();
    }
    if (seen.size > maxBytes) throw tooLarge();
    if (seen.contentType === null) {
      if (headBytes === 0) throw new AppError('validation_failed', 'That file is empty.');
      yield decide();
    }
  }
  try {
    await deps.blobs.putFile(id, checked());
    await repo.completeFile(db(deps), id, seen.contentType!, seen.size);
  } catch (error) {
    await deps.blobs.deleteFiles([id]).catch(() => undefined);
    await repo.deleteEvidence(db(deps), id).catch(() => undefined);
    throw error;
  }
  if (flagged) await reportFilterHit(deps, user.id, flagged, { surface: 'evidence', debateId, evidenceId: id });
  return announce(deps, row, id);
}

/** A file to download: its name, type, size and a stream of its bytes. */
export async function openFile(
  deps: TDebatesDeps & { blobs: TBlobStore },
  user: TSessionUser,
  debateId: number,
  evidenceId: number,
) {
  await requireViewer(deps, user, debateId);
  const item = await repo.findEvidence(db(deps), debateId, evidenceId);
  if (!item || item.kind !== 'file' || !item.contentType) throw new AppError('not_found', 'That file does not exist.');
  const stream = await deps.blobs.openFile(evidenceId);
  return { name: item.name, contentType: item.contentType, size: Number(item.size), stream };
}

/** Deletes the stored bytes of the files of every round `userId` debated in, before the account and its rounds go. */
/** The evidence files of every round `userId` debated (what their account's deletion takes out of the store). */
export async function fileIdsOfDebater(deps: Pick<TDebatesDeps, 'database'>, userId: string): Promise<number[]> {
  return repo.fileIdsOfDebater(db(deps), userId);
}

/** The debaters let spectators see the round's evidence (or stop). */
export async function setVisibility(deps: TDebatesDeps, user: TSessionUser, debateId: number, makePublic: boolean) {
  const row = await requireDebate(deps, debateId);
  refuse(evidenceVisibilityRefusal(user, await roundSeatsOf(deps, row)));
  await setEvidencePublic(deps, debateId, makePublic);
  return emitDebateUpdated(deps, debateId);
}

/**
 * A round's evidence as a moderation report copies it: every complete item, and for a file a reader of
 * its bytes (the case keeps its own copy, so deleting the original leaves it).
 */
export async function evidenceForReport(
  deps: Pick<TDebatesDeps, 'database'> & { blobs: TBlobStore },
  debateId: number,
) {
  const rows = await repo.listEvidence(db(deps), debateId);
  return rows.map((row) => ({
    id: Number(row.id),
    kind: row.kind,
    name: row.name,
    contentType: row.contentType,
    size: Number(row.size),
    text: row.text,
    userId: row.userId,
    displayName: row.displayName,
    open: () => deps.blobs.openFile(Number(row.id)),
  }));
}

/** A moderator's deletion of an evidence item: its bytes and row go (the room shows it on its next read). */
export async function deleteEvidenceAsModerator(
  deps: TDebatesDeps & { blobs: TBlobStore },
  debateId: number,
  evidenceId: number,
): Promise<{ userId: string | null } | null> {
  await requireDebate(deps, debateId);
  const item = await repo.findEvidence(db(deps), debateId, evidenceId);
  if (!item) return null;
  if (item.kind === 'file') await deps.blobs.deleteFiles([evidenceId]);
  await repo.deleteEvidence(db(deps), evidenceId);
  return { userId: item.userId };
}

/** The list of what the user shared, for "Download my data": names, kinds, sizes and dates, not the bytes. */
export async function evidenceOfUser(deps: Pick<TDebatesDeps, 'database'>, userId: string) {
  return repo.listEvidenceOfUser(deps.database.db, userId);
}

/**
 * Account deletion: what the user shared in rounds that outlive the account (as a judge) goes with it, rather than
 * staying unnamed (the key would set it null). The bytes of its files are deleted from the store by the caller.
 */
export async function deleteEvidenceOfUser(deps: Pick<TDebatesDeps, 'database'>, userId: string): Promise<void> {
  await repo.deleteEvidenceOfUser(deps.database.db, userId);
}
