/**
 * Live debates: the queue and matching, challenges, the server-authoritative clock, judging, ballots,
 * points, ratings and history. Emits domain events; never touches sockets.
 */
import { randomBytes } from 'node:crypto';
import {
  FORMAT_IDS,
  type TDebateRecord,
  wasJudgeSeatedBeforeSpeeches,
  applyClockAction,
  clockRefusal,
  spokenIncrement,
  stopRound,
  CHAT_RATE_LIMIT,
  CHAT_RATE_LIMIT_MESSAGE,
  ClockError,
  BALLOT_DEADLINE_MS,
  FORMATS,
  REALTIME_ROOMS,
  createClock,
  pairQueue,
  resolvePrepMinutes,
  type TBallot,
  type TClockAction,
  type TClockReply,
  type TClockState,
  type TCreateChallengeRequest,
  type TDebate,
  type TDebateMessage,
  type TDebateParticipant,
  type TDebateSummary,
  type TFormatId,
  type THistoryEntry,
  type TJoinQueueResult,
  type TQueueStatus,
  type TRandom,
  type TSessionUser,
  type TSideKey,
  type TSubmitBallotRequest,
} from '@resolved/shared';
import { nowIso, type TDatabase } from '../../db/database';
import { AppError } from '../../lib/errors';
import { withKeyLock } from '../../lib/key-lock';
import type { DomainEvents } from '../../lib/events';
import { findCurrentTopic } from '../topics/topics.repository';
import { drawResolutions } from '../motions/motions.service';
import { listMotionTexts } from '../motions/motions.repository';
import * as repo from './debates.repository';
import { settleRound } from '../results/awards';
import type { TDebateRow } from './debates.repository';
import { NEW_RATING, rateResult, summarizeRating } from './ratings';

export interface TDebatesDeps {
  database: TDatabase;
  events: DomainEvents;
  /** Side draws; tests inject a fixed source. */
  random?: TRandom;
  /** Server time in ms; tests may inject. */
  now?: () => number;
}

const LIST_LIMIT = 100;
const MESSAGE_HISTORY = 200;

const db = (deps: TDebatesDeps) => repo.debatesDb(deps.database.db);
const nowMs = (deps: TDebatesDeps) => (deps.now ? deps.now() : Date.now());

function sideOf(row: TDebateRow, userId: string): TSideKey | null {
  if (row.debaterAId === userId) return 'a';
  if (row.debaterBId === userId) return 'b';
  return null;
}

async function requireDebate(deps: TDebatesDeps, id: number, tx = db(deps)): Promise<TDebateRow> {
  const row = await repo.findDebate(tx, id);
  if (!row) throw new AppError('not_found', 'That debate does not exist.');
  return row;
}

// ---- Shaping ----

function toBallot(
  row: Awaited<ReturnType<typeof repo.findBallots>>[number] | undefined,
  names: Map<string, string>,
  wasJudgePresent: boolean,
): TBallot | null {
  if (!row) return null;
  return {
    winnerSide: row.winnerSide,
    speakerPoints: { a: Number(row.speakerPointsA) / 10, b: Number(row.speakerPointsB) / 10 },
    reason: row.reason,
    judge: row.judgeId ? { userId: row.judgeId, displayName: names.get(row.judgeId) ?? 'Former user' } : null,
    wasJudgePresent,
    createdAt: row.createdAt,
  };
}

function participant(id: string, names: Map<string, string>): TDebateParticipant {
  return { userId: id, displayName: names.get(id) ?? 'Former user' };
}

function toSummary(row: TDebateRow, names: Map<string, string>): TDebateSummary {
  return {
    id: Number(row.id),
    formatId: row.formatId,
    resolution: row.resolution,
    status: row.status,
    debaters: { a: participant(row.debaterAId, names), b: participant(row.debaterBId, names) },
    judge: row.judgeId ? participant(row.judgeId, names) : null,
    winnerSide: row.winnerSide,
    createdAt: row.createdAt,
    endedAt: row.endedAt,
  };
}

