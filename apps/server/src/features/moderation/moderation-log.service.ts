/**
 * The moderation log: every action and decision on an account, append-only. Admins read all of it, a moderator their
 * own; an admin's switch on the community chat and changes to an account made outside the queue are written here too.
 */
import {
  COMMUNITY_CHAT_LOG_TARGET,
  type TLogEntry,
  type TLogQuery,
  type TModerationAction,
  type TSessionUser,
} from '@resolved/shared';
import type { Kysely } from 'kysely';
import { nowIso } from '../../db/database';
import type { DB } from '../../db/schema';
import * as log from './moderation-log.repository';
import { db, type TModerationDeps } from './moderation-deps';

const LOG_PAGE = 100;

export function toLogEntry(row: log.TLogRow): TLogEntry {
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

/** Admins read the whole log and filter it; a moderator reads their own actions only. */
export async function readLog(deps: TModerationDeps, reader: TSessionUser, query: TLogQuery): Promise<TLogEntry[]> {
  const filter = reader.role === 'admin' ? query : { ...query, actorId: reader.id };
  const rows = await log.listLog(db(deps), filter, LOG_PAGE);
  return rows.map(toLogEntry);
}

/**
 * Logs an admin's switch on the community chat in the moderation log, in the caller's transaction `trx`: the chat is
 * its target (`COMMUNITY_CHAT_LOG_TARGET`), so it is listed with every other action and never in an account's record.
 */
export async function logChatSwitch(
  trx: Kysely<DB>,
  admin: Pick<TSessionUser, 'id' | 'displayName'>,
  action: 'chat_locked' | 'chat_unlocked',
  reason: string,
): Promise<TLogEntry> {
  const entry = await log.insertLog(trx, {
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

/**
 * An admin's change to an account made outside the queue (its month of birth, verified judge), written to the log
 * where every action on an account is. The reason says what changed, never the month itself.
 */
export async function logAdminChange(
  deps: Pick<TModerationDeps, 'database'>,
  admin: TSessionUser,
  target: { id: string; displayName: string },
  action: Extract<TModerationAction, 'set_birth_month' | 'grant_verified_judge' | 'revoke_verified_judge'>,
  reason: string,
): Promise<void> {
  await log.insertLog(db(deps), {
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
