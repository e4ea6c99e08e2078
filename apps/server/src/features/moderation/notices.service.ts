/**
 * Notices: what a person is told — a reporter whether action was taken (never which), the actioned person what, why
 * and until when (and whether they may appeal), an appellant the decision.
 */
import { isAppealableAction, REALTIME_ROOMS, type TNotice, type TSessionUser } from '@resolved/shared';
import { nowIso } from '../../db/database';
import * as notices from './notices.repository';
import * as cases from './cases.repository';
import { db, type TModerationDeps } from './moderation-deps';

/** Tells `userId` something, and their open tabs that a notice came. */
export async function notify(
  deps: TModerationDeps,
  userId: string,
  notice: Omit<Parameters<typeof notices.insertNotice>[1], 'userId' | 'createdAt'>,
): Promise<void> {
  const row = await notices.insertNotice(db(deps), { ...notice, userId, createdAt: nowIso() });
  // A banned account's sessions are gone: its tabs are being signed out, not told to refetch (they would be refused).
  if (notice.action === 'ban') return;
  deps.events.emit({ name: 'notice.created', room: REALTIME_ROOMS.user(userId), payload: { id: Number(row.id) } });
}

export async function listNotices(deps: TModerationDeps, user: TSessionUser): Promise<TNotice[]> {
  const rows = await notices.listNotices(db(deps), user.id, 50);
  const appealed = await cases.listAppealedActionIds(
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
      isAppealableAction(r.action) &&
      !appealed.has(Number(r.actionId)),
    readAt: r.readAt,
    createdAt: r.createdAt,
  }));
}

export async function markNoticesRead(deps: TModerationDeps, user: TSessionUser): Promise<void> {
  await notices.markNoticesRead(db(deps), user.id, nowIso());
}