async function toDebate(deps: TDebatesDeps, row: TDebateRow): Promise<TDebate> {
  const tx = db(deps);
  const [ballotRow] = await repo.findBallots(tx, [Number(row.id)]);
  const names = await repo.findUserNames(
    tx,
    [row.debaterAId, row.debaterBId, row.judgeId, ballotRow?.judgeId].filter((v): v is string => !!v),
  );
  const ratings = await repo.findRatings(tx, row.formatId, [row.debaterAId, row.debaterBId]);
  const awards = row.status === 'live' ? [] : await repo.listDebateAwards(tx, Number(row.id));
  const debater = (id: string) => ({
    ...participant(id, names),
    rating: summarizeRating(ratings.get(id) ?? NEW_RATING),
  });
  return {
    ...toSummary(row, names),
    debaters: { a: debater(row.debaterAId), b: debater(row.debaterBId) },
    forfeitedBy: row.forfeitedBy,
    externalLink: row.externalLink,
    clock: repo.clockFromRow(row),
    clockVersion: Number(row.clockVersion),
    ballot: toBallot(ballotRow, names, wasJudgeSeatedBeforeSpeeches(row)),
    hasJudgeInvite: row.judgeInviteToken !== null,
    awards: awards.map((entry) => ({
      userId: entry.userId,
      points: Number(entry.newScore) - Number(entry.oldScore),
      reason: entry.reason,
    })),
  };
}

async function emitDebateUpdated(deps: TDebatesDeps, debateId: number): Promise<TDebate> {
  const debate = await toDebate(deps, await requireDebate(deps, debateId));
  deps.events.emit({ name: 'debate.updated', room: REALTIME_ROOMS.debate(String(debateId)), payload: { debate } });
  return debate;
}

// ---- Queue and matching ----

export async function getQueueStatus(deps: TDebatesDeps, userId: string): Promise<TQueueStatus> {
  const tx = db(deps);
  const [entry, activeDebateId] = await Promise.all([
    repo.findQueueEntry(tx, userId),
    repo.findActiveDebateId(tx, userId),
  ]);
  const topic = entry ? await findCurrentTopic(deps.database.db) : undefined;
  // A format with a motion bank draws the round's motion when the pair is made.
  const hasBank = entry ? (await listMotionTexts(deps.database.db, entry.formatId)).length > 0 : false;
  const resolution = hasBank
    ? 'A motion from the bank, revealed when you are matched.'
    : (topic?.title ?? 'No topic has been set yet.');
  return {
    waiting: entry ? { formatId: entry.formatId, since: entry.createdAt, resolution } : null,
    activeDebateId,
  };
}

/**
 * Join the queue for a format. The join is written by the next matching sweep of that format, shared with
 * everyone who joins meanwhile (one transaction for a burst of joins instead of a write and a sweep each),
 * and answered when that sweep has ended. A user already in a live debate is sent back to it.
 */
export async function joinQueue(
  deps: TDebatesDeps,
  user: TSessionUser,
  formatId: TFormatId,
): Promise<TJoinQueueResult> {
  const active = await repo.findActiveDebateId(db(deps), user.id);
  if (active !== null) throw new AppError('conflict', 'You are already in a debate.', { debateId: active });
  const matched = await requestMatching(deps, formatId, { userId: user.id, createdAt: nowIso() });
  // Paired by this sweep, or already in a debate (another instance's sweep, a challenge).
  const debateId = matched.get(user.id) ?? (await repo.findActiveDebateId(db(deps), user.id));
  if (debateId !== null) return { status: 'matched', debateId };
  return { status: 'waiting', queue: await getQueueStatus(deps, user.id) };
}

/** Takes a user out of the queue if they are waiting (their last connection closed); true when they were. */
export async function leaveQueueIfWaiting(deps: TDebatesDeps, userId: string): Promise<boolean> {
  const wasPending = forgetPendingJoin(deps, userId);
  // A sweep of this instance writing this user's join right now commits first (on PostgreSQL the delete would
  // not see its uncommitted row), and the join is then undone here.
  await sweepWriting(deps, userId);
  return (await repo.deleteQueueEntry(db(deps), userId)) > 0 || wasPending;
}

