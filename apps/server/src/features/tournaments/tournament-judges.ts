/**
 * Judges for a round being released: the pool's judges who may sit now, as the pure `assignJudges` reads them, and its
 * assignment. Runs inside the release's transaction (the rounds are not written yet), so a judge is seated in the
 * same step as the round is opened.
 *
 * Who is a candidate: a judge of the pool who did not say they cannot judge the round, is not an active entrant, passes
 * the seat rule (`seatRefusalsAmong`: not banned or suspended) and the judge's age door (`ageDoorRefusal`: a month of
 * birth given, not an account run with its team), and is not in a live round already. What the core then never does:
 * seat a judge in their own team's room, an entrant's room they declared a conflict with or one of whose debaters
 * blocked them (or they blocked), or a minor's room the safety rules keep from them (`mayJudgeMinors`: a minor, a
 * coach of either debater's team, staff, or a verified judge). It avoids repeats and spreads load by its costs.
 */
import {
  ageDoorRefusal,
  assignJudges,
  BP_SIDES,
  isMinorRound,
  judgeForbiddenReason,
  type TJudgeCandidate,
  type TJudgeRoom,
  type TSessionUser,
} from '@resolved/shared';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { blockGraphAmong } from '../blocks/blocks.service';
import * as rounds from '../debates/rounds.service';
import { panelsOf } from '../debates/panels.service';
import { coachIdsOfTeamsOf, teamIdsOfUsers } from '../memberships/memberships.service';
import { outcomesOf } from '../results/results.service';
import { seatRefusalsAmong } from '../users/seats';
import { ageBandsOf, findDoorUserById } from '../users/users.service';
import * as repo from './tournaments.repository';
import { bpRoomsOf } from './tournament-bp-records';
import * as poolRepo from './tournament-judge-pool.repository';
import type { TEntrantRow } from './tournaments.tables';

export interface TRoomToJudge {
  aff: TEntrantRow;
  neg: TEntrantRow;
  /**
   * A tournament of teams: every debater of the room (both teams' members). A judge's conflict or block with any of
   * them, or a team any of them is on, keeps the judge out; unset: the two entrants alone.
   */
  members?: readonly string[];
}

/** Everyone who debates in the room. */
const debatersOf = (room: TRoomToJudge) => room.members ?? [room.aff.userId, room.neg.userId];

/**
 * Each room's judges (in the order of `rooms`): one, or a panel of `panelSize` with its chair first; fewer (none) when
 * no allowed judge was left for a seat.
 */
export async function planJudges(
  trx: Kysely<DB>,
  input: {
    tournamentId: number;
    roundNumber: number;
    rooms: readonly TRoomToJudge[];
    /** Whether each debater counts as under 18 (`isMinorRound`). */
    minors: ReadonlyMap<string, boolean>;
    /** The active entrants' user ids: an entrant does not judge. */
    entrantUserIds: readonly string[];
    nowMs: number;
    /** Only these judges may sit (a standby: checked in, not seated this round); unset: the whole pool. */
    allowedIds?: ReadonlySet<string>;
    /** Judges per room: 1, or 3 for a panel. */
    panelSize?: number;
  },
): Promise<string[][]> {
  const { tournamentId, roundNumber, rooms } = input;
  if (rooms.length === 0) return [];
  const unavailable = new Set(
    (await poolRepo.listUnavailable(trx, tournamentId))
      .filter((r) => r.roundNumber === roundNumber)
      .map((r) => r.userId),
  );
  const entrants = new Set(input.entrantUserIds);
  let ids = (await repo.listJudges(trx, tournamentId))
    .map((j) => j.userId)
    .filter((userId) => !unavailable.has(userId) && !entrants.has(userId))
    .filter((userId) => !input.allowedIds || input.allowedIds.has(userId));
  const refused = await seatRefusalsAmong(trx, ids, input.nowMs);
  ids = ids.filter((userId) => !refused.has(userId));
  const busy = await rounds.findActiveUserIds(rounds.debatesDb(trx), ids);
  ids = ids.filter((userId) => !busy.has(userId));
  // As the door reads them: role, age band, verified judge, team-managed.
  const actors = new Map<string, TSessionUser>();
  for (const userId of ids) {
    const door = await findDoorUserById(trx, userId);
    if (door && !door.isBanned && ageDoorRefusal(door.user, 'judge') === null) actors.set(userId, door.user);
  }
  ids = ids.filter((userId) => actors.has(userId));
  if (ids.length === 0) return rooms.map(() => []);

  const debaterIds = rooms.flatMap(debatersOf);
  const candidates = await candidatesOf(trx, { tournamentId, roundNumber, ids, actors, debaterIds });
  const judgeRooms: TJudgeRoom[] = [];
  for (const [index, room] of rooms.entries())
    judgeRooms.push(await judgeRoomOf(trx, String(index), room, input.minors));
  const { panels } = assignJudges(judgeRooms, candidates, input.panelSize ?? 1);
  return panels.map((panel) => panel.judgeIds);
}

