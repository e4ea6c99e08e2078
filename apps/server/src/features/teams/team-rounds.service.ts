/**
 * Practice rounds a coach pairs: by hand, or everyone present at once (random or rating-balanced, the odd one out
 * judging). Each pair gets a debate room exactly like a matchmade one (clock, prep, video, chat, ballot); an
 * assigned judge is seated from the start, so the round waits for that judge's ballot.
 */
import {
  blockedPairingRefusal,
  createClock,
  isMinorRound,
  mayJudgeMinors,
  minorPairingJudgeRefusal,
  type TRoundRefusal,
  isBeforeStart,
  longestRoundMs,
  pairPresent,
  seatUnavailableRefusal,
  REALTIME_ROOMS,
  type TSessionUser,
  type TTeamRound,
  type ZPairRoundsRequest,
} from '@resolved/shared';
import type { z } from 'zod';
import { nowIso } from '../../db/database';
import { AppError, refused } from '../../lib/errors';
import { lockKeys } from '../../lib/key-lock';
import * as debatesRepo from '../debates/rounds.service';
import { lockMatching, deleteQueueEntry, clashingRound, utcTime } from '../matchmaking/queue.service';
import { drawResolutions } from '../motions/motions.service';
import { abandon } from '../results/results.service';
import { ratingsOf } from '../users/ratings.service';
import { displayedRating, NEW_RATING } from '../../lib/ratings/ratings';
import { findCurrentTopic } from '../topics/topics.service';
import * as repo from './teams.repository';
import { blockGraphOf, isEitherBlocked } from '../blocks/blocks.service';
import { requireCoach, toTeamRounds, type TTeamsDeps } from './teams.service';
import { coachIdsOfTeamsOf } from '../memberships/memberships.service';
import { ageBandsOf, findDoorUserById } from '../users/users.service';
import { inTransaction } from '../../db/transaction';
import { seatRefusalsAmong } from '../users/seats';
import { announceOpening, pairTeamRound } from './team-format-rounds';

type TPairing = z.output<typeof ZPairRoundsRequest>;
interface TPlannedRound {
  aUserId: string;
  bUserId: string;
  judgeUserId: string | null;
}

/**
 * Turns the coach's request into rounds: the pairs as given, or everyone present paired by the shared rule (then the
 * member left over judges the first round).
 */
async function plan(
  deps: TTeamsDeps,
  request: Exclude<TPairing, { mode: 'teams' }>,
): Promise<{ rounds: TPlannedRound[] }> {
  if (request.mode === 'manual') {
    const rounds = request.pairs.map((p) => ({
      aUserId: p.aUserId,
      bUserId: p.bUserId,
      judgeUserId: p.judgeUserId ?? null,
    }));
    return { rounds };
  }
  const present = [...new Set(request.presentUserIds)].filter((id) => id !== request.judgeUserId);
  const ratings = await ratingsOf(deps.database.db, request.formatId, present);
  const members = present.map((userId) => ({ userId, rating: displayedRating(ratings.get(userId) ?? NEW_RATING) }));
  // Around blocks where it can; a pair it cannot avoid is refused below with the conflict naming them.
  const isBlocked = await blockGraphOf(deps, present);
  const { pairs, oddOut } = pairPresent(members, request.sides, deps.random ?? Math.random, isBlocked);
  if (pairs.length === 0) throw new AppError('validation_failed', 'Mark at least two members present to pair.');
  // The odd one out judges the first round; the coach's chosen judge (if any) the next one.
  const judges = [oddOut?.userId, request.judgeUserId ?? undefined].filter((id): id is string => !!id);
  const rounds = pairs.map((p, i) => ({
    aUserId: p.sideA.userId,
    bUserId: p.sideB.userId,
    judgeUserId: judges[i] ?? null,
  }));
  return { rounds };
}

