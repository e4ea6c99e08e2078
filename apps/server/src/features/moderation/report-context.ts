/**
 * What a case keeps of what was reported, copied when it is filed so that it survives edits and deletions: the chat
 * lines around a message, a round's people, chat and evidence (files copied in with their SHA-256; a child-safety
 * case keeps the recordings too), a team.
 */
import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { REPORT_LIMITS, type TContextEvidence, type TReportContext } from '@resolved/shared';
import { nowIso } from '../../db/database';
import type { TFilterWhere } from '../../lib/filter-hits';
import { messageWithNeighbours } from '../chat/chat.service';
import { roundForReport } from '../debates/debates.service';
import { evidenceForReport } from '../evidence/evidence.service';
import { recordingsForReport } from '../recordings/recordings.service';
import { teamForReport } from '../teams/teams.service';
import * as files from './case-files.repository';
import { db, type TModerationDeps } from './moderation-deps';

const FILE_CHUNK_BYTES = 256 * 1024;

interface TFileToKeep {
  kind: 'evidence' | 'recording';
  sourceId: number;
  name: string;
  contentType: string;
  open: () => Promise<Readable>;
}

/** Copies a stream into a case's kept file, hashing it as it goes. */
async function keepFile(
  deps: TModerationDeps,
  caseId: number,
  file: TFileToKeep,
): Promise<{ id: number; sha256: string; size: number }> {
  const id = await files.insertFile(db(deps), {
    caseId,
    kind: file.kind,
    sourceId: file.sourceId,
    name: file.name,
    contentType: file.contentType,
    createdAt: nowIso(),
  });
  const hash = createHash('sha256');
  let size = 0;
  let seq = 0;
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  const flush = async () => {
    if (pendingBytes === 0) return;
    await files.insertFileChunk(db(deps), id, seq, Buffer.concat(pending));
    seq += 1;
    pending = [];
    pendingBytes = 0;
  };
  for await (const chunk of await file.open()) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
    hash.update(buffer);
    size += buffer.length;
    pending.push(buffer);
    pendingBytes += buffer.length;
    if (pendingBytes >= FILE_CHUNK_BYTES) await flush();
  }
  await flush();
  const sha256 = hash.digest('hex');
  await files.completeFile(db(deps), id, size, sha256);
  return { id, sha256, size };
}

const sha256Of = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * A round's context: its people, the last lines of its chat, its evidence (files copied into the case with their
 * SHA-256) and whether it was recorded (a child-safety case keeps copies of the recordings too).
 */
export async function roundContext(
  deps: TModerationDeps,
  caseId: number,
  debateId: number,
  keepRecordings: boolean,
): Promise<NonNullable<TReportContext['round']> | null> {
  const round = await roundForReport(deps, debateId, REPORT_LIMITS.roundChatLines);
  if (!round) return null;
  const evidence: TContextEvidence[] = [];
  for (const item of await evidenceForReport(deps, debateId)) {
    const base = {
      id: item.id,
      kind: item.kind,
      name: item.name,
      userId: item.userId,
      displayName: item.displayName,
      text: item.text,
    };
    if (item.kind === 'file') {
      const kept = await keepFile(deps, caseId, {
        kind: 'evidence',
        sourceId: item.id,
        name: item.name,
        contentType: item.contentType ?? 'application/octet-stream',
        open: item.open,
      });
      evidence.push({ ...base, sha256: kept.sha256, size: kept.size, fileId: kept.id });
    } else {
      evidence.push({ ...base, sha256: sha256Of(item.text ?? ''), size: item.size });
    }
  }
  const recordings = await recordingsForReport(deps, debateId);
  const recordingFileIds: number[] = [];
  if (keepRecordings) {
    for (const recording of recordings) {
      const kept = await keepFile(deps, caseId, {
        kind: 'recording',
        sourceId: recording.id,
        name: `recording-${debateId}-${recording.id}.${recording.mimeType.includes('mp4') ? 'mp4' : 'webm'}`,
        contentType: recording.mimeType.split(';')[0] ?? 'video/webm',
        open: recording.open,
      });
      recordingFileIds.push(kept.id);
    }
  }
  return { ...round, evidence, hasRecording: recordings.length > 0, recordingFileIds };
}

/** A community message as a line of a case's copied context. */
export function contextLine(
  m: { id: number | bigint | string; userId: string; displayName: string; text: string; timestamp: string },
  reportedId: number,
) {
  return {
    id: Number(m.id),
    userId: m.userId,
    displayName: m.displayName,
    text: m.text,
    createdAt: m.timestamp,
    ...(Number(m.id) === reportedId ? { isReported: true } : {}),
  };
}

/**
 * What a flagged text's automatic report copies beside what matched: the chat lines around a message (the round's
 * last lines for a round's chat) and the team.
 */
export async function filterHitContext(
  deps: Pick<TModerationDeps, 'database' | 'events'>,
  where: TFilterWhere,
): Promise<Pick<TReportContext, 'message' | 'team'>> {
  if (where.surface === 'community_chat') {
    const around = await messageWithNeighbours(deps, where.messageId, REPORT_LIMITS.messageNeighbours);
    if (!around) return {};
    return {
      message: {
        reportedId: where.messageId,
        lines: around.lines.map((m) => contextLine(m, where.messageId)),
      },
    };
  }
  if (where.surface === 'round_chat') {
    const round = await roundForReport(deps, where.debateId, REPORT_LIMITS.roundChatLines);
    if (!round) return {};
    return {
      message: {
        reportedId: where.messageId,
        lines: round.chat.map((m) => ({ ...m, ...(m.id === where.messageId ? { isReported: true } : {}) })),
      },
    };
  }
  if (where.surface === 'team') {
    const team = await teamForReport(deps, where.teamId);
    return team ? { team } : {};
  }
  return {};
}
