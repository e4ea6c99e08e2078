/**
 * Trust and safety (issue 23): reports become cases (one open case per reported user and reason), moderators claim
 * and act on them, every action and decision is a row of the append-only log, and notices tell the reporter whether
 * action was taken and the actioned user what, why and until when. The context of a report is copied into the case
 * when it is filed, so it survives edits and deletions; a child-safety case keeps it for SAFETY_RETENTION_DAYS.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  BLOCKING_REPORT_REASONS,
  COMMUNITY_CHAT_LOG_TARGET,
  MODERATION_ACTION_LABELS,
  moderationTargetRefusal,
  REALTIME_ROOMS,
  reasonPriority,
  refusalOf,
  REPORT_LIMITS,
  type TAppealDecisionRequest,
  type TCaseDetail,
  type TCaseReport,
  type TCaseSummary,
  type TContextEvidence,
  type TCreateReportRequest,
  type TCreateReportResponse,
  type TLogEntry,
  type TLogQuery,
  type TModerationAction,
  type TModerationActionRequest,
  type TNotice,
  type TReportContext,
  type TReportReason,
  type TSessionUser,
  TEXT_FILTER_REASON,
  TEXT_FILTER_REPORTER,
  type TFilterHit,
} from '@resolved/shared';
import type { TAppContext } from '../../context';
import { nowIso } from '../../db/database';
import { AppError, rateLimitedError, refused } from '../../lib/errors';
import { filterText } from '../../lib/text-filter';
import type { TMailer } from '../mail/mailer';
import { deleteMessageAsModerator, messageWithNeighbours } from '../chat/chat.service';
import { roundForReport } from '../debates/debates.service';
import { deleteEvidenceAsModerator, evidenceForReport } from '../evidence/evidence.service';
import { recordingsForReport } from '../recordings/recordings.service';
import { teamForReport } from '../teams/teams.service';
import {
  findDisplayNames,
  findModerationTarget,
  listAdminEmails,
  setBanned,
  setDisplayName,
  setRestriction,
} from '../users/users.service';
import { inTransaction } from '../../db/transaction';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { blockUser } from '../../workflows/block-user';
import { withdrawFromMatchmaking } from '../matchmaking/queue.service';
import * as repo from './moderation.repository';

export type TModerationDeps = Pick<TAppContext, 'database' | 'events' | 'blobs'> & {
  safetyRetentionDays: number;
  mailer?: TMailer | undefined;
  /** Where the case page lives, for the e-mail to admins. */
  publicUrl?: string | undefined;
  now?: () => number;
};

const DAY_MS = 24 * 60 * 60 * 1000;
const FILE_CHUNK_BYTES = 256 * 1024;
const LOG_PAGE = 100;

const db = (deps: TModerationDeps) => deps.database.db;
const nowMs = (deps: TModerationDeps) => (deps.now ? deps.now() : Date.now());
const iso = (ms: number) => new Date(ms).toISOString();

// ---- Reports ----

/**
 * A report that must also block (harassment, hate, child safety) blocks the reported user for the reporter, as the
 * Block button does (a live round between them ends). A block the blocks feature refuses (the reporter's list is
 * full) does not stop the report: it is filed, and the answer says no block was made.
 */
export async function blockOnReport(
  deps: TModerationDeps,
  reporterId: string,
  reportedUserId: string,
): Promise<boolean> {
  try {
    await blockUser(deps, reporterId, reportedUserId, { source: 'report' });
    return true;
  } catch (error) {
    if (error instanceof AppError && error.code !== 'internal_error') return false;
    throw error;
  }
}

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
  const id = await repo.insertFile(db(deps), {
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
    await repo.insertFileChunk(db(deps), id, seq, Buffer.concat(pending));
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
  await repo.completeFile(db(deps), id, size, sha256);
  return { id, sha256, size };
}

const sha256Of = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * A round's context: its people, the last lines of its chat, its evidence (files copied into the case with their
 * SHA-256) and whether it was recorded (a child-safety case keeps copies of the recordings too).
 */