/** Creates every round of a pairing in one transaction, or none; tells each debater and judge it is open. */
export async function pairRounds(
  deps: TTeamsDeps,
  user: TSessionUser,
  teamId: number,
  request: TPairing,
): Promise<TTeamRound[]> {
  if (request.mode === 'teams') return pairTeamRound(deps, user, teamId, request);
  const team = await requireCoach(deps, user, teamId);
  const { rounds } = await plan(deps, request);
  const database = deps.database.db;
  const members = new Map((await repo.listMembers(database, teamId)).map((m) => [m.userId, m]));
  const debaters = rounds.flatMap((r) => [r.aUserId, r.bUserId]);
  const name = (id: string) => members.get(id)?.displayName ?? 'Someone';
  const outsider = [...debaters, ...rounds.map((r) => r.judgeUserId)].find((id) => id && !members.has(id));
  if (outsider)
    throw new AppError('validation_failed', 'Pair members of this team only.', undefined, 'not_team_member');
  const twice = debaters.find((id, i) => debaters.indexOf(id) !== i);
  if (twice) throw new AppError('validation_failed', `${name(twice)} is paired twice. Pair everyone once.`);
  // The coach may seat any member as a round's judge (as the odd one out is): one who debates in this pairing
  // cannot, since the rounds run at once. Naming a member a judge is only for taking a free seat unassigned.
  for (const round of rounds) {
    const judge = round.judgeUserId;
    if (judge && debaters.includes(judge)) {
      throw new AppError('validation_failed', `${name(judge)} cannot debate and judge in the same pairing.`);
    }
  }
  // Two members one of whom blocked the other are never paired, nor one judging the other's round.
  for (const round of rounds) {
    const people = [round.aUserId, round.bUserId, ...(round.judgeUserId ? [round.judgeUserId] : [])];
    for (const [i, x] of people.entries()) {
      for (const y of people.slice(i + 1)) {
        if (await isEitherBlocked(deps, x, y)) refuseRound(blockedPairingRefusal([name(x), name(y)]));
      }
    }
  }
  // A round with a minor is judged by a minor, a coach of either debater's team, staff or a verified judge.
  const bands = await ageBandsOf(database, debaters);
  for (const round of rounds) {
    const judgeId = round.judgeUserId;
    if (!judgeId || !isMinorRound([bands.get(round.aUserId), bands.get(round.bUserId)])) continue;
    const judge = (await findDoorUserById(database, judgeId))?.user;
    const coachIds = await coachIdsOfTeamsOf(database, [round.aUserId, round.bUserId]);
    const seats = { debaterAId: round.aUserId, debaterBId: round.bUserId, minorRoundCoachIds: coachIds };
    const isAllowed = !!judge && mayJudgeMinors(judge, { ...seats, status: 'live', judgeId, hasJudgeInvite: false });
    refuseRound(minorPairingJudgeRefusal(isAllowed ? null : name(judgeId)));
  }
  const now = nowIso();
  const nowMs = deps.now ? deps.now() : Date.now();
  // Past or missing: the rounds start now.
  const startMs = request.startsAt ? Math.max(Date.parse(request.startsAt), nowMs) : nowMs;
  const isForLater = startMs > nowMs;
  const created = await inTransaction(deps.database, async (trx) => {
    const tx = debatesRepo.debatesDb(trx);
    // Not matching: a pairing keeps queue sweeps out (they seat the same people) but runs beside other teams'
    // pairings; it locks its team (two coaches pairing at once) and every seat (a member of two teams).
    await lockMatching(tx, deps.database.engine, { isShared: true });
    const seats = [...debaters, ...rounds.flatMap((r) => (r.judgeUserId ? [r.judgeUserId] : []))];
    await lockKeys(trx, deps.database.engine, [`team:${teamId}`, ...seats.map((id) => `user:${id}`)]);
    // The seat rule for every debater and judge (a ban or a suspension), in neutral words naming them.
    const unseatable = await seatRefusalsAmong(trx, seats, nowMs);
    const unavailable = seats.find((id) => unseatable.has(id));
    if (unavailable) refuseRound(seatUnavailableRefusal(name(unavailable)));
    // Someone debating now is busy for a round that starts before theirs could be over (taken at the new round's
    // format's longest), and anyone whose scheduled round would overlap this one.
    const isSoon = startMs < nowMs + longestRoundMs(request.formatId);
    const busy = isSoon ? await debatesRepo.findActiveUserIds(tx, debaters) : new Set<string>();
    const scheduled = await debatesRepo.listScheduledRoundsOf(tx, debaters);
    for (const id of debaters) {
      const clash = clashingRound(scheduled, id, { formatId: request.formatId, startMs });
      if (!clash) continue;
      if (Date.parse(clash.startsAt) <= nowMs) busy.add(id);
      else {
        throw new AppError(
          'conflict',
          `${name(id)} has a practice round at ${utcTime(clash.startsAt)} that this one would run into.`,
          { debateId: clash.id, startsAt: clash.startsAt },
          'team_member_busy',
        );
      }
    }
    if (busy.size > 0) {
      throw new AppError(
        'conflict',
        `${[...busy].map(name).join(', ')} ${busy.size === 1 ? 'is' : 'are'} in another debate right now.`,
        undefined,
        'team_member_busy',
      );
    }
    const topic = await findCurrentTopic(tx);
    if (!topic) {
      throw refused('no_topic');
    }
    const resolutions = await drawResolutions(tx, request.formatId, rounds.length, topic, deps.random);
    const clock = createClock(request.formatId);
    const ids = await debatesRepo.insertDebates(
      tx,
      rounds.map((round, index) => ({
        kind: 'team' as const,
        formatId: request.formatId,
        resolution: resolutions[index]!.resolution,
        topicId: resolutions[index]!.topicId,
        debaterAId: round.aUserId,
        debaterBId: round.bUserId,
        judgeId: round.judgeUserId,
        teamId,
        startsAt: request.startsAt ?? null,
        clock,
        now,
      })),
    );
    // Someone waiting in the public queue is taken out of it: their coach's round comes first. For a round paired
    // for later, the matching sweep leaves out whoever could not be done by its start.
    if (!isForLater) for (const id of debaters) await deleteQueueEntry(tx, id);
    return rounds.map((round) => ids.get(round.aUserId)!);
  });
  const rows = await Promise.all(created.map((id) => debatesRepo.findDebate(debatesRepo.debatesDb(database), id)));
  const shaped = await toTeamRounds(
    deps,
    rows.filter((r) => r !== undefined),
  );
  // A round that starts now is announced now; one paired for later when its time comes (announceDueRounds).
  for (const round of shaped) if (!isBeforeStart(round.startsAt, nowMs)) announceOpening(deps, round);
  for (const member of members.keys()) {
    deps.events.emit({ name: 'team.changed', room: REALTIME_ROOMS.user(member), payload: { teamId: team.id } });
  }
  return shaped;
}