export async function leaveQueue(deps: TDebatesDeps, userId: string): Promise<void> {
  if (!(await leaveQueueIfWaiting(deps, userId))) {
    throw new AppError('not_found', 'You are not waiting for a debate.');
  }
}

async function newDebate(
  deps: TDebatesDeps,
  tx: repo.TDebatesDb,
  formatId: TFormatId,
  debaterAId: string,
  debaterBId: string,
  prepMinutes?: number,
): Promise<number> {
  const topic = await findCurrentTopic(tx);
  if (!topic) throw new AppError('conflict', 'No topic has been set yet, so there is nothing to debate.');
  const now = nowIso();
  const [drawn] = await drawResolutions(tx, formatId, 1, topic, deps.random);
  const debateId = await repo.insertDebate(tx, {
    formatId,
    resolution: drawn!.resolution,
    topicId: drawn!.topicId,
    debaterAId,
    debaterBId,
    clock: createClock(formatId, prepMinutes === undefined ? {} : { prepMinutes }),
    now,
  });
  await repo.insertActiveDebaters(tx, debateId, [debaterAId, debaterBId]);
  return debateId;
}

/** A join waiting to be written by the next sweep of its format. */
interface TPendingJoin {
  userId: string;
  createdAt: string;
}

/**
 * Writes the pending joins of a format and pairs everyone waiting in it, in one transaction. One matcher at
 * a time (advisory lock on PostgreSQL, the single writer on SQLite), so each sweep sees every committed
 * entry and no one lands in two debates; the active-debater primary key backs this up. The debates of a
 * sweep are written in a few multi-row statements, so a sweep that pairs a thousand costs about what one
 * that pairs a few does. Returns the debate of everyone it paired.
 */
export async function runMatching(
  deps: TDebatesDeps,
  formatId: TFormatId,
  joins: readonly TPendingJoin[] = [],
): Promise<Map<string, number>> {
  const outcome = await deps.database.db.transaction().execute(async (trx) => {
    const tx = repo.debatesDb(trx);
    await repo.lockMatching(tx, deps.database.engine);
    await repo.upsertQueueEntries(tx, formatId, joins);
    const entries = await repo.listQueue(tx, formatId);
    const busy = await repo.findActiveUserIds(
      tx,
      entries.map((e) => e.userId),
    );
    // Someone who got into a debate another way (a challenge) leaves the queue.
    await repo.deleteQueueEntries(
      tx,
      entries.filter((e) => busy.has(e.userId)).map((e) => Number(e.id)),
    );
    const free = entries.filter((e) => !busy.has(e.userId)).map((e) => ({ ...e, id: Number(e.id) }));
    const { pairs } = pairQueue(free, deps.random ?? Math.random);
    if (pairs.length === 0) return { created: [] };
    // Without a topic nobody is paired, but the joins stay written: they are paired once there is one.
    const topic = await findCurrentTopic(tx);
    if (!topic) return { created: [], hasNoTopic: true };
    await repo.deleteQueueEntries(
      tx,
      pairs.flatMap((pair) => [pair.sideA.id, pair.sideB.id]),
    );
    const now = nowIso();
    const clock = createClock(formatId);
    const resolutions = await drawResolutions(tx, formatId, pairs.length, topic, deps.random);
    const ids = await repo.insertDebates(
      tx,
      pairs.map((pair, index) => ({
        formatId,
        resolution: resolutions[index]!.resolution,
        topicId: resolutions[index]!.topicId,
        debaterAId: pair.sideA.userId,
        debaterBId: pair.sideB.userId,
        clock,
        now,
      })),
    );
    return {
      created: pairs.map((pair) => ({
        debateId: ids.get(pair.sideA.userId)!,
        userIds: [pair.sideA.userId, pair.sideB.userId],
      })),
    };
  });
  if (outcome.hasNoTopic) {
    throw new AppError('conflict', 'No topic has been set yet, so there is nothing to debate.');
  }
  const debateOf = new Map<string, number>();
  for (const { debateId, userIds } of outcome.created) {
    for (const userId of userIds) {
      debateOf.set(userId, debateId);
      deps.events.emit({ name: 'debate.matched', room: REALTIME_ROOMS.user(userId), payload: { debateId } });
    }
  }
  return debateOf;
}

