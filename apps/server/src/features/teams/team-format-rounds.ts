/**
 * A coach pairs a round of a team format (issue 40): the members of each side in position order (the first takes the
 * side's first position), and a judge if any. Every seat rule is read by `seatRoundIn` over all of its people
 * (bans and suspensions, blocks between any two, who a minor meets, positions valid for the format); this module
 * adds what a coach's pairing needs: members of this team only, and no practice round paired for later run into.
 * Such a round starts now or, as a one-on-one pairing, at a later time (`startsAt`): then it is announced to every
 * seat and guarded from its start (`announceDueRounds`), and its debaters are free until then for rounds over by it.
 */
import { FORMATS, REALTIME_ROOMS, type TDebaterSeatInput, type TSessionUser, type TTeamRound } from '@resolved/shared';
import { AppError, refused } from '../../lib/errors';
import { inTransaction } from '../../db/transaction';
import { lockKeys } from '../../lib/key-lock';
import { seatRoundIn } from '../debates/round-seating';
import * as debatesRepo from '../debates/rounds.service';
import { clashingRound, deleteQueueEntry, lockMatching, utcTime } from '../matchmaking/queue.service';
import { drawResolutions } from '../motions/motions.service';
import { findCurrentTopic } from '../topics/topics.service';
import * as repo from './teams.repository';
import { requireCoach, toTeamRounds, type TTeamsDeps } from './teams.service';

/** A coach's pairing of one round of a team format (`ZPairRoundsRequest`, mode `teams`). */
export interface TTeamPairing {
  mode: 'teams';
  formatId: keyof typeof FORMATS;
  sideA: string[];
  sideB: string[];
  judgeUserId?: string | null;
  startsAt?: string | null;
}

const SIDE_KEYS = ['a', 'b'] as const;

/**
 * Opens one round of two sides of this team's members: a 400 for someone outside the team (or a bad seating), a 409
 * naming who when a seat rule refuses, someone is in a round now, or a practice round paired for later would be run
 * into. Everyone seated leaves the public queue; every debater and the judge are told.
 */
export async function pairTeamRound(
  deps: TTeamsDeps,
  user: TSessionUser,
  teamId: number,
  request: TTeamPairing,
): Promise<TTeamRound[]> {
  const team = await requireCoach(deps, user, teamId);
  const database = deps.database.db;
  const members = new Map((await repo.listMembers(database, teamId)).map((m) => [m.userId, m]));
  const name = (id: string) => members.get(id)?.displayName ?? 'Someone';
  const debaters = [...request.sideA, ...request.sideB];
  const outsider = [...debaters, ...(request.judgeUserId ? [request.judgeUserId] : [])].find((id) => !members.has(id));
  if (outsider) {
    throw new AppError('validation_failed', 'Pair members of this team only.', undefined, 'not_team_member');
  }
  const nowMs = deps.now ? deps.now() : Date.now();
  // Past or missing: the round starts now.
  const startMs = request.startsAt ? Math.max(Date.parse(request.startsAt), nowMs) : nowMs;
  const isForLater = startMs > nowMs;
  const tx = debatesRepo.debatesDb(database);
  const scheduled = await debatesRepo.listScheduledRoundsOf(tx, debaters);
  for (const id of debaters) {
    const clash = clashingRound(scheduled, id, { formatId: request.formatId, startMs });
    // One that has started is a debate now (its guard may not be taken yet: the opening sweep takes it).
    if (clash && Date.parse(clash.startsAt) <= nowMs) {
      throw new AppError('conflict', `${name(id)} is in another debate right now.`, undefined, 'team_member_busy');
    }
    if (clash) {
      throw new AppError(
        'conflict',
        `${name(id)} has a practice round at ${utcTime(clash.startsAt)} that this one would run into.`,
        { debateId: clash.id, startsAt: clash.startsAt },
        'team_member_busy',
      );
    }
  }
  const topic = await findCurrentTopic(tx);
  if (!topic) throw refused('no_topic');
  const [drawn] = await drawResolutions(tx, request.formatId, 1, topic, deps.random);
  const sideList = FORMATS[request.formatId].sideList;
  const seats: TDebaterSeatInput[] = [request.sideA, request.sideB].flatMap((side, s) =>
    side.map((userId, i) => ({ userId, side: SIDE_KEYS[s]!, position: sideList[s]!.positions[i]?.id ?? null })),
  );
  const people = [...debaters, ...(request.judgeUserId ? [request.judgeUserId] : [])];
  const debateId = await inTransaction(deps.database, async (trx) => {
    // As every coach's pairing: queue sweeps (which seat the same people) wait, and the team and every seat are
    // locked, so two pairings or a sweep never seat one person twice (a 409 naming them instead).
    await lockMatching(debatesRepo.debatesDb(trx), deps.database.engine, { isShared: true });
    await lockKeys(trx, deps.database.engine, [`team:${teamId}`, ...people.map((id) => `user:${id}`)]);
    const id = await seatRoundIn(trx, deps, {
      kind: 'team',
      formatId: request.formatId,
      resolution: drawn!.resolution,
      topicId: drawn!.topicId,
      debaters: seats,
      judgeId: request.judgeUserId ?? null,
      teamId,
      startsAt: request.startsAt ?? null,
    });
    // Someone waiting in the public queue is taken out of it: their coach's round comes first. For a round paired
    // for later, the matching sweep leaves out whoever could not be done by its start.
    if (!isForLater) for (const userId of debaters) await deleteQueueEntry(trx, userId);
    return id;
  });
  const row = await debatesRepo.findDebate(tx, debateId);
  const shaped = await toTeamRounds(deps, row ? [row] : []);
  // A round that starts now is announced now; one paired for later when its time comes (announceDueRounds).
  if (!isForLater) for (const round of shaped) announceOpening(deps, round, debaters);
  for (const member of members.keys()) {
    deps.events.emit({ name: 'team.changed', room: REALTIME_ROOMS.user(member), payload: { teamId: team.id } });
  }
  return shaped;
}

/**
 * Tells each debater (every seat: `debaterIds`, else each side's first) and the judge of a round, on every tab, that
 * it is open.
 */
export function announceOpening(deps: TTeamsDeps, round: TTeamRound, debaterIds?: readonly string[]): void {
  const ids = debaterIds ?? [round.debaters.a.userId, round.debaters.b.userId];
  const seats: [string, 'debater' | 'judge'][] = ids.map((id) => [id, 'debater']);
  if (round.judge) seats.push([round.judge.userId, 'judge']);
  for (const [userId, role] of seats) {
    deps.events.emit({ name: 'team.round_opened', room: REALTIME_ROOMS.user(userId), payload: { round, role } });
  }
}
