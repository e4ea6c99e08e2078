/** The room: reading a debate, the server-authoritative clock, the meeting link, the in-round chat, WebRTC signal routes, presence. */
import {
  applyClockAction,
  clockRefusal,
  isBeforeStart,
  ROUND_NOT_STARTED_MESSAGE,
  spokenIncrement,
  CHAT_RATE_LIMIT,
  CHAT_RATE_LIMIT_MESSAGE,
  ClockError,
  REALTIME_ROOMS,
  type TClockAction,
  type TClockReply,
  type TClockState,
  type TDebate,
  type TDebateMessage,
  type TDebateSummary,
  type TSessionUser,
  canPostInRound,
  muteRefusal,
} from '@resolved/shared';
import { nowIso } from '../../db/database';
import { AppError } from '../../lib/errors';
import { withKeyLock } from '../../lib/key-lock';
import * as repo from './debates.repository';
import type { TDebateRow } from './debates.repository';
import { settleRound } from '../results/awards';
import { roundViewRefusal } from '../results/round-access';
import {
  type TDebatesDeps,
  LIST_LIMIT,
  MESSAGE_HISTORY,
  db,
  nowMs,
  sideOf,
  requireDebate,
  toSummary,
  toDebate,
  emitDebateUpdated,
  seatsOfRow,
} from './debate-view';

export async function getDebate(deps: TDebatesDeps, id: number): Promise<TDebate> {
  return toDebate(deps, await requireDebate(deps, id));
}

export async function listMessages(deps: TDebatesDeps, debateId: number): Promise<TDebateMessage[]> {
  const rows = await repo.listMessages(db(deps), debateId, MESSAGE_HISTORY);
  return rows.map((r) => ({ ...r, id: Number(r.id), debateId: Number(r.debateId) }));
}

/**
 * Live rounds and rounds awaiting a ballot: those whose page would let `user` in (one rule, `roundViewRefusal`). A
 * practice round paired for later is not running yet.
 */
export async function listLiveDebates(deps: TDebatesDeps, user: TSessionUser | null): Promise<TDebateSummary[]> {
  const all = await repo.listDebatesByStatus(db(deps), ['live', 'awaiting_ballot'], LIST_LIMIT);
  const candidates = all.filter((r) => !isBeforeStart(r.startsAt, nowMs(deps)));
  const refusals = await Promise.all(candidates.map((row) => roundViewRefusal(deps, user, row)));
  const rows = candidates.filter((_, i) => refusals[i] === null);
  const names = await repo.findUserNames(
    db(deps),
    rows.flatMap((r) => [r.debaterAId, r.debaterBId, r.judgeId ?? '']).filter(Boolean),
  );
  return rows.map((r) => toSummary(r, names));
}

/**
 * Applies a clock command with compare-and-set on the clock version (any instance may receive it).
 * With `expectedVersion` a stale command is refused; without it, the command applies to the clock as it is now.
 */
export async function commandClock(
  deps: TDebatesDeps,
  user: TSessionUser,
  debateId: number,
  action: TClockAction,
  expectedVersion?: number,
): Promise<TClockReply> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const row = await requireDebate(deps, debateId);
    if (row.status !== 'live') throw new AppError('conflict', 'This debate is over.', undefined, 'round_over');
    const version = Number(row.clockVersion);
    if (expectedVersion !== undefined && expectedVersion !== version) {
      throw new AppError(
        'conflict',
        'The clock changed before your command arrived. Try again.',
        undefined,
        'clock_stale',
      );
    }
    const clock = repo.clockFromRow(row);
    const side = sideOf(row, user.id);
    if (isBeforeStart(row.startsAt, nowMs(deps))) {
      throw new AppError('conflict', ROUND_NOT_STARTED_MESSAGE, undefined, 'round_not_started');
    }
    const refusal = clockRefusal(row.formatId, clock, { side, isJudge: row.judgeId === user.id }, action);
    if (refusal) throw new AppError('forbidden', refusal, undefined, 'clock_turn');
    const now = nowMs(deps);
    let next: TClockState;
    try {
      next = applyClockAction(clock, action, side, now);
    } catch (error) {
      if (error instanceof ClockError) throw new AppError('conflict', error.message, undefined, error.code);
      throw error;
    }
    const isFinished = next.phase === 'finished';
    // A round with a judge, or with an invited judge yet to come, waits for the ballot.
    const endStatus = row.judgeId !== null || row.judgeInviteToken !== null ? 'awaiting_ballot' : 'completed';
    const endedAt = isFinished ? new Date(now).toISOString() : undefined;
    // A speech that ends now adds the time it really ran; the award rules read the total.
    const endsSpeech = clock.phase === 'speech' && (next.phase !== 'speech' || next.speechIndex !== clock.speechIndex);
    const spokenMs = Number(row.spokenMs) + (endsSpeech ? spokenIncrement(clock, now) : 0);
    const roundFacts = {
      ...(endsSpeech ? { spokenMs } : {}),
      ...(action === 'start_speech' && row.firstSpeechAt === null
        ? { firstSpeechAt: new Date(now).toISOString() }
        : {}),
    };
    const saved = await deps.database.db.transaction().execute(async (trx) => {
      const tx = repo.debatesDb(trx);
      const ok = await repo.updateClock(tx, debateId, version, next, {
        ...roundFacts,
        ...(isFinished ? { status: endStatus, ...(endedAt ? { endedAt } : {}) } : {}),
      });
      if (ok) {
        // The replay's timeline: every command that took effect, in order.
        await tx
          .insertInto('debateClockEvents')
          .values({
            debateId,
            action,
            phase: next.phase,
            speechIndex: next.speechIndex,
            at: new Date(now).toISOString(),
          })
          .execute();
      }
      if (ok && isFinished) await finishRound(tx, row, endStatus, spokenMs);
      return ok;
    });
    if (!saved) {
      if (expectedVersion !== undefined)
        throw new AppError(
          'conflict',
          'The clock changed before your command arrived. Try again.',
          undefined,
          'clock_stale',
        );
      continue;
    }
    const reply: TClockReply = { clock: next, clockVersion: version + 1, serverTime: Date.now() };
    deps.events.emit({
      name: 'debate.clock_changed',
      room: REALTIME_ROOMS.debate(String(debateId)),
      payload: { debateId, ...reply },
    });
    if (isFinished) await emitDebateUpdated(deps, debateId);
    return reply;
  }
  throw new AppError('conflict', 'The clock is busy. Try again.', undefined, 'clock_busy');
}