interface TSweeps {
  /** The sweep running now, if any. */
  running: Promise<unknown> | null;
  /** The sweep that starts when the running one ends: every join until it starts waits for it. */
  next: Promise<Map<string, number>> | null;
  /** Joins the next sweep writes (a user joining twice meanwhile counts once, with their first time). */
  pending: Map<string, TPendingJoin>;
  /** The users whose joins the running sweep is writing. */
  writing: ReadonlySet<string>;
}

/** Per database handle (one per instance) and format. */
const sweepsByDatabase = new WeakMap<object, Map<TFormatId, TSweeps>>();

function sweepsOf(deps: TDebatesDeps, formatId: TFormatId): TSweeps {
  let byFormat = sweepsByDatabase.get(deps.database);
  if (!byFormat) sweepsByDatabase.set(deps.database, (byFormat = new Map()));
  let sweeps = byFormat.get(formatId);
  if (!sweeps) byFormat.set(formatId, (sweeps = { running: null, next: null, pending: new Map(), writing: new Set() }));
  return sweeps;
}

/** Drops a join that no sweep has written yet (the user cancelled first); true if there was one. */
function forgetPendingJoin(deps: TDebatesDeps, userId: string): boolean {
  let forgotten = false;
  for (const sweeps of sweepsByDatabase.get(deps.database)?.values() ?? []) {
    forgotten = sweeps.pending.delete(userId) || forgotten;
  }
  return forgotten;
}

/** Resolves once no running sweep of this instance is writing the user's join. */
async function sweepWriting(deps: TDebatesDeps, userId: string): Promise<void> {
  for (const sweeps of sweepsByDatabase.get(deps.database)?.values() ?? []) {
    if (sweeps.writing.has(userId)) await sweeps.running?.catch(() => undefined);
  }
}

/**
 * Asks for a matching sweep of a format (writing `join` first) and resolves with the debates of the users
 * it paired once a sweep that started after this call has ended. Joins that arrive while a sweep runs share
 * the next one, so a burst of N joins costs a few sweeps, not N. A failed sweep rejects only its own waiters.
 */
export function requestMatching(
  deps: TDebatesDeps,
  formatId: TFormatId,
  join?: TPendingJoin,
): Promise<Map<string, number>> {
  const state = sweepsOf(deps, formatId);
  if (join) {
    // Joining one format takes the user out of a pending join for another (as the queue's upsert does).
    forgetPendingJoin(deps, join.userId);
    state.pending.set(join.userId, join);
  }
  if (state.next) return state.next;
  const previous = state.running ?? Promise.resolve();
  const sweep: Promise<Map<string, number>> = previous
    .catch(() => undefined)
    // One turn of the event loop, so that the joins whose requests arrived together share this sweep.
    .then(() => new Promise<void>((resolve) => setImmediate(resolve)))
    .then(() => {
      state.next = null;
      state.running = sweep;
      const joins = [...state.pending.values()];
      state.pending = new Map();
      state.writing = new Set(joins.map((j) => j.userId));
      return runMatching(deps, formatId, joins);
    })
    .finally(() => {
      if (state.running === sweep) {
        state.running = null;
        state.writing = new Set();
      }
    });
  state.next = sweep;
  return sweep;
}

// ---- Challenges ----

export async function createChallenge(
  deps: TDebatesDeps,
  user: TSessionUser,
  request: TCreateChallengeRequest,
): Promise<{ token: string; formatId: TFormatId; prepMinutes: number }> {
  const token = randomBytes(16).toString('base64url');
  const prepMinutes = request.prepMinutes ?? null;
  await repo.insertChallenge(db(deps), {
    token,
    userId: user.id,
    formatId: request.formatId,
    prepMinutes,
    now: nowIso(),
  });
  return {
    token,
    formatId: request.formatId,
    prepMinutes: resolvePrepMinutes(FORMATS[request.formatId], request.prepMinutes),
  };
}

