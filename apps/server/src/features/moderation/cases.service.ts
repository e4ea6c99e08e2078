/**
 * The queue and its cases: what moderators read (the open cases in priority order, one case with its copied context
 * and the person's history), the 20-minute claim that keeps two moderators off one case, and closing a case.
 */
import {
  reasonPriority,
  REPORT_LIMITS,
  type TCaseDetail,
  type TCaseReport,
  type TCaseSummary,
  type TReportContext,
  type TSessionUser,
} from '@resolved/shared';
import { AppError } from '../../lib/errors';
import { findDisplayNames, findModerationTarget } from '../users/users.service';
import * as cases from './cases.repository';
import * as reports from './reports.repository';
import * as files from './case-files.repository';
import * as log from './moderation-log.repository';
import { DAY_MS, db, iso, notFound, nowMs, type TModerationDeps } from './moderation-deps';
import { toLogEntry } from './moderation-log.service';
import { notify } from './notices.service';

/** Current names, in one query (a case keeps the name it was reported under for deleted accounts). */
async function namesOf(deps: TModerationDeps, ids: (string | null)[]): Promise<Map<string, string>> {
  return findDisplayNames(
    deps.database,
    ids.filter((id): id is string => id !== null),
  );
}

function toSummary(row: cases.TCaseRow, count: number, names: Map<string, string>, now: number): TCaseSummary {
  const claimHolds = row.claimedBy !== null && row.claimedUntil !== null && Date.parse(row.claimedUntil) > now;
  return {
    id: Number(row.id),
    kind: row.kind,
    reportedUser: { id: row.reportedUserId, displayName: names.get(row.reportedUserId) ?? row.reportedName },
    reason: row.reason,
    score: Number(row.score),
    reports: count,
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
  const rows = await cases.listOpenCases(db(deps));
  const counts = await reports.countReports(
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

export async function requireCase(deps: TModerationDeps, id: number): Promise<cases.TCaseRow> {
  const row = await cases.findCase(db(deps), id);
  if (!row) throw notFound('case');
  return row;
}

export async function getCase(deps: TModerationDeps, id: number): Promise<TCaseDetail> {
  const row = await requireCase(deps, id);
  const filed = await reports.listReports(db(deps), id);
  const earlier = await cases.listCasesOfUser(db(deps), row.reportedUserId, id);
  const counts = await reports.countReports(db(deps), [id, ...earlier.map((c) => Number(c.id))]);
  const names = await namesOf(deps, [row.reportedUserId, row.claimedBy]);
  const now = nowMs(deps);
  const actions = await log.listLog(db(deps), { targetId: row.reportedUserId }, 50);
  const appealed = row.appealActionId === null ? undefined : await log.findLog(db(deps), Number(row.appealActionId));
  const reported = await findModerationTarget(deps.database, row.reportedUserId);
  const reportList: TCaseReport[] = filed.map((r) => ({
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
  if (!(await cases.claimCase(db(deps), id, moderator.id, iso(now), iso(now + REPORT_LIMITS.claimMs)))) {
    throw new AppError('conflict', 'Another moderator is working on this case.', undefined, 'case_claimed');
  }
  return getCase(deps, id);
}

export async function releaseCase(deps: TModerationDeps, moderator: TSessionUser, id: number): Promise<void> {
  await requireCase(deps, id);
  await cases.releaseClaim(db(deps), id, moderator.id);
}

/** Refused unless the case is open and no other moderator's claim on it holds. */
export function assertMayActOn(caseRow: cases.TCaseRow, moderator: TSessionUser, now: number): void {
  if (caseRow.status !== 'open') throw new AppError('conflict', 'This case is already closed.');
  const claimHolds = caseRow.claimedUntil !== null && Date.parse(caseRow.claimedUntil) > now;
  if (claimHolds && caseRow.claimedBy !== moderator.id) {
    throw new AppError('conflict', 'Another moderator is working on this case.', undefined, 'case_claimed');
  }
}

/** A kept file of a case (an evidence file, a recording), with its bytes. */
export async function openCaseFile(deps: TModerationDeps, id: number) {
  const file = await files.findFile(db(deps), id);
  if (!file) throw notFound('file');
  const chunks = await files.listFileChunks(db(deps), id);
  return { name: file.name, contentType: file.contentType, bytes: Buffer.concat(chunks) };
}

/** Closes a case, starts its context's retention, and tells each reporter whether action was taken (not which). */
export async function closeWithOutcome(
  deps: TModerationDeps,
  caseRow: cases.TCaseRow,
  outcome: 'dismissed' | 'actioned',
  now: number,
): Promise<void> {
  const id = Number(caseRow.id);
  const closed = await cases.closeCase(db(deps), id, {
    outcome,
    closedAt: iso(now),
    retainUntil: iso(now + REPORT_LIMITS.closedContextDays * DAY_MS),
  });
  if (!closed || caseRow.kind !== 'report') return;
  for (const reporterId of await reports.listReporterIds(db(deps), id)) {
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
