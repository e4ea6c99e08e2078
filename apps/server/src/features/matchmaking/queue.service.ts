/** The queue: joining, leaving, and the matching sweep that pairs everyone waiting in a format. */
import {
  ageDoorRefusal,
  suspensionRefusal,
  playbanRefusal,
  FORMATS,
  FORFEIT_AFTER_MS,
  isFourTeamFormat,
  REALTIME_ROOMS,
  createClock,
  longestRoundMs,
  roundsOverlap,
  type TFormatId,
  ZJoinTeamQueueRequest,
  type TJoinQueueResult,
  type TJoinTeamQueueRequest,
  type TQueueStatus,
  type TSessionUser,
} from '@resolved/shared';
import { nowIso, type TEngine } from '../../db/database';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError, refuse, refused, refusedError } from '../../lib/errors';
import { findCurrentTopic } from '../topics/topics.service';
import { drawResolutions, listMotionTexts } from '../motions/motions.service';
import * as repo from '../debates/rounds.service';
import { db, nowMs } from '../debates/round-row';
import * as mmRepo from './matchmaking.repository';
import type { TDebatesDeps } from '../../context';
import { forgetPendingJoin, requestSweep, sweepWriting, type TPendingJoin } from './sweeps';
import { inTransaction } from '../../db/transaction';
import { blockGraphAmong } from '../blocks/blocks.service';
import { cooldownUntil } from '../playban/playban.service';
import { meetingProfilesOf } from './meeting';
import { decodePartnerIds } from './matchmaking.repository';
import { planRounds, roomQueueCount, teamRowsOf, type TPlannedRound } from './team-queue';
import { checkTeamJoin, queuePartnersOf } from './partners.service';
import { takeOutWithTeam, tellPartnersLeft } from './queue-teams';
import { seatRefusalsAmong } from '../users/seats';
import { openBpRooms } from './bp-queue';

type TScheduledRound = Awaited<ReturnType<typeof repo.listScheduledRoundsOf>>[number];

/**
 * The scheduled practice round of `userId` that a new round of `formatId` starting at `startMs` would run into (each
 * taken at its longest, `roundsOverlap`), or undefined. A round paired for later is not the debater's yet: until its
 * start they may debate rounds that are over by then.
 */
export function clashingRound(
  rounds: readonly TScheduledRound[],
  userId: string,
  window: { formatId: TFormatId; startMs: number },
): TScheduledRound | undefined {
  return rounds.find(
    (r) =>
      r.debaterIds.includes(userId) && roundsOverlap(window, { formatId: r.formatId, startMs: Date.parse(r.startsAt) }),
  );
}

/** `2026-11-26 15:00 UTC`: a start time in a message (the web shows it in the viewer's own time zone). */
export function utcTime(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}

/** The refusal of a random round that would run into the user's practice round starting at `round.startsAt`. */
export function startsSoonError(round: TScheduledRound, formatId: TFormatId): AppError {
  const minutes = Math.round(longestRoundMs(formatId) / 60_000);
  return new AppError(
    'conflict',
    `Your practice round starts at ${utcTime(round.startsAt)}. A random ${FORMATS[formatId].name} round can last up to ` +
      `${minutes} minutes, so it would run into it: find an opponent after your practice round.`,
    { debateId: round.id, startsAt: round.startsAt, formatId, longestMinutes: minutes },
    'round_starts_soon',
  );
}

