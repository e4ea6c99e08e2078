/**
 * Appeals: the person an action was taken on appeals it once (from its notice, or for a ban with the token their
 * refused sign-in gave them); the appeal is a case in the queue, and a moderator grants it (undoing what can be
 * undone) or declines it.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  isAppealableAction,
  MODERATION_ACTION_LABELS,
  moderationTargetRefusal,
  type TAppealDecisionRequest,
  type TLogEntry,
  type TReportReason,
  type TSessionUser,
} from '@resolved/shared';
import { AppError } from '../../lib/errors';
import { screenText } from '../../lib/text-filter';
import { findModerationTarget } from '../users/users.service';
import { undoAction } from './actions.service';
import * as cases from './cases.repository';
import * as log from './moderation-log.repository';
import * as notices from './notices.repository';
import { closeWithOutcome, requireCase } from './cases.service';
import { fileFilterHit } from './filter-hits.service';
import { db, iso, notFound, nowMs, type TModerationDeps } from './moderation-deps';
import { toLogEntry } from './moderation-log.service';
import { notify } from './notices.service';

/** The actioned user appeals an action once; the appeal goes back to the queue as a case. */
export async function appeal(deps: TModerationDeps, user: TSessionUser, noticeId: number, text: string) {
  const notice = await notices.findNotice(db(deps), noticeId, user.id);
  if (!notice || notice.actionId === null || notice.kind !== 'action') throw notFound('notice');
  const entry = await log.findLog(db(deps), Number(notice.actionId));
  if (!entry || entry.targetId !== user.id || !isAppealableAction(entry.action)) throw notFound('notice');
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
  const entry = await log.findLatestActionOn(database.db, userId, 'ban');
  if (!entry) return { reason: null, appealToken: null };
  const isAppealed = !!(await cases.findAppealCase(database.db, Number(entry.id)));
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
  const entry = await log.findLatestActionOn(db(deps), userId, 'ban');
  if (!entry) throw new AppError('conflict', 'There is no moderator’s ban to appeal: ask an admin.');
  return openAppeal(deps, { id: userId, displayName: target.displayName }, entry, text);
}

/** Opens the appeal of one logged action (once per action) as a case in the queue. */
async function openAppeal(
  deps: TModerationDeps,
  user: { id: string; displayName: string },
  entry: log.TLogRow,
  text: string,
) {
  if (await cases.findAppealCase(db(deps), Number(entry.id))) {
    throw new AppError('conflict', 'You have already appealed this action.', undefined, 'already_appealed');
  }
  const flagged = screenText({ text });
  const original = entry.caseId === null ? undefined : await cases.findCase(db(deps), Number(entry.caseId));
  const caseId = await cases.insertAppealCase(db(deps), {
    reportedUserId: user.id,
    reportedName: user.displayName,
    reason: (original?.reason ?? 'other') as TReportReason,
    createdAt: iso(nowMs(deps)),
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
  const original = await log.findLog(db(deps), Number(caseRow.appealActionId));
  if (!original) throw notFound('appeal');
  const user = await findModerationTarget(deps.database, caseRow.reportedUserId);
  if (!user) throw notFound('user');
  const refusal = moderationTargetRefusal(moderator, user);
  if (refusal) throw new AppError(refusal.code, refusal.message, undefined, refusal.reason);
  if (decision.grant) await undoAction(deps, original.action, user.id);
  const now = nowMs(deps);
  const entry = await log.insertLog(db(deps), {
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