/** After the last speech: debaters are free again; without a judge, the round is settled now. */
async function finishRound(
  tx: repo.TDebatesDb,
  row: TDebateRow,
  status: 'awaiting_ballot' | 'completed',
  spokenMs: number,
) {
  await repo.releaseActiveDebaters(tx, Number(row.id));
  if (status === 'completed') await settleRound(tx, row, 'completed', { winnerSide: null, spokenMs, now: nowIso() });
}

export async function setExternalLink(
  deps: TDebatesDeps,
  user: TSessionUser,
  debateId: number,
  link: string,
): Promise<TDebate> {
  const row = await requireDebate(deps, debateId);
  if (!sideOf(row, user.id)) throw new AppError('forbidden', 'Only the debaters can share a meeting link.');
  await repo.setExternalLink(db(deps), debateId, link === '' ? null : link);
  return emitDebateUpdated(deps, debateId);
}

/**
 * Debaters and the judge write in the in-round chat; everyone signed in can read it. The community chat's
 * guarantees hold: at most CHAT_RATE_LIMIT per user (counted in the database, one step with the insert, so
 * instances and simultaneous sends cannot exceed it), and a retried `clientId` stores nothing twice.
 */
export async function postMessage(
  deps: TDebatesDeps,
  user: TSessionUser,
  debateId: number,
  input: { text: string; clientId?: string | undefined },
): Promise<TDebateMessage> {
  const row = await requireDebate(deps, debateId);
  if (!canPostInRound(user, seatsOfRow(row))) {
    throw new AppError(
      'forbidden',
      'Only the debaters and the judge can write in the round chat.',
      undefined,
      'not_in_round',
    );
  }
  const muted = muteRefusal(user);
  if (muted) throw new AppError(muted.code, muted.message, undefined, muted.reason);
  const stored = await withKeyLock(deps.database, `debate.send_message:${user.id}`, async (trx) => {
    const earlier = input.clientId ? await repo.findMessageByClientId(trx, user.id, input.clientId) : undefined;
    if (earlier) return { ...earlier, isNew: false };
    const now = new Date();
    const windowStart = new Date(now.getTime() - CHAT_RATE_LIMIT.windowMs).toISOString();
    if ((await repo.countRecentMessages(trx, user.id, windowStart)) >= CHAT_RATE_LIMIT.messages) {
      throw new AppError('rate_limited', CHAT_RATE_LIMIT_MESSAGE);
    }
    const values = { debateId, userId: user.id, text: input.text, createdAt: now.toISOString() };
    const id = await repo.insertMessage(trx, { ...values, clientId: input.clientId ?? null });
    return { id, text: values.text, createdAt: values.createdAt, isNew: true };
  });
  const message: TDebateMessage = {
    id: stored.id,
    debateId,
    userId: user.id,
    displayName: user.displayName,
    text: stored.text,
    createdAt: stored.createdAt,
  };
  if (stored.isNew) {
    deps.events.emit({
      name: 'debate.message_created',
      room: REALTIME_ROOMS.debate(String(debateId)),
      payload: { message },
    });
  }
  return message;
}