export async function getQueueStatus(deps: TDebatesDeps, userId: string): Promise<TQueueStatus> {
  const tx = db(deps);
  const now = nowMs(deps);
  const [entry, guardedDebateId, scheduled, cooldown] = await Promise.all([
    mmRepo.findQueueEntry(tx, userId),
    repo.findActiveDebateId(tx, userId),
    repo.listScheduledRoundsOf(tx, [userId]),
    cooldownUntil(tx, userId, now),
  ]);
  // A scheduled round is the user's from its start (its guard is taken by the opening sweep a moment later).
  const started = scheduled.find((r) => Date.parse(r.startsAt) <= now);
  const upcoming = scheduled.find((r) => Date.parse(r.startsAt) > now);
  const activeDebateId = guardedDebateId ?? started?.id ?? null;
  const topic = entry ? await findCurrentTopic(deps.database.db) : undefined;
  // A format with a motion bank draws the round's motion when the pair is made.
  const hasBank = entry ? (await listMotionTexts(deps.database.db, entry.formatId)).length > 0 : false;
  const resolution = hasBank
    ? 'A motion from the bank, revealed when you are matched.'
    : (topic?.title ?? 'No topic has been set yet.');
  const { partners, partnerInvites } = await queuePartnersOf(deps, userId, entry);
  // A British Parliamentary room opens at four teams: the card says how many are there.
  const room =
    entry && isFourTeamFormat(entry.formatId)
      ? roomQueueCount(await mmRepo.listQueue(tx, entry.formatId), entry.formatId)
      : undefined;
  return {
    waiting: entry
      ? {
          formatId: entry.formatId,
          since: entry.createdAt,
          resolution,
          mode: entry.mode,
          partners,
          ...(room ? { room } : {}),
        }
      : null,
    // Only when there are any: a status without partners reads as it did before teams.
    ...(partnerInvites.length > 0 ? { partnerInvites } : {}),
    activeDebateId,
    upcomingRound: upcoming
      ? { debateId: upcoming.id, formatId: upcoming.formatId, startsAt: upcoming.startsAt }
      : null,
    cooldownUntil: cooldown,
    forfeitAfterMs: deps.forfeitAfterMs ?? FORFEIT_AFTER_MS,
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
  request: TFormatId | TJoinTeamQueueRequest,
): Promise<TJoinQueueResult> {
  // A bare format queues as `{ formatId }` does over HTTP (`ZJoinTeamQueueRequest`).
  const { formatId, mode, partnerIds, speechMinutes } =
    typeof request === 'string' ? ZJoinTeamQueueRequest.parse({ formatId: request }) : request;
  refuse(ageDoorRefusal(user, 'queue'));
  refuse(suspensionRefusal(user));
  const active = await repo.findActiveDebateId(db(deps), user.id);
  if (active !== null) throw refused('already_in_debate', { debateId: active });
  const now = nowMs(deps);
  const clash = clashingRound(await repo.listScheduledRoundsOf(db(deps), [user.id]), user.id, {
    formatId,
    startMs: now,
  });
  if (clash && Date.parse(clash.startsAt) <= now) {
    throw refused('already_in_debate', { debateId: clash.id });
  }
  if (clash) throw startsSoonError(clash, formatId);
  // Left or missed rounds: a cooldown (one primary-key read), after the live-round check so a debater is sent back.
  const cooldown = await cooldownUntil(db(deps), user.id, now);
  const cooling = playbanRefusal(cooldown, now);
  if (cooling) throw refusedError(cooling, { cooldownUntil: cooldown });
  // A team: both partners press join naming each other (docs/decisions.md); the checks come before anything is written.
  if (mode === 'team') await checkTeamJoin(deps, user.id, formatId, partnerIds);
  const matched = await requestMatching(deps, formatId, {
    userId: user.id,
    createdAt: nowIso(),
    mode,
    partnerIds,
    ...(speechMinutes === undefined ? {} : { speechMinutes }),
  });
  // Paired by this sweep, or already in a debate (another instance's sweep, a challenge).
  const debateId = matched.get(user.id) ?? (await repo.findActiveDebateId(db(deps), user.id));
  if (debateId !== null) return { status: 'matched', debateId };
  for (const partnerId of partnerIds) {
    deps.events.emit({
      name: 'queue.partner_changed',
      room: REALTIME_ROOMS.user(partnerId),
      payload: { partnerId: user.id, change: 'joined' },
    });
  }
  return { status: 'waiting', queue: await getQueueStatus(deps, user.id) };
}

/** Takes a user out of the queue if they are waiting (their last connection closed); true when they were. */
export async function leaveQueueIfWaiting(deps: TDebatesDeps, userId: string): Promise<boolean> {
  const wasPending = forgetPendingJoin(deps, userId);
  // A sweep of this instance writing this user's join right now commits first (on PostgreSQL the delete would
  // not see its uncommitted row), and the join is then undone here.
  await sweepWriting(deps, userId);
  const { wasWaiting, partnersLeft } = await takeOutWithTeam(db(deps), userId);
  tellPartnersLeft(deps, partnersLeft);
  return wasWaiting || wasPending;
}

export async function leaveQueue(deps: TDebatesDeps, userId: string): Promise<void> {
  if (!(await leaveQueueIfWaiting(deps, userId))) {
    throw new AppError('not_found', 'You are not waiting for a debate.', undefined, 'not_waiting');
  }
}

/** A debate made from an accepted challenge link (its kind says so), with its debaters' one-debate guards. */
export async function newDebate(
  deps: TDebatesDeps,
  tx: repo.TDebatesDb,
  formatId: TFormatId,
  debaterAId: string,
  debaterBId: string,
  prepMinutes?: number,
): Promise<number> {
  const topic = await findCurrentTopic(tx);
  if (!topic) throw refused('no_topic');
  const now = nowIso();
  const [drawn] = await drawResolutions(tx, formatId, 1, topic, deps.random);
  const debateId = await repo.insertDebate(tx, {
    kind: 'challenge',
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
  const outcome = await inTransaction(deps.database, async (trx) => {
    const tx = repo.debatesDb(trx);
    await mmRepo.lockMatching(tx, deps.database.engine);
    await mmRepo.upsertQueueEntries(
      tx,
      formatId,
      joins.map((j) => ({ ...j, mode: j.mode ?? 'solo', partnerIds: j.partnerIds ?? [] })),
    );
    const entries = await mmRepo.listQueue(tx, formatId);
    const busy = await repo.findActiveUserIds(
      tx,
      entries.map((e) => e.userId),
    );
    // Someone who got into a debate another way (a challenge), or whose practice round now starts too soon for a
    // round of this format (they joined in time but waited), leaves the queue.
    const scheduled = await repo.listScheduledRoundsOf(
      tx,
      entries.map((e) => e.userId),
    );
    const startMs = nowMs(deps);
    for (const e of entries) if (clashingRound(scheduled, e.userId, { formatId, startMs })) busy.add(e.userId);
    // Someone banned or suspended since they joined (on any instance: the rule is read here, at pairing) loses their
    // place instead of being paired.
    const unseatable = await seatRefusalsAmong(
      tx,
      entries.map((e) => e.userId),
      startMs,
    );
    for (const id of unseatable.keys()) busy.add(id);
    // A team queues as one: the partners of someone who leaves the queue here leave it too, and are told.
    const rows = entries.map((e) => ({ ...e, id: Number(e.id) }));
    const partnersLeft = teamRowsOf(rows, busy).map((row) => ({
      userId: row.userId,
      partnerIds: decodePartnerIds(row.partnerIds).filter((id) => busy.has(id)),
    }));
    for (const { userId } of partnersLeft) busy.add(userId);
    await mmRepo.deleteQueueEntries(
      tx,
      entries.filter((e) => busy.has(e.userId)).map((e) => Number(e.id)),
    );
    const free = entries.filter((e) => !busy.has(e.userId)).map((e) => ({ ...e, id: Number(e.id) }));
    // Nobody is paired with someone they blocked or who blocked them, nor across age bands unless teammates (minors
    // with minors, adults with adults); the others pair as if those were not there. In a team format the same holds
    // between every two people of a round, partners included (`matchTeamQueue`).
    const waitingIds = free.map((e) => e.userId);
    const isBlocked = await blockGraphAmong(tx, waitingIds);
    const profiles = await meetingProfilesOf(tx, waitingIds);
    const planned = planRounds(free, formatId, { random: deps.random ?? Math.random, isBlocked, profiles });
    if (planned.length === 0) return { created: [], partnersLeft };
    // Without a topic nobody is paired, but the joins stay written: they are paired once there is one.
    const topic = await findCurrentTopic(tx);
    if (!topic) return { created: [], hasNoTopic: true, partnersLeft };
    await mmRepo.deleteQueueEntries(
      tx,
      planned.flatMap((round) => round.rowIds),
    );
    const now = nowIso();
    const clock = createClock(formatId);
    const resolutions = await drawResolutions(tx, formatId, planned.length, topic, deps.random);
    if (isFourTeamFormat(formatId)) {
      return { created: await openBpRooms(trx, deps, planned, resolutions), partnersLeft };
    }
    const firstOf = (round: TPlannedRound, side: string) => round.seats.find((seat) => seat.side === side)!.userId;
    const ids = await repo.insertDebates(
      tx,
      planned.map((round, index) => ({
        kind: 'matchmade' as const,
        formatId,
        resolution: resolutions[index]!.resolution,
        topicId: resolutions[index]!.topicId,
        debaterAId: firstOf(round, 'a'),
        debaterBId: firstOf(round, 'b'),
        seats: round.seats,
        clock,
        now,
      })),
    );
    return {
      created: planned.map((round) => ({
        debateId: ids.get(firstOf(round, 'a'))!,
        userIds: round.seats.map((seat) => seat.userId),
      })),
      partnersLeft,
    };
  });
  tellPartnersLeft(deps, outcome.partnersLeft);
  if (outcome.hasNoTopic) {
    throw refused('no_topic');
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

/** Asks for a matching sweep of a format that writes `join` first (see `requestSweep`). */
export function requestMatching(
  deps: TDebatesDeps,
  formatId: TFormatId,
  join?: TPendingJoin,
): Promise<Map<string, number>> {
  return requestSweep(deps, formatId, join, (joins) => runMatching(deps, formatId, joins));
}

/**
 * A change that widens who may meet whom (a coach's approval, a join to a team, an admin's change of a month of birth)
 * sweeps again the formats these users wait in, so a pair it makes matchable is paired now rather than at the next
 * join. The sweep takes the matching lock and reads the queue from the database, so it pairs people waiting through
 * any instance; it runs after the change has committed, so it reads it. Without a topic nobody is paired, as for a
 * join: the change itself stands.
 */
export async function rematchWaiting(deps: TDebatesDeps, userIds: readonly string[]): Promise<void> {
  for (const formatId of await mmRepo.listQueuedFormatsOf(db(deps), userIds)) {
    try {
      await requestMatching(deps, formatId);
    } catch (err) {
      if (!(err instanceof AppError && err.reason === 'no_topic')) throw err;
    }
  }
}

/**
 * A ban or a suspension takes effect on matchmaking at once: the person's queue place goes and their open challenge
 * links are revoked (under the matching lock, so no sweep or acceptance is half-way through with them). A join still
 * waiting in another instance's sweep batch is caught by that sweep's own seat check.
 */
export async function withdrawFromMatchmaking(deps: TDebatesDeps, userId: string): Promise<void> {
  forgetPendingJoin(deps, userId);
  await sweepWriting(deps, userId);
  const { partnersLeft } = await underMatchingLock(deps, async (tx) => {
    const out = await takeOutWithTeam(tx, userId);
    await mmRepo.deleteOpenChallengesOf(tx, userId);
    return out;
  });
  tellPartnersLeft(deps, partnersLeft);
}

/** What a coach's pairing (teams) runs inside its transaction: the matching lock, and leaving the queue. */
export async function deleteQueueEntry(db: Kysely<DB>, userId: string): Promise<number> {
  return mmRepo.deleteQueueEntry(db, userId);
}

/**
 * Serialises matching (queue sweeps and challenge acceptance) across every instance. On PostgreSQL a
 * transaction-scoped advisory lock; on SQLite the single writer already serialises transactions. `isShared`: for
 * work that writes the same one-debate guards but is not matching (a coach's pairing): it waits for a sweep and keeps
 * sweeps out while it runs, but runs beside other shared holders (which lock their own keys, `lockKeys`).
 */
export async function lockMatching(db: Kysely<DB>, engine: TEngine, options: { isShared?: boolean } = {}) {
  return mmRepo.lockMatching(db, engine, options);
}

/**
 * Runs `work` in a transaction holding the matching lock (the one the sweep, challenge links and a coach's pairing
 * take), so that a change the pairing reads (a block) lands wholly before or after any pairing: a sweep either sees it
 * or made its rounds before it (and the block then finds them).
 */
export function underMatchingLock<T>(deps: TDebatesDeps, work: (tx: repo.TDebatesDb) => Promise<T>): Promise<T> {
  return inTransaction(deps.database, async (trx) => {
    const tx = repo.debatesDb(trx);
    await mmRepo.lockMatching(tx, deps.database.engine);
    return work(tx);
  });
}