/** The pool's judges `ids` as the pure assignment reads them: teams, conflicts (declared, or a block), history. */
async function candidatesOf(
  trx: Kysely<DB>,
  input: {
    tournamentId: number;
    roundNumber: number;
    ids: readonly string[];
    actors: ReadonlyMap<string, TSessionUser>;
    /** The debaters of the rooms to judge: a block between a judge and one of them is a conflict. */
    debaterIds: readonly string[];
  },
): Promise<TJudgeCandidate[]> {
  const { tournamentId, roundNumber, ids, debaterIds } = input;
  const teams = await teamIdsOfUsers(trx, [...ids]);
  const isBlocked = await blockGraphAmong(trx, [...ids, ...debaterIds]);
  const entrantRows = await repo.listEntrants(trx, tournamentId);
  const userOfEntrant = new Map(entrantRows.map((e) => [e.id, e.userId]));
  const declared = new Map<string, string[]>();
  for (const c of await poolRepo.listConflicts(trx, tournamentId)) {
    const userId = userOfEntrant.get(Number(c.entrantId));
    if (userId) declared.set(c.userId, [...(declared.get(c.userId) ?? []), userId]);
  }
  // Who each judge has judged in this tournament's earlier rounds (once per time), and how many rounds.
  const earlier = (await repo.listPairings(trx, tournamentId)).filter((p) => p.number < roundNumber && !p.isBye);
  const outcomes = await outcomesOf(
    trx,
    earlier.flatMap((p) => (p.debateId === null ? [] : [p.debateId])),
  );
  const earlierPanels = await panelsOf(
    trx,
    earlier.flatMap((p) => (p.debateId === null ? [] : [p.debateId])),
  );
  const judged = new Map<string, string[]>();
  const rounds = new Map<string, number>();
  const judgedRoom = (judgeId: string, debaters: readonly (string | undefined)[]) => {
    judged.set(judgeId, [...(judged.get(judgeId) ?? []), ...debaters.filter((d): d is string => d !== undefined)]);
    rounds.set(judgeId, (rounds.get(judgeId) ?? 0) + 1);
  };
  // A British Parliamentary room's judges judged its four teams (the chair, or the panel's every judge).
  const bp = await bpRoomsOf(trx, tournamentId);
  const bpEarlier = bp.rooms.filter((room) => room.number < roundNumber && room.debateId !== null);
  const bpPanels = await panelsOf(
    trx,
    bpEarlier.map((room) => room.debateId!),
  );
  for (const room of bpEarlier) {
    const chair = bp.outcomes.get(room.debateId!)?.judgeId ?? null;
    const captains = BP_SIDES.map((side) => userOfEntrant.get(room.teams[side]));
    for (const id of bpPanels.get(room.debateId!) ?? (chair === null ? [] : [chair])) judgedRoom(id, captains);
  }
  for (const p of earlier) {
    const judgeId = p.debateId === null ? null : (outcomes.get(p.debateId)?.judgeId ?? null);
    if (judgeId === null) continue;
    const debaters = [
      userOfEntrant.get(p.affEntrantId),
      p.negEntrantId === null ? undefined : userOfEntrant.get(p.negEntrantId),
    ];
    // Every judge of a panel judged the round, not only its chair.
    for (const id of earlierPanels.get(p.debateId!) ?? [judgeId]) judgedRoom(id, debaters);
  }
  return ids.map((id) => ({
    id,
    actor: input.actors.get(id)!,
    teamIds: teams.get(id) ?? [],
    conflictIds: [...(declared.get(id) ?? []), ...debaterIds.filter((d) => isBlocked(id, d))],
    judgedIds: judged.get(id) ?? [],
    load: rounds.get(id) ?? 0,
  }));
}

