import type {
  TAdminUsersResponse,
  TChatLock,
  TChatLockRequest,
  TRole,
  TScoreChange,
  TSessionUser,
} from '@resolved/shared';
import type { TAppContext, TDebatesDeps } from '../../context';
import { LEADERBOARD_PAGE_SIZE } from '@resolved/shared';
import { nowIso, type TDatabase } from '../../db/database';
import { AppError } from '../../lib/errors';
import { listContactRequests } from '../help/help.service';
import { setChatLock } from '../chat/chat.service';
import { logChatSwitch } from '../moderation/moderation.service';
import {
  countUsers,
  findUserById,
  listScoreChanges,
  listUsersForAdmin,
  setRoleKeepingAnAdmin,
  userNotFoundError,
} from '../users/users.service';
import { updateScoreWithLedger } from '../users/score-ledger.service';
import { updateAgeFields } from '../users/users.service';
import { logAdminChange } from '../moderation/moderation.service';
import { rematchWaiting } from '../matchmaking/queue.service';

export const DEFAULT_SCORE_REASON = 'Set on the admin dashboard';
/** The reason the moderation log gives an admin's chat switch. */
export const CHAT_SWITCH_REASON = 'Switched on the admin dashboard';

export async function listUsers(database: TDatabase, offset: number): Promise<TAdminUsersResponse> {
  const [users, total] = await Promise.all([
    listUsersForAdmin(database.db, { offset, limit: LEADERBOARD_PAGE_SIZE }),
    countUsers(database.db),
  ]);
  const nextOffset =
    users.length === LEADERBOARD_PAGE_SIZE && offset + users.length < total ? offset + users.length : null;
  return { users, total, nextOffset };
}

export async function setScore(
  database: TDatabase,
  admin: TSessionUser,
  input: { userId: string; score: number; reason?: string | undefined },
): Promise<TSessionUser> {
  const result = await updateScoreWithLedger(database.db, {
    userId: input.userId,
    score: input.score,
    changedBy: admin.id,
    reason: input.reason || DEFAULT_SCORE_REASON,
    at: nowIso(),
  });
  if (!result) throw userNotFoundError();
  const user = await findUserById(database.db, input.userId);
  if (!user) throw userNotFoundError();
  return user;
}

export async function setRole(database: TDatabase, input: { userId: string; role: TRole }): Promise<TSessionUser> {
  const outcome = await setRoleKeepingAnAdmin(database.db, database.engine, input);
  if (outcome === 'not_found') throw userNotFoundError();
  if (outcome === 'last_admin') {
    throw new AppError('conflict', 'The last admin cannot be demoted. Make another user an admin first.');
  }
  const user = await findUserById(database.db, input.userId);
  if (!user) throw userNotFoundError();
  return user;
}

export async function getScoreChanges(database: TDatabase, userId: string | undefined): Promise<TScoreChange[]> {
  return listScoreChanges(database.db, { userId, limit: 200 });
}

export async function getContactRequests(database: TDatabase) {
  return listContactRequests(database.db, 200);
}

/**
 * The admin's switch "only established accounts may post" in the community chat: stored and
 * announced by the chat service, and logged in the moderation log in the same transaction (only when it changed).
 */
export async function setChatLockAsAdmin(
  context: Pick<TAppContext, 'database' | 'events'>,
  admin: TSessionUser,
  input: TChatLockRequest,
): Promise<TChatLock> {
  const { lock } = await setChatLock(context, { isLocked: input.isLocked, changedBy: admin.id }, async (trx) => {
    await logChatSwitch(trx, admin, input.isLocked ? 'chat_locked' : 'chat_unlocked', CHAT_SWITCH_REASON);
  });
  return lock;
}

/**
 * Changes someone's month of birth (only admins may, once it is set); logged with the admin actions. A new age band
 * may let them meet people waiting in the queue with them: their format is swept again.
 */
export async function setBirthMonth(
  deps: TDebatesDeps,
  admin: TSessionUser,
  input: { userId: string; birthMonth: string },
): Promise<TSessionUser> {
  const { database } = deps;
  const target = await findUserById(database.db, input.userId);
  if (!target) throw userNotFoundError();
  await updateAgeFields(database, input.userId, { birthMonth: input.birthMonth });
  await logAdminChange({ database }, admin, target, 'set_birth_month', 'Month of birth changed on the admin dashboard');
  await rematchWaiting(deps, [input.userId]);
  return target;
}

/** Grants or revokes verified judge (may judge a round with a minor in it); logged with the admin actions. */
export async function setVerifiedJudge(
  database: TDatabase,
  admin: TSessionUser,
  input: { userId: string; isVerifiedJudge: boolean },
): Promise<TSessionUser> {
  const target = await findUserById(database.db, input.userId);
  if (!target) throw userNotFoundError();
  await updateAgeFields(database, input.userId, { isVerifiedJudge: input.isVerifiedJudge });
  await logAdminChange(
    { database },
    admin,
    target,
    input.isVerifiedJudge ? 'grant_verified_judge' : 'revoke_verified_judge',
    input.isVerifiedJudge
      ? 'Verified as a judge on the admin dashboard'
      : 'Verified judge revoked on the admin dashboard',
  );
  return target;
}
