/**
 * Judges for a drawn round: a cost for every (seat, judge) pair, then the assignment of least total cost
 * (`linear-sum-assignment`, rectangular: fewer judges than seats leaves seats empty, more leaves standbys), in the way
 * of Tabbycat's Hungarian allocator.
 *
 * A judge is never seated (cost `FORBIDDEN_JUDGE_COST`, and such a seat is left empty rather than filled) for a
 * debate of their own team, of an entrant they declared a conflict with, of themselves, or with a minor in it when
 * the safety rules forbid them (`mayJudgeMinors`). Otherwise a seat costs `REPEAT_COST` for each time the judge has
 * judged either debater before and `LOAD_COST` for each round they have judged in this tournament, so work spreads
 * and debaters meet new judges. The first seat of every room is filled before any second seat of a panel.
 */
import { linearSumAssignment } from 'linear-sum-assignment';
import { mayJudgeMinors, type TJudgeActor } from '../rules/judge.js';
import type { TRoundSeats } from '../rules/round.js';

export interface TJudgeCandidate {
  id: string;
  /** The user as the safety rules read them: role, age band, whether an admin verified them as a judge. */
  actor: NonNullable<TJudgeActor>;
  /** The teams they belong to, in any role: they never judge an entrant of one of these. */
  teamIds: readonly number[];
  /** Entrants they declared a conflict with. */
  conflictIds: readonly string[];
  /** Entrants they have judged in this tournament, once per time judged. */
  judgedIds: readonly string[];
  /** Rounds of this tournament they have judged so far. */
  load: number;
}

export interface TJudgeRoom {
  /** The server's key for the debate (its id, or its index in the draw). */
  key: string;
  /** The two debaters (aff first). */
  debaters: readonly { id: string; teamId: number | null }[];
  /** Whether a debater is under 18 (or gave no age): `isMinorRound`. */
  hasMinor: boolean;
  /** Coaches of the teams either debater belongs to: the safety rules let them judge the minor's round. */
  coachIds: readonly string[];
}

export const FORBIDDEN_JUDGE_COST = 1e9;
export const REPEAT_COST = 100;
export const LOAD_COST = 10;
/** Added per seat after a room's first, so that every room has one judge before any has two. */
const EXTRA_SEAT_COST = 100_000;

/** The room as the safety rules read a round about to start with its judge's seat free. */
function seatsOf(room: TJudgeRoom): TRoundSeats {
  return {
    status: 'live',
    debaterAId: room.debaters[0]?.id ?? '',
    debaterBId: room.debaters[1]?.id ?? '',
    judgeId: null,
    hasJudgeInvite: false,
    hasMinor: room.hasMinor,
    minorRoundCoachIds: room.coachIds,
  };
}

/** Why a judge may not sit in a room, or null when they may. */
export function judgeForbiddenReason(
  judge: TJudgeCandidate,
  room: TJudgeRoom,
): 'own_debate' | 'own_team' | 'conflict' | 'minor_round' | null {
  if (room.debaters.some((d) => d.id === judge.id)) return 'own_debate';
  if (room.debaters.some((d) => d.teamId !== null && judge.teamIds.includes(d.teamId))) return 'own_team';
  if (room.debaters.some((d) => judge.conflictIds.includes(d.id))) return 'conflict';
  if (room.hasMinor && !mayJudgeMinors(judge.actor, seatsOf(room))) return 'minor_round';
  return null;
}

/** The cost of seating `judge` in `room` (`FORBIDDEN_JUDGE_COST` when they may not sit there). */
export function judgeCost(judge: TJudgeCandidate, room: TJudgeRoom): number {
  if (judgeForbiddenReason(judge, room) !== null) return FORBIDDEN_JUDGE_COST;
  const repeats = judge.judgedIds.filter((id) => room.debaters.some((d) => d.id === id)).length;
  return repeats * REPEAT_COST + judge.load * LOAD_COST;
}

/** The cost matrix: a row per room, a column per judge. */
export function judgeCostMatrix(rooms: readonly TJudgeRoom[], judges: readonly TJudgeCandidate[]): number[][] {
  return rooms.map((room) => judges.map((judge) => judgeCost(judge, room)));
}

export interface TJudgeAssignment {
  /** Each room's judges, in the order of `rooms`. */
  panels: { roomKey: string; judgeIds: string[] }[];
  /** Rooms with fewer judges than `panelSize` (the host sees them), in the order of `rooms`. */
  unjudged: string[];
  /** Judges left without a seat, who can fill one whose judge does not check in. */
  standbys: string[];
}

/**
 * Seats `panelSize` judges per room (1 in preliminaries, 3 for an elimination panel) at least total cost. A judge
 * sits in at most one room, never where forbidden: a room with no allowed judge left stays short and is listed in
 * `unjudged`. The seats filled are as many as any assignment without a forbidden judge allows.
 */
export function assignJudges(
  rooms: readonly TJudgeRoom[],
  judges: readonly TJudgeCandidate[],
  panelSize = 1,
): TJudgeAssignment {
  const panels = rooms.map((room) => ({ roomKey: room.key, judgeIds: [] as string[] }));
  if (rooms.length > 0 && judges.length > 0) {
    const base = judgeCostMatrix(rooms, judges);
    const seats: { room: number; costs: number[] }[] = [];
    for (let seat = 0; seat < panelSize; seat++) {
      base.forEach((row, room) => {
        seats.push({ room, costs: row.map((c) => (c >= FORBIDDEN_JUDGE_COST ? c : c + seat * EXTRA_SEAT_COST)) });
      });
    }
    const { rowAssignments } = linearSumAssignment(
      seats.map((s) => s.costs),
      { maximaze: false },
    );
    seats.forEach((seat, i) => {
      const judge = rowAssignments[i]!;
      if (judge < 0 || seat.costs[judge]! >= FORBIDDEN_JUDGE_COST) return;
      panels[seat.room]!.judgeIds.push(judges[judge]!.id);
    });
  }
  const seated = new Set(panels.flatMap((p) => p.judgeIds));
  return {
    panels,
    unjudged: panels.filter((p) => p.judgeIds.length < panelSize).map((p) => p.roomKey),
    standbys: judges.filter((j) => !seated.has(j.id)).map((j) => j.id),
  };
}