/** A room as the pure assignment reads it: its debaters, whether one is a minor, and their teams' coaches. */
async function judgeRoomOf(
  trx: Kysely<DB>,
  key: string,
  room: TRoomToJudge,
  minors: ReadonlyMap<string, boolean>,
): Promise<TJudgeRoom> {
  const people = debatersOf(room);
  const hasMinor = people.some((userId) => minors.get(userId) ?? true);
  const debaters = [
    { id: room.aff.userId, teamId: room.aff.teamId },
    { id: room.neg.userId, teamId: room.neg.teamId },
  ];
  if (room.members) {
    // Each member under every team they are on: a judge of any of those teams never judges the room.
    const teams = await teamIdsOfUsers(trx, [...room.members]);
    for (const id of room.members) {
      debaters.push({ id, teamId: null }, ...(teams.get(id) ?? []).map((teamId) => ({ id, teamId })));
    }
  }
  return { key, debaters, hasMinor, coachIds: hasMinor ? await coachIdsOfTeamsOf(trx, people) : [] };
}

const FORBIDDEN_WORDS: Record<NonNullable<ReturnType<typeof judgeForbiddenReason>>, string> = {
  own_debate: 'debates in this room',
  own_team: 'is on the team of a debater in this room',
  conflict: 'has a conflict with a debater in this room (declared, or one of them blocked the other)',
  minor_round: 'may not judge a room with a debater under 18 (only their coaches, verified judges, staff or minors)',
};

/**
 * Why `judgeId` may not take the judge's seat of `room` in round `roundNumber` (words after their name), or null
 * when they may: the same rules as the release's assignment — in the pool, available for the round, not an
 * entrant, the seat rule and the judge's age door, not in another live round or another room of this round, and
 * never their own team's room, a conflict's or block's, or a minor's room the safety rules keep from them.
 */
export async function judgeSeatRefusal(
  trx: Kysely<DB>,
  input: {
    tournamentId: number;
    roundNumber: number;
    room: TRoomToJudge;
    judgeId: string;
    /** Judges seated in this round's other rooms. */
    otherRoomJudgeIds: readonly string[];
    entrantUserIds: readonly string[];
    nowMs: number;
  },
): Promise<string | null> {
  const { tournamentId, roundNumber, judgeId } = input;
  if (!(await repo.isJudge(trx, tournamentId, judgeId))) return 'is not in this tournament’s judge pool';
  const unavailable = (await poolRepo.listUnavailable(trx, tournamentId)).some(
    (r) => r.roundNumber === roundNumber && r.userId === judgeId,
  );
  if (unavailable) return `said they cannot judge round ${roundNumber}`;
  if (input.entrantUserIds.includes(judgeId)) return 'is an entrant';
  if ((await seatRefusalsAmong(trx, [judgeId], input.nowMs)).has(judgeId)) return 'may not take a seat right now';
  const door = await findDoorUserById(trx, judgeId);
  if (!door || door.isBanned || ageDoorRefusal(door.user, 'judge') !== null) return 'may not judge yet';
  if (input.otherRoomJudgeIds.includes(judgeId)) return 'judges another room of this round';
  if ((await rounds.findActiveUserIds(rounds.debatesDb(trx), [judgeId])).has(judgeId)) return 'is in a live debate';
  const debaterIds = debatersOf(input.room);
  const [candidate] = await candidatesOf(trx, {
    tournamentId,
    roundNumber,
    ids: [judgeId],
    actors: new Map([[judgeId, door.user]]),
    debaterIds,
  });
  const minors = new Map(
    (await ageBandsOfUsers(trx, debaterIds)).map(([userId, isMinor]) => [userId, isMinor] as const),
  );
  const reason = judgeForbiddenReason(candidate!, await judgeRoomOf(trx, 'room', input.room, minors));
  return reason === null ? null : FORBIDDEN_WORDS[reason];
}

/** Whether each user counts as under 18 (no age given counts as under 18). */
async function ageBandsOfUsers(trx: Kysely<DB>, userIds: readonly string[]): Promise<[string, boolean][]> {
  const bands = await ageBandsOf(trx, userIds);
  return userIds.map((userId) => [userId, isMinorRound([bands.get(userId)])]);
}
