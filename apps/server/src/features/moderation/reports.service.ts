/**
 * Reports: a person files one about another (checked, joined to or opening the case of that person and reason, its
 * context copied in, admins told of child safety), and what a reporter's account keeps of them.
 */
import { REPORT_LIMITS, type TCreateReportRequest, type TReportContext, type TSessionUser } from '@resolved/shared';
import { AppError, rateLimitedError } from '../../lib/errors';
import { screenText } from '../../lib/text-filter';
import { messageWithNeighbours } from '../chat/chat.service';
import { roundForReport } from '../debates/debates.service';
import { evidenceForReport } from '../evidence/evidence.service';
import { teamForReport } from '../teams/teams.service';
import { findModerationTarget, listAdminEmails } from '../users/users.service';
import * as cases from './cases.repository';
import * as reports from './reports.repository';
import * as log from './moderation-log.repository';
import * as files from './case-files.repository';
import { DAY_MS, db, iso, notFound, nowMs, type TModerationDeps } from './moderation-deps';
import { contextLine, roundContext } from './report-context';

/**
 * Files a report: checks it, joins or opens the case and copies the context in. The caller (the report workflow)
 * blocks when the reason asks for it and then tells admins of a new child-safety case (`mailAdminsOfCase`).
 */
export async function createReport(
  deps: TModerationDeps,
  reporter: TSessionUser,
  input: TCreateReportRequest,
): Promise<{ caseId: number; joined: boolean; isNewChildSafetyCase: boolean; reportedName: string }> {
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
  const recent = await reports.countReportsSince(db(deps), reporter.id, iso(now - REPORT_LIMITS.windowMs));
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
  const context: TReportContext = {
    profile: { displayName: reported.displayName },
    ...(message ? { message } : {}),
    ...(team ? { team } : {}),
    ...(inDetails ? { filter: { surface: 'report' as const, ...inDetails } } : {}),
  };
  const { caseId, reportId, joined } = await cases.fileIntoOpenCase(db(deps), {
    reportedUserId: reported.id,
    reportedName: reported.displayName,
    reason: input.reason,
    createdAt,
    retainUntil: isChildSafety ? iso(now + deps.safetyRetentionDays * DAY_MS) : null,
    report: {
      reporterId: reporter.id,
      reporterName: reporter.displayName,
      target: input.target,
      targetId,
      details: input.details || null,
      context: JSON.stringify(context),
      createdAt,
    },
  });

  if (debateId !== null) {
    const round = await roundContext(deps, caseId, debateId, isChildSafety);
    if (round) {
      await reports.updateReportContext(
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

  return { caseId, joined, isNewChildSafetyCase: isChildSafety && !joined, reportedName: reported.displayName };
}

/** Tells every admin of a new child-safety case (when SMTP_URL is set); a failed send is logged, not fatal. */
export async function mailAdminsOfCase(deps: TModerationDeps, caseId: number, reportedName: string): Promise<void> {
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

/** The user's side of moderation for "Download my data": reports filed (as the reporter sees them), actions against. */
export async function moderationOfUser(deps: Pick<TModerationDeps, 'database'>, userId: string) {
  const [filed, actions] = await Promise.all([
    reports.listReportsByReporter(db(deps), userId),
    log.listActionsAgainst(db(deps), userId),
  ]);
  return {
    reportsFiled: filed.map((report) => ({
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
  const rows = await files.findEvidenceDigests(db(deps), evidenceIds);
  return new Map(rows.map((row) => [row.sourceId, row.sha256]));
}

/** Account deletion: unlinks (and outside child safety, unnames) the reports the account filed. */
export async function unnameReporter(deps: Pick<TModerationDeps, 'database'>, userId: string): Promise<void> {
  await reports.unnameReporter(db(deps), userId);
}