export async function getChallenge(deps: TDebatesDeps, token: string) {
  const challenge = await repo.findChallenge(db(deps), token);
  if (!challenge) throw new AppError('not_found', 'That challenge link is not valid.');
  const names = await repo.findUserNames(db(deps), [challenge.userId]);
  return {
    formatId: challenge.formatId,
    prepMinutes: resolvePrepMinutes(FORMATS[challenge.formatId], challenge.prepMinutes ?? undefined),
    challenger: participant(challenge.userId, names),
    debateId: challenge.debateId === null ? null : Number(challenge.debateId),
  };
}

export async function acceptChallenge(deps: TDebatesDeps, user: TSessionUser, token: string): Promise<number> {
  const debateId = await deps.database.db.transaction().execute(async (trx) => {
    const tx = repo.debatesDb(trx);
    await repo.lockMatching(tx, deps.database.engine);
    const challenge = await repo.findChallenge(tx, token);
    if (!challenge) throw new AppError('not_found', 'That challenge link is not valid.');
    if (challenge.debateId !== null) throw new AppError('conflict', 'This challenge has already been accepted.');
    if (challenge.userId === user.id) {
      throw new AppError('conflict', 'Send this link to a friend: you cannot accept your own challenge.');
    }
    const busy = await repo.findActiveUserIds(tx, [challenge.userId, user.id]);
    if (busy.has(user.id)) throw new AppError('conflict', 'You are already in a debate.');
    if (busy.has(challenge.userId)) throw new AppError('conflict', 'Your challenger is in another debate right now.');
    const random = deps.random ?? Math.random;
    const [a, b] = random() < 0.5 ? [challenge.userId, user.id] : [user.id, challenge.userId];
    const id = await newDebate(deps, tx, challenge.formatId, a, b, challenge.prepMinutes ?? undefined);
    await repo.markChallengeUsed(tx, token, id);
    await repo.deleteQueueEntry(tx, challenge.userId);
    await repo.deleteQueueEntry(tx, user.id);
    return id;
  });
  const row = await requireDebate(deps, debateId);
  for (const userId of [row.debaterAId, row.debaterBId]) {
    deps.events.emit({ name: 'debate.matched', room: REALTIME_ROOMS.user(userId), payload: { debateId } });
  }
  return debateId;
}

// ---- Reading ----

export async function getDebate(deps: TDebatesDeps, id: number): Promise<TDebate> {
  return toDebate(deps, await requireDebate(deps, id));
}

export async function listMessages(deps: TDebatesDeps, debateId: number): Promise<TDebateMessage[]> {
  const rows = await repo.listMessages(db(deps), debateId, MESSAGE_HISTORY);
  return rows.map((r) => ({ ...r, id: Number(r.id), debateId: Number(r.debateId) }));
}

export async function listLiveDebates(deps: TDebatesDeps): Promise<TDebateSummary[]> {
  const rows = await repo.listDebatesByStatus(db(deps), ['live', 'awaiting_ballot'], LIST_LIMIT);
  const names = await repo.findUserNames(
    db(deps),
    rows.flatMap((r) => [r.debaterAId, r.debaterBId, r.judgeId ?? '']).filter(Boolean),
  );
  return rows.map((r) => toSummary(r, names));
}

export async function getHistory(
  deps: TDebatesDeps,
  userId: string,
): Promise<{ debates: THistoryEntry[]; debatesJoined: number }> {
  const tx = db(deps);
  const rows = await repo.listDebatesOfUser(tx, userId, LIST_LIMIT);
  const ballots = await repo.findBallots(
    tx,
    rows.map((r) => Number(r.id)),
  );
  const names = await repo.findUserNames(
    tx,
    rows.flatMap((r) => [r.debaterAId, r.debaterBId, r.judgeId ?? '']).filter(Boolean),
  );
  const debates = rows.map((row): THistoryEntry => {
    const side = sideOf(row, userId) ?? 'a';
    const other: TSideKey = side === 'a' ? 'b' : 'a';
    const summary = toSummary(row, names);
    return {
      ...summary,
      side,
      opponent: summary.debaters[other],
      result: row.winnerSide === null ? 'no-decision' : row.winnerSide === side ? 'win' : 'loss',
      ballot: toBallot(
        ballots.find((b) => Number(b.debateId) === Number(row.id)),
        names,
        wasJudgeSeatedBeforeSpeeches(row),
      ),
    };
  });
  return { debates, debatesJoined: await repo.countDebatesOfUser(tx, userId) };
}