/**
 * Where a WebRTC signal goes. The round's media is a mesh of its debaters and judge, who send and receive, and the
 * spectators watching it, who only receive: a hello without a target goes to the whole room; every other signal
 * names one peer. A spectator (someone whose connection joined the room) may address only the debaters and the
 * judge, so spectators never signal each other or a stranger. Media lasts while the round is live or awaits its
 * ballot (a judge who arrives after the speeches can still give an oral critique).
 */
export async function signalRoute(
  deps: TDebatesDeps,
  user: TSessionUser,
  input: { debateId: number; toUserId?: string | undefined; signalType: string; isWatching: boolean },
): Promise<string> {
  const row = await requireDebate(deps, input.debateId);
  const participants = [row.debaterAId, row.debaterBId, row.judgeId].filter((id): id is string => !!id);
  const isParticipant = participants.includes(user.id);
  if (!isParticipant && !input.isWatching) {
    throw new AppError('forbidden', 'Only the people in the round share audio and video.');
  }
  if (row.status !== 'live' && row.status !== 'awaiting_ballot') {
    throw new AppError('conflict', 'The round is over: audio and video have ended.', undefined, 'round_over');
  }
  if (input.toUserId === undefined) {
    if (input.signalType !== 'hello') throw new AppError('validation_failed', 'Say who this signal is for.');
    return REALTIME_ROOMS.debate(String(input.debateId));
  }
  if (input.toUserId === user.id) throw new AppError('validation_failed', 'A signal cannot be sent to yourself.');
  if (!isParticipant && !participants.includes(input.toUserId)) {
    throw new AppError('forbidden', 'Spectators connect only to the debaters and the judge.');
  }
  return REALTIME_ROOMS.user(input.toUserId);
}

/** Whether a user is a debater or the judge of a debate (their presence matters: forfeits, "present" list). */
/** The debaters of every live debate (what a restarted instance must watch for forfeits). */
export async function listLiveDebaters(deps: TDebatesDeps): Promise<{ debateId: number; userId: string }[]> {
  const rows = await repo.listDebatesByStatus(db(deps), ['live'], 10_000);
  return rows.flatMap((row) =>
    [
      { userId: row.debaterAId, joinedAt: row.debaterAJoinedAt },
      { userId: row.debaterBId, joinedAt: row.debaterBJoinedAt },
    ]
      // A matched debater who never came is watched as at the match; a practice round's only once it is under way.
      .filter(({ joinedAt }) => row.teamId === null || (isUnderWay(row) && joinedAt !== null))
      .map(({ userId }) => ({ debateId: row.id, userId })),
  );
}

/** Whether the round's clock has run at all (its first command, at or after any start time, bumps the version). */
const isUnderWay = (row: TDebateRow) => Number(row.clockVersion) > 0;

/** A debater entered their room: the first time is recorded for the award rules (did a forfeiter ever come?). */
export async function notePresent(deps: TDebatesDeps, debateId: number, userId: string): Promise<void> {
  await repo.markDebaterPresent(db(deps), debateId, userId, nowIso());
}

export async function roleIn(deps: TDebatesDeps, debateId: number, userId: string) {
  const row = await repo.findDebate(db(deps), debateId);
  if (!row) return null;
  const side = sideOf(row, userId);
  const opponentId = side === 'a' ? row.debaterBId : side === 'b' ? row.debaterAId : null;
  return {
    side,
    opponentId,
    isJudge: row.judgeId === userId,
    status: row.status,
    // Absence forfeits a matched round from the match on; a practice round (paired by a coach, maybe for later) only
    // once its clock has run: before that the coach, not a timer, deals with a student who is not there.
    canForfeit: row.teamId === null || isUnderWay(row),
  };
}

/**
 * What a moderation report of a round copies into its case: the round, its debaters and judge with their names, and
 * the last `chatLines` lines of its chat. Null when there is no such round.
 */
export async function roundForReport(deps: TDebatesDeps, debateId: number, chatLines: number) {
  const row = await repo.findDebate(db(deps), debateId);
  if (!row) return null;
  const seats = [
    { userId: row.debaterAId, role: 'debater' as const },
    { userId: row.debaterBId, role: 'debater' as const },
    ...(row.judgeId ? [{ userId: row.judgeId, role: 'judge' as const }] : []),
  ];
  const names = await repo.findUserNames(
    db(deps),
    seats.map((s) => s.userId),
  );
  const chat = await repo.listMessages(db(deps), debateId, chatLines);
  return {
    id: Number(row.id),
    formatId: row.formatId,
    status: row.status,
    participants: seats.map((s) => ({ ...s, displayName: names.get(s.userId) ?? 'Deleted account' })),
    chat: chat.map((m) => ({
      id: Number(m.id),
      userId: m.userId,
      displayName: m.displayName,
      text: m.text,
      createdAt: m.createdAt,
    })),
  };
}