function refuseRound(refusal: TRoundRefusal | null): void {
  if (refusal) throw new AppError(refusal.code, refusal.message, undefined, refusal.reason);
}

/**
 * Announces the scheduled rounds whose start time has come. Every instance sweeps; the database claim lets exactly
 * one of them announce each round. A round that ended before its start (nobody can end one) is only cleared.
 * Returns how many rounds were announced.
 */
export async function announceDueRounds(deps: TTeamsDeps): Promise<number> {
  const database = deps.database.db;
  const tx = debatesRepo.debatesDb(database);
  const due = await debatesRepo.listDueOpenings(tx, new Date(deps.now ? deps.now() : Date.now()).toISOString(), 100);
  let announced = 0;
  for (const id of due) {
    if (!(await debatesRepo.claimOpening(tx, id))) continue;
    try {
      const row = await debatesRepo.findDebate(tx, id);
      if (!row || row.status !== 'live') continue;
      // Someone seated who may not be seated now (banned or suspended since the pairing): the round does not open.
      // It ends early, and everyone in it is told so in neutral words (`debate.ended_early`), naming nobody.
      // Every seat of every side (partners too), and the judge.
      const debaterIds = await debatesRepo.debaterIdsOfRound(tx, row);
      const seated = [...debaterIds, ...(row.judgeId ? [row.judgeId] : [])];
      if ((await seatRefusalsAmong(database, seated)).size > 0) {
        if (await abandon(deps, id, { isEndedEarly: true })) {
          for (const userId of seated) {
            deps.events.emit({
              name: 'debate.ended_early',
              room: REALTIME_ROOMS.user(userId),
              payload: { debateId: id },
            });
          }
        }
        continue;
      }
      // From its start the round is its debaters' one debate (see debatesRepo.insertDebates).
      await debatesRepo.takeActiveDebaters(tx, id, debaterIds);
      const [round] = await toTeamRounds(deps, [row]);
      if (!round) continue;
      announceOpening(deps, round, debaterIds);
      announced++;
    } catch (error) {
      // Not announced after all: due again, for the next sweep (here or on another instance).
      await debatesRepo.releaseOpening(tx, id);
      throw error;
    }
  }
  return announced;
}

/**
 * A coach calls off a live practice round, upcoming or under way (a student who never came, a pairing to redo): it
 * ends as abandoned, marked cancelled, with no points or rating change for anyone, and its debaters are free to be
 * paired again.
 */
export async function cancelRound(deps: TTeamsDeps, user: TSessionUser, teamId: number, debateId: number) {
  await requireCoach(deps, user, teamId);
  const row = await debatesRepo.findDebate(debatesRepo.debatesDb(deps.database.db), debateId);
  if (!row || row.teamId !== teamId) throw new AppError('not_found', 'This team has no such round.');
  if (!(await abandon(deps, debateId, { isCancel: true }))) {
    throw new AppError('conflict', 'This round is over already.', undefined, 'round_over');
  }
  for (const member of await repo.listMembers(deps.database.db, teamId)) {
    deps.events.emit({ name: 'team.changed', room: REALTIME_ROOMS.user(member.userId), payload: { teamId } });
  }
}