/** The signed-in debater's own record over every round they debated (dashboard). */
export async function getRecord(deps: TDebatesDeps, userId: string): Promise<TDebateRecord> {
  const tx = db(deps);
  const rows = await repo.listDebatesOfUser(tx, userId, 10_000);
  const finished = rows.filter((row) => row.status !== 'live' && row.status !== 'awaiting_ballot');
  const sideIn = (row: TDebateRow) => sideOf(row, userId) ?? 'a';
  const ballots = await repo.findBallots(
    tx,
    finished.map((row) => Number(row.id)),
  );
  const points = ballots.map((ballot) => {
    const row = finished.find((r) => Number(r.id) === Number(ballot.debateId));
    return Number(row && sideIn(row) === 'b' ? ballot.speakerPointsB : ballot.speakerPointsA) / 10;
  });
  const ratings = [];
  for (const formatId of FORMAT_IDS) {
    const rating = (await repo.findRatings(tx, formatId, [userId])).get(userId);
    if (rating) ratings.push({ formatId, rating: summarizeRating(rating) });
  }
  return {
    wins: finished.filter((row) => row.winnerSide !== null && row.winnerSide === sideIn(row)).length,
    losses: finished.filter((row) => row.winnerSide !== null && row.winnerSide !== sideIn(row)).length,
    noDecision: finished.filter((row) => row.winnerSide === null).length,
    averageSpeakerPoints:
      points.length === 0 ? null : Math.round((points.reduce((a, b) => a + b, 0) / points.length) * 10) / 10,
    ratings,
  };
}

export async function countDebatesJoined(deps: TDebatesDeps, userId: string): Promise<number> {
  return repo.countDebatesOfUser(db(deps), userId);
}

export async function listRatings(deps: TDebatesDeps, formatId: TFormatId) {
  const rows = await repo.listRatings(db(deps), formatId, LIST_LIMIT);
  return rows.map((r) => ({
    userId: r.userId,
    displayName: r.displayName,
    ...summarizeRating({
      rating: Number(r.rating),
      deviation: Number(r.deviation),
      volatility: Number(r.volatility),
      games: Number(r.games),
    }),
  }));
}

