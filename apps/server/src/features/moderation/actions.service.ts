/**
 * A moderator's action on an account, about a case or not. What each action is — its label, what it needs, where it
 * is taken, what the person is told, whether it is appealable — is the shared table `MODERATOR_ACTIONS`, which the
 * case page reads too; what each does here is its handler in `EFFECTS`, keyed by the same ids.
 */
import { createHash } from 'node:crypto';
import {
  moderationTargetRefusal,
  MODERATOR_ACTIONS,
  type TLogEntry,
  type TModerationAction,
  type TModerationActionRequest,
  type TModeratorAction,
  type TSessionUser,
} from '@resolved/shared';
import { AppError } from '../../lib/errors';
import { deleteMessageAsModerator } from '../chat/chat.service';
import { deleteEvidenceAsModerator } from '../evidence/evidence.service';
import { withdrawFromMatchmaking } from '../matchmaking/queue.service';
import { findModerationTarget, setBanned, setDisplayName, setRestriction } from '../users/users.service';
import * as log from './moderation-log.repository';
import { assertMayActOn, closeWithOutcome, requireCase } from './cases.service';
import { db, iso, notFound, nowMs, type TModerationDeps } from './moderation-deps';
import { toLogEntry } from './moderation-log.service';
import { notify } from './notices.service';

type TTarget = NonNullable<Awaited<ReturnType<typeof findModerationTarget>>>;

/** What a handler is given: the request narrowed to its action, and the person (absent only when dismissing). */
interface TEffectInput<A extends TModeratorAction> {
  deps: TModerationDeps;
  moderator: TSessionUser;
  userId: string;
  user: TTarget | null;
  request: Extract<TModerationActionRequest, { action: A }>;
  now: number;
}

/** Applies an action to its person; resolves to when it ends (a mute, a suspension), or null. */
type TEffect<A extends TModeratorAction> = (input: TEffectInput<A>) => Promise<string | null>;

/** A neutral new name, not the person's own (they choose another in settings). */
const resetName = (userId: string) => `Debater ${createHash('sha256').update(userId).digest('hex').slice(0, 6)}`;

/** Mutes or suspends until `hours` from now. */
async function restrict(
  { deps, userId, now }: Pick<TEffectInput<'mute'>, 'deps' | 'userId' | 'now'>,
  field: 'mutedUntil' | 'suspendedUntil',
  hours: number,
): Promise<string> {
  const until = iso(now + hours * 60 * 60 * 1000);
  await setRestriction(deps.database, userId, field, until);
  // A suspension keeps the person out of rounds: their queue place and open challenge links go now.
  if (field === 'suspendedUntil') await withdrawFromMatchmaking(deps, userId);
  return until;
}

const EFFECTS: { [A in TModeratorAction]: TEffect<A> } = {
  dismiss: async () => null,
  warn: async () => null,
  mute: (input) => restrict(input, 'mutedUntil', input.request.hours),
  suspend: (input) => restrict(input, 'suspendedUntil', input.request.hours),
  ban: async ({ deps, userId, request }) => {
    await setBanned(deps.database, userId, request.reason);
    await withdrawFromMatchmaking(deps, userId);
    return null;
  },
  unban: async ({ deps, userId, user }) => {
    if (!user?.isBanned) throw new AppError('conflict', 'This account is not banned.');
    await setBanned(deps.database, userId, null);
    return null;
  },
  delete_message: async ({ deps, moderator, userId, request }) => {
    const deleted = await deleteMessageAsModerator(deps, moderator.id, request.messageId);
    if (!deleted || deleted.userId !== userId) throw notFound('message');
    return null;
  },
  delete_evidence: async ({ deps, userId, request }) => {
    const deleted = await deleteEvidenceAsModerator(deps, request.debateId, request.evidenceId);
    if (!deleted || deleted.userId !== userId) throw notFound('evidence');
    return null;
  },
  reset_name: async ({ deps, userId }) => {
    await setDisplayName(deps.database, userId, resetName(userId));
    return null;
  },
};

/** What granting an appeal undoes: the mute, suspension or ban the action set (a warning, a deletion or a reset stay). */
const UNDO: Partial<Record<TModeratorAction, (deps: TModerationDeps, userId: string) => Promise<void>>> = {
  mute: (deps, userId) => setRestriction(deps.database, userId, 'mutedUntil', null),
  suspend: (deps, userId) => setRestriction(deps.database, userId, 'suspendedUntil', null),
  ban: (deps, userId) => setBanned(deps.database, userId, null),
};

/** Undoes what a logged action did to `userId`, where it can be undone (an appeal granted). */
export async function undoAction(deps: TModerationDeps, action: TModerationAction, userId: string): Promise<void> {
  await UNDO[action as TModeratorAction]?.(deps, userId);
}

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
  const spec = MODERATOR_ACTIONS[request.action];
  const caseRow = 'caseId' in target ? await requireCase(deps, target.caseId) : undefined;
  if (!caseRow && spec.on === 'case') throw new AppError('bad_request', 'Dismiss a case, not an account.');
  if (caseRow?.kind === 'appeal' && spec.on !== 'case') {
    throw new AppError('bad_request', 'Decide an appeal with the appeal decision.');
  }
  const userId = caseRow ? caseRow.reportedUserId : (target as { userId: string }).userId;
  const user = await findModerationTarget(deps.database, userId);
  if (!user && spec.on !== 'case') throw notFound('user');
  if (user) {
    const refusal = moderationTargetRefusal(moderator, user);
    if (refusal) throw new AppError(refusal.code, refusal.message, undefined, refusal.reason);
  }
  const now = nowMs(deps);
  if (caseRow) assertMayActOn(caseRow, moderator, now);

  const effect = EFFECTS[request.action] as TEffect<TModeratorAction>;
  const until = await effect({ deps, moderator, userId, user, request, now });

  const entry = await log.insertLog(db(deps), {
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
  if (spec.notice && user) {
    await notify(deps, userId, {
      kind: 'action',
      title: spec.label,
      // The end is `until`, which the web says in the reader's own time (a body keeps no time zone's words).
      body: `${spec.notice} Reason: ${request.reason}`,
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