async function roundContext(
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

const notFound = (what: string) => new AppError('not_found', `That ${what} does not exist.`);

/** Files a report: checks it, joins or opens the case, copies the context in, and tells admins of child safety. */
export async function createReport(
  deps: TModerationDeps,
  reporter: TSessionUser,
  input: TCreateReportRequest,
): Promise<TCreateReportResponse> {
  if (input.userId === reporter.id) {
    throw new AppError('bad_request', 'You cannot report yourself.', undefined, 'self_report');
  }
  // The report's own text: a slur is refused like anywhere (the case copies what was said from the context); other
  // matches are noted on the report itself, which a moderator reads anyway, rather than filed against the reporter,
  // who may be quoting what was said to them (docs/decisions.md).
  const inDetails = screenText({ details: input.details });
  const reported = await findModerationTarget(deps.database, input.userId);
  if (!reported) throw notFound('user');
  const now = nowMs(deps);
  const recent = await repo.countReportsSince(db(deps), reporter.id, iso(now - REPORT_LIMITS.windowMs));
  if (recent >= REPORT_LIMITS.perWindow) throw rateLimitedError(REPORT_LIMITS.windowMs, 'reports');

  // What the report points at must exist and be the reported user's (or, for a round, have them in it).
  const targetId = input.targetId ?? null;
  let message: TReportContext['message'];
  let team: TReportContext['team'];
  const debateId = input.target === 'round' ? targetId : input.target === 'evidence' ? (input.debateId ?? null) : null;
  if (input.target === 'message') {
    const found = await messageWithNeighbours(deps, targetId!, REPORT_LIMITS.messageNeighbours);
    if (!found || found.message.userId !== input.userId) throw notFound('message');
    message = {
      reportedId: Number(found.message.id),
      lines: found.lines.map((m) => contextLine(m, targetId!)),
    };
  }
  if (input.target === 'team') {
    team = (await teamForReport(deps, targetId!)) ?? undefined;
    if (!team) throw notFound('team');
  }
  if (debateId !== null) {
    const round = await roundForReport(deps, debateId, 0);
    if (!round) throw notFound('round');
    if (!round.participants.some((p) => p.userId === input.userId)) {
      throw new AppError('bad_request', 'That person did not take part in this round.');
    }
    if (input.target === 'evidence') {
      const items = await evidenceForReport(deps, debateId);
      const item = items.find((e) => e.id === targetId);
      if (!item || item.userId !== input.userId) throw notFound('evidence');
    }
  }

  const createdAt = iso(now);
  const isChildSafety = input.reason === 'child_safety';
  const { caseId, reportId, joined } = await fileReport(deps, {
    reporter,
    reported,
    input,
    targetId,
    createdAt,
    context: {
      profile: { displayName: reported.displayName },
      ...(message ? { message } : {}),
      ...(team ? { team } : {}),
      ...(inDetails ? { filter: { surface: 'report' as const, ...inDetails } } : {}),
    },
    retainUntil: isChildSafety ? iso(now + deps.safetyRetentionDays * DAY_MS) : null,
  });

  if (debateId !== null) {
    const round = await roundContext(deps, caseId, debateId, isChildSafety);
    if (round) {
      await repo.updateReportContext(
        db(deps),
        reportId,
        JSON.stringify({
          profile: { displayName: reported.displayName },
          round,
          ...(inDetails ? { filter: { surface: 'report' as const, ...inDetails } } : {}),
        }),
      );
    }
  }

  const blocked = BLOCKING_REPORT_REASONS.includes(input.reason)
    ? await blockOnReport(deps, reporter.id, input.userId)
    : false;
  if (isChildSafety && !joined) await mailAdmins(deps, caseId, reported.displayName);
  return { caseId, joined, blocked };
}

async function fileReport(
  deps: TModerationDeps,
  args: {
    reporter: TSessionUser;
    reported: { id: string; displayName: string };
    input: TCreateReportRequest;
    targetId: number | null;
    createdAt: string;
    context: TReportContext;
    retainUntil: string | null;
  },
): Promise<{ caseId: number; reportId: number; joined: boolean }> {
  const attempt = () =>
    inTransaction(deps.database, async (trx) => {
      const open = await repo.findOpenCase(trx, args.reported.id, args.input.reason);
      let caseId: number;
      if (open) {
        caseId = Number(open.id);
        if (!(await repo.hasReported(trx, caseId, args.reporter.id))) await repo.raiseScore(trx, caseId);
      } else {
        caseId = await repo.insertCase(trx, {
          kind: 'report',
          reportedUserId: args.reported.id,
          reportedName: args.reported.displayName,
          reason: args.input.reason,
          createdAt: args.createdAt,
          retainUntil: args.retainUntil,
        });
      }
      const reportId = await repo.insertReport(trx, {
        caseId,
        reporterId: args.reporter.id,
        reporterName: args.reporter.displayName,
        target: args.input.target,
        targetId: args.targetId,
        details: args.input.details || null,
        context: JSON.stringify(args.context),
        createdAt: args.createdAt,
      });
      return { caseId, reportId, joined: open !== undefined };
    });
  try {
    return await attempt();
  } catch (err) {
    // Two first reports at once: the open-case index let one in; this one joins it.
    if (/unique|duplicate/i.test(String((err as Error).message))) return attempt();
    throw err;
  }
}

/** Tells every admin of a new child-safety case (when SMTP_URL is set); a failed send is logged, not fatal. */
async function mailAdmins(deps: TModerationDeps, caseId: number, reportedName: string): Promise<void> {
  if (!deps.mailer) return;
  const link = deps.publicUrl ? `${deps.publicUrl.replace(/\/$/, '')}/moderation/cases/${caseId}` : `case ${caseId}`;
  for (const to of await listAdminEmails(deps.database)) {
    await deps.mailer
      .send({
        to,
        subject: `Child-safety report on Resolved (case ${caseId})`,
        text:
          `A user reported ${reportedName} for sexual content or contact with a minor.\n\n` +
          `Open the case: ${link}\n\nIt is first in the moderation queue. See docs/safety.md for what to do next.`,
      })
      .catch(() => undefined);
  }
}

// ---- The text filter (issue 24) ----

/** What the filter matched in texts that may be stored: the words, and the texts they were found in. */
export type TFilterFound = Omit<TFilterHit, 'surface'>;

/**
 * Reads what someone wrote (`fields`, by the name of the field a form shows it in) through the text filter before
 * anything is stored: a slur of the critical list is refused (400 `text_refused`, the field named in `details` so a
 * form shows it there) and never stored; other matches are returned, for the caller to file with `fileFilterHit` once
 * the text is stored. Null when nothing matched.
 */
export function screenText(fields: Record<string, string | null | undefined>): TFilterFound | null {
  const words = new Set<string>();
  const texts: string[] = [];
  for (const [field, text] of Object.entries(fields)) {
    if (!text) continue;
    const verdict = filterText(text);
    if (verdict.verdict === 'refused') {
      throw refused('text_refused', [{ path: field, message: refusalOf('text_refused').message }]);
    }
    if (verdict.verdict === 'flagged') {
      verdict.words.forEach((word) => words.add(word));
      texts.push(text);
    }
  }
  return words.size === 0 ? null : { words: [...words].sort(), text: texts.join('\n') };
}

/** Where a flagged text was stored: the report's target (what a moderator opens) and, for chat, the message. */
export type TFilterWhere =
  | { surface: 'community_chat'; messageId: number }
  | { surface: 'round_chat'; debateId: number; messageId: number }
  | { surface: 'display_name' | 'appeal' }
  | { surface: 'team'; teamId: number }
  | { surface: 'evidence'; debateId: number; evidenceId: number };

function targetOf(where: TFilterWhere): { target: TCreateReportRequest['target']; targetId: number | null } {
  switch (where.surface) {
    case 'community_chat':
      return { target: 'message', targetId: where.messageId };
    case 'round_chat':
      return { target: 'round', targetId: where.debateId };
    case 'team':
      return { target: 'team', targetId: where.teamId };
    case 'evidence':
      return { target: 'evidence', targetId: where.evidenceId };
    default:
      return { target: 'user', targetId: null };
  }
}

/**
 * Files what the text filter flagged in a stored text as an automatic report on its author: no person reported it,
 * so it joins the author's open case of TEXT_FILTER_REASON (or opens one with no reporter yet, score 0) and counts as
 * one more of the case's `filterHits`. Its context is copied like a person's report: the chat lines around a message
 * (the round's last lines for a round's chat), the team, and always what matched and where.
 */
export async function fileFilterHit(
  deps: Pick<TModerationDeps, 'database' | 'events'>,
  authorId: string,
  found: TFilterFound,
  where: TFilterWhere,
): Promise<{ caseId: number }> {
  const author = await findModerationTarget(deps.database, authorId);
  if (!author) return { caseId: 0 };
  const context: TReportContext = {
    profile: { displayName: author.displayName },
    filter: { surface: where.surface, ...found },
  };
  if (where.surface === 'community_chat') {
    const around = await messageWithNeighbours(deps, where.messageId, REPORT_LIMITS.messageNeighbours);
    if (around) {
      context.message = {
        reportedId: where.messageId,
        lines: around.lines.map((m) => contextLine(m, where.messageId)),
      };
    }
  }
  if (where.surface === 'round_chat') {
    const round = await roundForReport(deps, where.debateId, REPORT_LIMITS.roundChatLines);
    if (round) {
      context.message = {
        reportedId: where.messageId,
        lines: round.chat.map((m) => ({ ...m, ...(m.id === where.messageId ? { isReported: true } : {}) })),
      };
    }
  }
  if (where.surface === 'team') {
    const team = await teamForReport(deps, where.teamId);
    if (team) context.team = team;
  }
  const { target, targetId } = targetOf(where);
  const createdAt = iso(nowMs(deps as TModerationDeps));
  const attempt = () =>
    inTransaction(deps.database, async (trx) => {
      const open = await repo.findOpenCase(trx, author.id, TEXT_FILTER_REASON);
      let caseId: number;
      if (open) {
        caseId = Number(open.id);
        await repo.addFilterHit(trx, caseId);
      } else {
        caseId = await repo.insertCase(trx, {
          kind: 'report',
          reportedUserId: author.id,
          reportedName: author.displayName,
          reason: TEXT_FILTER_REASON,
          createdAt,
          retainUntil: null,
          isAutomatic: true,
        });
      }
      await repo.insertReport(trx, {
        caseId,
        reporterId: null,
        reporterName: TEXT_FILTER_REPORTER,
        isAutomatic: 1,
        target,
        targetId,
        details: null,
        context: JSON.stringify(context),
        createdAt,
      });
      return { caseId };
    });
  try {
    return await attempt();
  } catch (err) {
    // Two first hits (or a hit and a report) at once: the open-case index let one in; this one joins it.
    if (/unique|duplicate/i.test(String((err as Error).message))) return attempt();
    throw err;
  }
}

/** A community message as a line of a case's copied context. */
function contextLine(
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

// ---- The queue and cases ----

/** Current names, in one query (a case keeps the name it was reported under for deleted accounts). */
async function namesOf(deps: TModerationDeps, ids: (string | null)[]): Promise<Map<string, string>> {
  return findDisplayNames(
    deps.database,
    ids.filter((id): id is string => id !== null),
  );
}

function toSummary(row: repo.TCaseRow, reports: number, names: Map<string, string>, now: number): TCaseSummary {
  const claimHolds = row.claimedBy !== null && row.claimedUntil !== null && Date.parse(row.claimedUntil) > now;
  return {
    id: Number(row.id),
    kind: row.kind,
    reportedUser: { id: row.reportedUserId, displayName: names.get(row.reportedUserId) ?? row.reportedName },
    reason: row.reason,
    score: Number(row.score),
    reports,
    filterHits: Number(row.filterHits),
    status: row.status,
    claimedBy: claimHolds ? { id: row.claimedBy!, displayName: names.get(row.claimedBy!) ?? 'A moderator' } : null,
    claimedUntil: claimHolds ? row.claimedUntil : null,
    createdAt: row.createdAt,
    closedAt: row.closedAt,
    outcome: row.outcome,
  };
}

/** Child safety first, then hate, harassment and self-harm, then the rest; then more reporters; then the oldest. */
export function queueOrder(a: TCaseSummary, b: TCaseSummary): number {
  return reasonPriority(a.reason) - reasonPriority(b.reason) || b.score - a.score || a.id - b.id;
}

export async function listQueue(deps: TModerationDeps): Promise<TCaseSummary[]> {
  const rows = await repo.listOpenCases(db(deps));
  const counts = await repo.countReports(
    db(deps),
    rows.map((r) => Number(r.id)),
  );
  const names = await namesOf(
    deps,
    rows.flatMap((r) => [r.reportedUserId, r.claimedBy]),
  );
  const now = nowMs(deps);
  return rows.map((r) => toSummary(r, counts.get(Number(r.id)) ?? 0, names, now)).sort(queueOrder);
}

async function requireCase(deps: TModerationDeps, id: number): Promise<repo.TCaseRow> {
  const row = await repo.findCase(db(deps), id);
  if (!row) throw notFound('case');
  return row;
}

function toLogEntry(row: repo.TLogRow): TLogEntry {
  return {
    id: Number(row.id),
    actor: { id: row.actorId, displayName: row.actorName },
    target: { id: row.targetId, displayName: row.targetName },
    action: row.action,
    reason: row.reason,
    caseId: row.caseId === null ? null : Number(row.caseId),
    until: row.until,
    createdAt: row.createdAt,
  };
}

export async function getCase(deps: TModerationDeps, id: number): Promise<TCaseDetail> {
  const row = await requireCase(deps, id);
  const reports = await repo.listReports(db(deps), id);
  const earlier = await repo.listCasesOfUser(db(deps), row.reportedUserId, id);
  const counts = await repo.countReports(db(deps), [id, ...earlier.map((c) => Number(c.id))]);
  const names = await namesOf(deps, [row.reportedUserId, row.claimedBy]);
  const now = nowMs(deps);
  const actions = await repo.listLog(db(deps), { targetId: row.reportedUserId }, 50);
  const appealed = row.appealActionId === null ? undefined : await repo.findLog(db(deps), Number(row.appealActionId));
  const reported = await findModerationTarget(deps.database, row.reportedUserId);
  const reportList: TCaseReport[] = reports.map((r) => ({
    id: Number(r.id),
    reporter: { id: r.reporterId, displayName: r.reporterName },
    isAutomatic: Number(r.isAutomatic) === 1,
    target: r.target,
    targetId: r.targetId === null ? null : Number(r.targetId),
    details: r.details,
    context: r.context ? (JSON.parse(r.context) as TReportContext) : null,
    createdAt: r.createdAt,
  }));
  return {
    ...toSummary(row, counts.get(id) ?? 0, names, now),
    reportList,
    appeal: appealed ? { action: toLogEntry(appealed), text: row.appealText ?? '' } : null,
    history: {
      cases: earlier.map((c) => toSummary(c, counts.get(Number(c.id)) ?? 0, names, now)),
      actions: actions.map(toLogEntry),
    },
    retainUntil: row.reason === 'child_safety' ? row.retainUntil : null,
    isReportedUserBanned: reported?.isBanned ?? false,
  };
}

/** Claims a case for 20 minutes (renewing one's own claim); refused while another moderator's claim holds. */
export async function claimCase(deps: TModerationDeps, moderator: TSessionUser, id: number): Promise<TCaseDetail> {
  const row = await requireCase(deps, id);
  if (row.status !== 'open') throw new AppError('conflict', 'This case is already closed.');
  const now = nowMs(deps);
  if (!(await repo.claimCase(db(deps), id, moderator.id, iso(now), iso(now + REPORT_LIMITS.claimMs)))) {
    throw new AppError('conflict', 'Another moderator is working on this case.', undefined, 'case_claimed');
  }
  return getCase(deps, id);
}

export async function releaseCase(deps: TModerationDeps, moderator: TSessionUser, id: number): Promise<void> {
  await requireCase(deps, id);
  await repo.releaseClaim(db(deps), id, moderator.id);
}

/** A kept file of a case (an evidence file, a recording), with its bytes. */
export async function openCaseFile(deps: TModerationDeps, id: number) {
  const file = await repo.findFile(db(deps), id);
  if (!file) throw notFound('file');
  const chunks = await repo.listFileChunks(db(deps), id);
  return { name: file.name, contentType: file.contentType, bytes: Buffer.concat(chunks) };
}

// ---- Actions ----

async function notify(
  deps: TModerationDeps,
  userId: string,
  notice: Omit<Parameters<typeof repo.insertNotice>[1], 'userId' | 'createdAt'>,
): Promise<void> {
  const row = await repo.insertNotice(db(deps), { ...notice, userId, createdAt: nowIso() });
  // A banned account's sessions are gone: its tabs are being signed out, not told to refetch (they would be refused).
  if (notice.action === 'ban') return;
  deps.events.emit({ name: 'notice.created', room: REALTIME_ROOMS.user(userId), payload: { id: Number(row.id) } });
}

const ACTION_WORDS: Partial<Record<TModerationAction, string>> = {
  warn: 'You have received a warning from a moderator.',
  mute: 'A moderator has muted you in the community chat and in round chats.',
  suspend: 'A moderator has suspended you from live debates (the queue, challenges and judging).',
  ban: 'A moderator has banned your account.',
  delete_message: 'A moderator deleted one of your chat messages.',
  delete_evidence: 'A moderator deleted a piece of evidence you shared.',
  reset_name: 'A moderator reset your display name. You can choose a new one in Settings.',
};

/** A neutral new name, not the person's own (they choose another in settings). */
const resetName = (userId: string) => `Debater ${createHash('sha256').update(userId).digest('hex').slice(0, 6)}`;

/**
 * A moderator's action on a user, about a case or not: checked against who may act on whom, applied, logged, and
 * told to the user; an action on an open case closes it and tells its reporters that action was taken.
 */
export async function act(
  deps: TModerationDeps,
  moderator: TSessionUser,
  target: { caseId: number } | { userId: string },
  request: TModerationActionRequest,
): Promise<{ entry: TLogEntry }> {
  const caseRow = 'caseId' in target ? await requireCase(deps, target.caseId) : undefined;
  if (!caseRow && request.action === 'dismiss') throw new AppError('bad_request', 'Dismiss a case, not an account.');
  if (caseRow?.kind === 'appeal' && request.action !== 'dismiss') {
    throw new AppError('bad_request', 'Decide an appeal with the appeal decision.');
  }
  const userId = caseRow ? caseRow.reportedUserId : (target as { userId: string }).userId;
  const user = await findModerationTarget(deps.database, userId);
  if (!user && request.action !== 'dismiss') throw notFound('user');
  if (user) {
    const refusal = moderationTargetRefusal(moderator, user);
    if (refusal) throw new AppError(refusal.code, refusal.message, undefined, refusal.reason);
  }
  const now = nowMs(deps);
  if (caseRow) {
    if (caseRow.status !== 'open') throw new AppError('conflict', 'This case is already closed.');
    const claimHolds = caseRow.claimedUntil !== null && Date.parse(caseRow.claimedUntil) > now;
    if (claimHolds && caseRow.claimedBy !== moderator.id) {
      throw new AppError('conflict', 'Another moderator is working on this case.', undefined, 'case_claimed');
    }
  }

  let until: string | null = null;
  switch (request.action) {
    case 'dismiss':
    case 'warn':
      break;
    case 'mute':
    case 'suspend':
      until = iso(now + request.hours * 60 * 60 * 1000);
      await setRestriction(deps.database, userId, request.action === 'mute' ? 'mutedUntil' : 'suspendedUntil', until);
      // A suspension keeps the person out of rounds: their queue place and open challenge links go now.
      if (request.action === 'suspend') await withdrawFromMatchmaking(deps, userId);
      break;
    case 'ban':
      await setBanned(deps.database, userId, request.reason);
      await withdrawFromMatchmaking(deps, userId);
      break;
    case 'unban':
      if (!user?.isBanned) throw new AppError('conflict', 'This account is not banned.');
      await setBanned(deps.database, userId, null);
      break;
    case 'delete_message': {
      const deleted = await deleteMessageAsModerator(deps, moderator.id, request.messageId);
      if (!deleted || deleted.userId !== userId) throw notFound('message');
      break;
    }
    case 'delete_evidence': {
      const deleted = await deleteEvidenceAsModerator(deps, request.debateId, request.evidenceId);
      if (!deleted || deleted.userId !== userId) throw notFound('evidence');
      break;
    }
    case 'reset_name':
      await setDisplayName(deps.database, userId, resetName(userId));
      break;
  }

  const entry = await repo.insertLog(db(deps), {
    actorId: moderator.id,
    actorName: moderator.displayName,
    targetId: userId,
    targetName: user?.displayName ?? caseRow?.reportedName ?? 'Deleted account',
    action: request.action,
    reason: request.reason,
    caseId: caseRow ? Number(caseRow.id) : null,
    until,
    createdAt: iso(now),
  });
  const words = ACTION_WORDS[request.action];
  if (words && user) {
    await notify(deps, userId, {
      kind: 'action',
      title: MODERATION_ACTION_LABELS[request.action],
      // The end is `until`, which the web says in the reader's own time (a body keeps no time zone's words).
      body: `${words} Reason: ${request.reason}`,
      action: request.action,
      actionId: Number(entry.id),
      until,
    });
  }
  if (request.action === 'ban') {
    // Every session was ended with the ban: each instance closes this user's sockets now.
    deps.events.emitServer({ name: 'user.sessions_revoked', payload: { userId, reason: 'banned' } });
  }
  if (caseRow) await closeWithOutcome(deps, caseRow, request.action === 'dismiss' ? 'dismissed' : 'actioned', now);
  return { entry: toLogEntry(entry) };
}

/**
 * Logs an admin's switch on the community chat (issue 24, item 6) in the moderation log, in the caller's transaction
 * `trx`: the chat is its target (`COMMUNITY_CHAT_LOG_TARGET`), so it is listed with every other action and never
 * in an account's record.
 */
export async function logChatSwitch(
  trx: Kysely<DB>,
  admin: Pick<TSessionUser, 'id' | 'displayName'>,
  action: 'chat_locked' | 'chat_unlocked',
  reason: string,
): Promise<TLogEntry> {
  const entry = await repo.insertLog(trx, {
    actorId: admin.id,
    actorName: admin.displayName,
    targetId: COMMUNITY_CHAT_LOG_TARGET.id,
    targetName: COMMUNITY_CHAT_LOG_TARGET.displayName,
    action,
    reason,
    caseId: null,
    until: null,
    createdAt: nowIso(),
  });
  return toLogEntry(entry);
}

/** Closes a case, starts its context's retention, and tells each reporter whether action was taken (not which). */
async function closeWithOutcome(
  deps: TModerationDeps,
  caseRow: repo.TCaseRow,
  outcome: 'dismissed' | 'actioned',
  now: number,
): Promise<void> {
  const id = Number(caseRow.id);
  const closed = await repo.closeCase(db(deps), id, {
    outcome,
    closedAt: iso(now),
    retainUntil: iso(now + REPORT_LIMITS.closedContextDays * DAY_MS),
  });
  if (!closed || caseRow.kind !== 'report') return;
  for (const reporterId of await repo.listReporterIds(db(deps), id)) {
    await notify(deps, reporterId, {
      kind: 'report_outcome',
      title: outcome === 'actioned' ? 'Action taken' : 'No action taken',
      body:
        outcome === 'actioned'
          ? `Thank you for your report about ${caseRow.reportedName}. A moderator reviewed it and action was taken.`
          : `Thank you for your report about ${caseRow.reportedName}. A moderator reviewed it and took no action.`,
      action: null,
      actionId: null,
      until: null,
    });
  }
}

// ---- Appeals ----

const APPEALABLE: readonly TModerationAction[] = [
  'warn',
  'mute',
  'suspend',
  'ban',
  'delete_message',
  'delete_evidence',
  'reset_name',
];

/** The actioned user appeals an action once; the appeal goes back to the queue as a case. */
export async function appeal(deps: TModerationDeps, user: TSessionUser, noticeId: number, text: string) {
  const notice = await repo.findNotice(db(deps), noticeId, user.id);
  if (!notice || notice.actionId === null || notice.kind !== 'action') throw notFound('notice');
  const entry = await repo.findLog(db(deps), Number(notice.actionId));
  if (!entry || entry.targetId !== user.id || !APPEALABLE.includes(entry.action)) throw notFound('notice');
  return openAppeal(deps, user, entry, text);
}

/** How long the appeal token of a refused (banned) sign-in lets its person appeal. */
const BAN_APPEAL_TOKEN_MS = 60 * 60 * 1000;

const banAppealMac = (secret: string, body: string) =>
  createHmac('sha256', secret).update(`resolved.ban-appeal.${body}`).digest();

/**
 * A banned person cannot sign in, so cannot open their notices to appeal: a sign-in refused for the ban (the password
 * was right) answers with this token, which lets that account appeal its ban once within the hour, without a session.
 */
export function banAppealToken(secret: string, userId: string, nowMs = Date.now()): string {
  const body = Buffer.from(JSON.stringify({ userId, expiresAt: nowMs + BAN_APPEAL_TOKEN_MS })).toString('base64url');
  return `${body}.${banAppealMac(secret, body).toString('base64url')}`;
}

/** The account a ban-appeal token was given to, or null when it is forged, malformed or expired. */
export function readBanAppealToken(secret: string, token: string, nowMs = Date.now()): string | null {
  const [body, mac] = token.split('.');
  if (!body || !mac) return null;
  const given = Buffer.from(mac, 'base64url');
  const expected = banAppealMac(secret, body);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const { userId, expiresAt } = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as {
      userId?: unknown;
      expiresAt?: unknown;
    };
    return typeof userId === 'string' && typeof expiresAt === 'number' && expiresAt > nowMs ? userId : null;
  } catch {
    return null;
  }
}

/**
 * What a sign-in refused for a ban says beside "This account has been banned.": the moderator's reason, and a token
 * to appeal with while the ban has not been appealed yet (null once it has, or when no moderator's ban is logged).
 */
export async function banRefusalDetails(
  database: TModerationDeps['database'],
  secret: string,
  userId: string,
  nowMs = Date.now(),
): Promise<{ reason: string | null; appealToken: string | null }> {
  const entry = await repo.findLatestActionOn(database.db, userId, 'ban');
  if (!entry) return { reason: null, appealToken: null };
  const isAppealed = !!(await repo.findAppealCase(database.db, Number(entry.id)));
  return { reason: entry.reason, appealToken: isAppealed ? null : banAppealToken(secret, userId, nowMs) };
}

/** A banned person appeals the ban with the token their refused sign-in gave them (once per ban). */
export async function appealBan(deps: TModerationDeps, secret: string, token: string, text: string) {
  const userId = readBanAppealToken(secret, token, nowMs(deps));
  if (!userId) {
    throw new AppError('unauthenticated', 'This appeal has expired. Sign in again to appeal the ban.');
  }
  const target = await findModerationTarget(deps.database, userId);
  if (!target) throw notFound('user');
  if (!target.isBanned) throw new AppError('conflict', 'This account is not banned any more: sign in.');
  const entry = await repo.findLatestActionOn(db(deps), userId, 'ban');
  if (!entry) throw new AppError('conflict', 'There is no moderator’s ban to appeal: ask an admin.');
  return openAppeal(deps, { id: userId, displayName: target.displayName }, entry, text);
}

/** Opens the appeal of one logged action (once per action) as a case in the queue. */
async function openAppeal(
  deps: TModerationDeps,
  user: { id: string; displayName: string },
  entry: NonNullable<Awaited<ReturnType<typeof repo.findLog>>>,
  text: string,
) {
  if (await repo.findAppealCase(db(deps), Number(entry.id))) {
    throw new AppError('conflict', 'You have already appealed this action.', undefined, 'already_appealed');
  }
  const flagged = screenText({ text });
  const original = entry.caseId === null ? undefined : await repo.findCase(db(deps), Number(entry.caseId));
  const caseId = await repo.insertCase(db(deps), {
    kind: 'appeal',
    reportedUserId: user.id,
    reportedName: user.displayName,
    reason: (original?.reason ?? 'other') as TReportReason,
    createdAt: iso(nowMs(deps)),
    retainUntil: null,
    appealActionId: Number(entry.id),
    appealText: text,
  });
  // The appeal is in the queue already; what the filter flagged in it goes to the appellant's filter case.
  if (flagged) await fileFilterHit(deps, user.id, flagged, { surface: 'appeal' });
  return { caseId };
}

/** Grants (undoing what can be undone) or declines an appeal; the decision is logged and told to the user. */
export async function decideAppeal(
  deps: TModerationDeps,
  moderator: TSessionUser,
  caseId: number,
  decision: TAppealDecisionRequest,
): Promise<{ entry: TLogEntry }> {
  const caseRow = await requireCase(deps, caseId);
  if (caseRow.kind !== 'appeal' || caseRow.appealActionId === null) throw notFound('appeal');
  if (caseRow.status !== 'open') throw new AppError('conflict', 'This case is already closed.');
  const original = await repo.findLog(db(deps), Number(caseRow.appealActionId));
  if (!original) throw notFound('appeal');
  const user = await findModerationTarget(deps.database, caseRow.reportedUserId);
  if (!user) throw notFound('user');
  const refusal = moderationTargetRefusal(moderator, user);
  if (refusal) throw new AppError(refusal.code, refusal.message, undefined, refusal.reason);
  if (decision.grant) {
    if (original.action === 'mute') await setRestriction(deps.database, user.id, 'mutedUntil', null);
    if (original.action === 'suspend') await setRestriction(deps.database, user.id, 'suspendedUntil', null);
    if (original.action === 'ban') await setBanned(deps.database, user.id, null);
  }
  const now = nowMs(deps);
  const entry = await repo.insertLog(db(deps), {
    actorId: moderator.id,
    actorName: moderator.displayName,
    targetId: user.id,
    targetName: user.displayName,
    action: decision.grant ? 'appeal_granted' : 'appeal_upheld',
    reason: decision.reason,
    caseId,
    until: null,
    createdAt: iso(now),
  });
  await notify(deps, user.id, {
    kind: 'appeal_outcome',
    title: decision.grant ? 'Appeal granted' : 'Appeal declined',
    body: `Your appeal of “${MODERATION_ACTION_LABELS[original.action]}” was ${decision.grant ? 'granted' : 'declined'}. ${decision.reason}`,
    action: null,
    actionId: null,
    until: null,
  });
  await closeWithOutcome(deps, caseRow, decision.grant ? 'actioned' : 'dismissed', now);
  return { entry: toLogEntry(entry) };
}

// ---- The log ----

/** Admins read the whole log and filter it; a moderator reads their own actions only. */
export async function readLog(deps: TModerationDeps, reader: TSessionUser, query: TLogQuery): Promise<TLogEntry[]> {
  const filter = reader.role === 'admin' ? query : { ...query, actorId: reader.id };
  const rows = await repo.listLog(db(deps), filter, LOG_PAGE);
  return rows.map(toLogEntry);
}

// ---- Notices ----

export async function listNotices(deps: TModerationDeps, user: TSessionUser): Promise<TNotice[]> {
  const rows = await repo.listNotices(db(deps), user.id, 50);
  const appealed = await repo.listAppealedActionIds(
    db(deps),
    rows.flatMap((r) => (r.actionId === null ? [] : [Number(r.actionId)])),
  );
  return rows.map((r) => ({
    id: Number(r.id),
    kind: r.kind,
    title: r.title,
    body: r.body,
    action: r.action,
    actionId: r.actionId === null ? null : Number(r.actionId),
    until: r.until,
    canAppeal:
      r.kind === 'action' &&
      r.actionId !== null &&
      r.action !== null &&
      APPEALABLE.includes(r.action) &&
      !appealed.has(Number(r.actionId)),
    readAt: r.readAt,
    createdAt: r.createdAt,
  }));
}

export async function markNoticesRead(deps: TModerationDeps, user: TSessionUser): Promise<void> {
  await repo.markNoticesRead(db(deps), user.id, nowIso());
}

// ---- Retention ----

/**
 * Clears the context and kept bytes of closed cases past their retention: 90 days after closing, or for child
 * safety SAFETY_RETENTION_DAYS after the report (whichever is later). The case row and the log stay.
 */
export async function purgeExpiredContext(deps: TModerationDeps): Promise<number> {
  const ids = await repo.listExpiredCases(db(deps), iso(nowMs(deps)));
  await repo.purgeCases(db(deps), ids);
  return ids.length;
}

/** The user's side of moderation for "Download my data": reports filed (as the reporter sees them), actions against. */
export async function moderationOfUser(deps: Pick<TModerationDeps, 'database'>, userId: string) {
  const [reports, actions] = await Promise.all([
    repo.listReportsByReporter(deps.database.db, userId),
    repo.listActionsAgainst(deps.database.db, userId),
  ]);
  return {
    reportsFiled: reports.map((report) => ({
      reason: report.reason,
      target: report.target,
      createdAt: report.createdAt,
      outcome: report.status === 'open' ? ('open' as const) : (report.outcome ?? ('closed' as const)),
    })),
    moderationActions: actions,
  };
}

/** SHA-256 digests known for evidence ids (kept with a case), by evidence id. */
export async function evidenceDigests(deps: Pick<TModerationDeps, 'database'>, evidenceIds: number[]) {
  const rows = await repo.findEvidenceDigests(deps.database.db, evidenceIds);
  return new Map(rows.map((row) => [row.sourceId, row.sha256]));
}

/** Account deletion: unlinks (and outside child safety, unnames) the reports the account filed. */
export async function unnameReporter(deps: Pick<TModerationDeps, 'database'>, userId: string): Promise<void> {
  await repo.unnameReporter(deps.database.db, userId);
}

/**
 * An admin's change to an account made outside the queue (issue 24: its month of birth, verified judge), written to
 * the log where every action on an account is. The reason says what changed, never the month itself.
 */
export async function logAdminChange(
  deps: Pick<TModerationDeps, 'database'>,
  admin: TSessionUser,
  target: { id: string; displayName: string },
  action: Extract<TModerationAction, 'set_birth_month' | 'grant_verified_judge' | 'revoke_verified_judge'>,
  reason: string,
): Promise<void> {
  await repo.insertLog(deps.database.db, {
    actorId: admin.id,
    actorName: admin.displayName,
    targetId: target.id,
    targetName: target.displayName,
    action,
    reason,
    caseId: null,
    until: null,
    createdAt: nowIso(),
  });
}