// ---- The clock ----

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
    if (row.status !== 'live') throw new AppError('conflict', 'This debate is over.');
    const version = Number(row.clockVersion);
    if (expectedVersion !== undefined && expectedVersion !== version) {
      throw new AppError('conflict', 'The clock changed before your command arrived. Try again.');
    }
    const clock = repo.clockFromRow(row);
    const side = sideOf(row, user.id);
    const refusal = clockRefusal(row.formatId, clock, { side, isJudge: row.judgeId === user.id }, action);
    if (refusal) throw new AppError('forbidden', refusal);
    const now = nowMs(deps);
    let next: TClockState;
    try {
      next = applyClockAction(clock, action, side, now);
    } catch (error) {
      if (error instanceof ClockError) throw new AppError('conflict', error.message, { reason: error.code });
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
      if (ok && isFinished) await finishRound(tx, row, endStatus, spokenMs);
      return ok;
    });
    if (!saved) {
      if (expectedVersion !== undefined)
        throw new AppError('conflict', 'The clock changed before your command arrived. Try again.');
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
  throw new AppError('conflict', 'The clock is busy. Try again.');
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

// ---- Judge, ballot, forfeit ----

/**
 * Takes the judge's seat: first come while the round is live, or — with a debater's invitation — also after the last
 * speech while the round waits for that judge's ballot. A judge who sits after the speeches began is marked so.
 */
export async function joinAsJudge(
  deps: TDebatesDeps,
  user: TSessionUser,
  debateId: number,
  invite?: string,
): Promise<TDebate> {
  const row = await requireDebate(deps, debateId);
  if (sideOf(row, user.id)) throw new AppError('forbidden', 'A debater cannot judge their own debate.');
  if (row.judgeId === user.id) return toDebate(deps, row);
  const isOpen = row.status === 'live' || (row.status === 'awaiting_ballot' && row.judgeId === null);
  if (!isOpen) throw new AppError('conflict', 'This debate is over.');
  if (row.judgeId !== null) throw new AppError('conflict', 'This debate already has a judge.');
  if (row.judgeInviteToken !== null && invite !== row.judgeInviteToken) {
    throw new AppError(
      'conflict',
      invite ? 'That judge invitation is no longer valid.' : 'A debater has invited a judge for this round.',
    );
  }
  if (!(await repo.claimJudge(db(deps), debateId, user.id, row.judgeInviteToken === null ? undefined : invite))) {
    throw new AppError('conflict', 'This debate already has a judge.');
  }
  return emitDebateUpdated(deps, debateId);
}

/**
 * A debater invites a judge by link (before or during the round): the seat is kept for the link's holder, and a
 * round that ends before they arrive waits for their ballot (the ballot deadline applies). A new invitation
 * replaces the previous one.
 */
export async function inviteJudge(
  deps: TDebatesDeps,
  user: TSessionUser,
  debateId: number,
): Promise<{ token: string; debate: TDebate }> {
  const row = await requireDebate(deps, debateId);
  if (!sideOf(row, user.id)) throw new AppError('forbidden', 'Only the debaters can invite a judge.');
  if (row.status !== 'live') throw new AppError('conflict', 'This debate is over.');
  if (row.judgeId !== null) throw new AppError('conflict', 'This debate already has a judge.');
  const token = randomBytes(16).toString('base64url');
  await repo.setJudgeInvite(db(deps), debateId, token);
  return { token, debate: await emitDebateUpdated(deps, debateId) };
}

export async function submitBallot(
  deps: TDebatesDeps,
  user: TSessionUser,
  debateId: number,
  ballot: TSubmitBallotRequest,
): Promise<TDebate> {
  await deps.database.db.transaction().execute(async (trx) => {
    const tx = repo.debatesDb(trx);
    const row = await requireDebate(deps, debateId, tx);
    if (row.judgeId !== user.id) throw new AppError('forbidden', 'Only the judge of this debate can submit a ballot.');
    if (row.status !== 'awaiting_ballot') {
      throw new AppError(
        'conflict',
        row.status === 'live' ? 'The ballot opens after the last speech.' : 'This debate has already been decided.',
      );
    }
    const now = nowIso();
    const moved = await repo.transitionStatus(tx, debateId, ['awaiting_ballot'], {
      status: 'judged',
      winnerSide: ballot.winnerSide,
    });
    if (!moved) throw new AppError('conflict', 'This debate has already been decided.');
    await repo.insertBallot(tx, {
      debateId,
      judgeId: user.id,
      winnerSide: ballot.winnerSide,
      speakerPointsA: Math.round(ballot.speakerPoints.a * 10),
      speakerPointsB: Math.round(ballot.speakerPoints.b * 10),
      reason: ballot.reason,
      createdAt: now,
    });
    const winnerId = ballot.winnerSide === 'a' ? row.debaterAId : row.debaterBId;
    const loserId = ballot.winnerSide === 'a' ? row.debaterBId : row.debaterAId;
    const settled = await settleRound(tx, row, 'judged', {
      winnerSide: ballot.winnerSide,
      spokenMs: Number(row.spokenMs),
      now,
    });
    if (!settled.isRated) return;
    const ratings = await repo.findRatings(tx, row.formatId, [winnerId, loserId]);
    const rated = rateResult(ratings.get(winnerId) ?? NEW_RATING, ratings.get(loserId) ?? NEW_RATING);
    await repo.saveRating(tx, winnerId, row.formatId, rated.winner, now);
    await repo.saveRating(tx, loserId, row.formatId, rated.loser, now);
  });
  return emitDebateUpdated(deps, debateId);
}

/**
 * Debates whose judge let the ballot deadline pass are completed without a decision: both debaters get
 * their completion points, the judge nothing. Safe to run on every instance at once. Returns the ids closed.
 */
export async function closeUnjudgedDebates(deps: TDebatesDeps, deadlineMs = BALLOT_DEADLINE_MS): Promise<number[]> {
  const cutoff = new Date(Date.now() - deadlineMs).toISOString();
  const closed: number[] = [];
  for (const row of await repo.listUnjudgedBefore(db(deps), cutoff)) {
    const debateId = Number(row.id);
    const moved = await deps.database.db.transaction().execute(async (trx) => {
      const tx = repo.debatesDb(trx);
      if (!(await repo.transitionStatus(tx, debateId, ['awaiting_ballot'], { status: 'completed' }))) return false;
      await settleRound(tx, row, 'completed', { winnerSide: null, spokenMs: Number(row.spokenMs), now: nowIso() });
      return true;
    });
    if (moved) {
      closed.push(debateId);
      await emitDebateUpdated(deps, debateId);
    }
  }
  return closed;
}

/** A debater away for too long (or who leaves) forfeits a live debate; the other side wins. */
export async function forfeit(deps: TDebatesDeps, debateId: number, userId: string): Promise<TDebate | null> {
  const changed = await deps.database.db.transaction().execute(async (trx) => {
    const tx = repo.debatesDb(trx);
    const row = await requireDebate(deps, debateId, tx);
    const side = sideOf(row, userId);
    if (!side || row.status !== 'live') return false;
    const winnerSide: TSideKey = side === 'a' ? 'b' : 'a';
    const now = nowIso();
    const moved = await repo.transitionStatus(tx, debateId, ['live'], {
      status: 'forfeited',
      winnerSide,
      forfeitedBy: userId,
      endedAt: now,
      clock: stopRound(repo.clockFromRow(row), nowMs(deps)),
    });
    if (!moved) return false;
    await repo.releaseActiveDebaters(tx, debateId);
    // The speech running at the forfeit counts for what it ran.
    const spokenMs = Number(row.spokenMs) + spokenIncrement(repo.clockFromRow(row), nowMs(deps));
    await settleRound(tx, row, 'forfeited', { winnerSide, forfeitedBy: userId, spokenMs, now });
    return true;
  });
  return changed ? emitDebateUpdated(deps, debateId) : null;
}

/**
 * Both debaters left at once (issue 16): nobody is blamed, the round is abandoned with its clock stopped, and nobody
 * earns points. Returns null when the debate was no longer live.
 */
export async function abandon(deps: TDebatesDeps, debateId: number): Promise<TDebate | null> {
  const changed = await deps.database.db.transaction().execute(async (trx) => {
    const tx = repo.debatesDb(trx);
    const row = await requireDebate(deps, debateId, tx);
    if (row.status !== 'live') return false;
    const moved = await repo.transitionStatus(tx, debateId, ['live'], {
      status: 'abandoned',
      endedAt: nowIso(),
      clock: stopRound(repo.clockFromRow(row), nowMs(deps)),
    });
    if (moved) await repo.releaseActiveDebaters(tx, debateId);
    return moved;
  });
  return changed ? emitDebateUpdated(deps, debateId) : null;
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

// ---- In-round chat and signalling ----

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
  if (!sideOf(row, user.id) && row.judgeId !== user.id) {
    throw new AppError('forbidden', 'Only the debaters and the judge can write in the round chat.');
  }
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
    throw new AppError('conflict', 'The round is over: audio and video have ended.');
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
  return rows.flatMap((row) => [row.debaterAId, row.debaterBId].map((userId) => ({ debateId: row.id, userId })));
}

/** A debater entered their room: the first time is recorded for the award rules (did a forfeiter ever come?). */
export async function notePresent(deps: TDebatesDeps, debateId: number, userId: string): Promise<void> {
  await repo.markDebaterPresent(db(deps), debateId, userId, nowIso());
}

export async function roleIn(deps: TDebatesDeps, debateId: number, userId: string) {
  const row = await repo.findDebate(db(deps), debateId);
  if (!row) return null;
  const side = sideOf(row, userId);
  const opponentId = side === 'a' ? row.debaterBId : side === 'b' ? row.debaterAId : null;
  return { side, opponentId, isJudge: row.judgeId === userId, status: row.status };
}
