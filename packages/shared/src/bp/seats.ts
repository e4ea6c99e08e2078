/**
 * A British Parliamentary room's seats (issue 41): four teams of two drawn into the four team places at random, and
 * within a team who speaks first (PM or DPM, LO or DLO…), from a seed so that a test or a replay draws the same room
 * again. A seat's side is its bench (`a` Government, `b` Opposition) and its team follows from its position
 * (`BP_SIDE_OF`); the server seats these through the one seating path every round takes.
 */
import { BP_BENCH_OF, BP_SIDES, BRITISH_PARLIAMENTARY, type TBpSide } from '../formats/british-parliamentary.js';
import type { TSideKey } from '../formats/types.js';
import { seededRandom, shuffled } from '../tournaments/random.js';

/** One debater's seat in a BP room: their bench and position. */
export interface TBpSeat {
  userId: string;
  side: TSideKey;
  position: string;
}

/** Why these are not four teams of two different people, or null when they are. */
export function bpTeamsRefusal(teams: readonly (readonly string[])[]): string | null {
  if (teams.length !== BP_SIDES.length) return 'A British Parliamentary room seats exactly four teams.';
  if (teams.some((team) => team.length !== 2)) return 'Each British Parliamentary team has two debaters.';
  const people = teams.flat();
  if (new Set(people).size !== people.length) return 'The same person cannot sit in two places of one room.';
  return null;
}

/**
 * The room's eight seats from four teams of two: the teams drawn into Opening Government, Opening Opposition, Closing
 * Government and Closing Opposition, and each team's speaking order, at random from `seed`. Throws a RangeError on
 * teams that `bpTeamsRefusal` refuses (the caller checks first).
 */
export function drawBpSeats(teams: readonly (readonly string[])[], seed: string): TBpSeat[] {
  const refusal = bpTeamsRefusal(teams);
  if (refusal) throw new RangeError(refusal);
  const random = seededRandom(`bp-seats:${seed}`);
  const order = shuffled(teams, random);
  return BP_SIDES.flatMap((side: TBpSide, i) => {
    const positions = BRITISH_PARLIAMENTARY.sideList.find((spec) => spec.key === side)!.positions;
    const speakers = shuffled(order[i]!, random);
    return speakers.map((userId, p) => ({ userId, side: BP_BENCH_OF[side], position: positions[p]!.id }));
  });
}

/** The teams of a seated room by team place, each in speaking order: `{ og: [pm, dpm], … }`. */
export function bpTeamsOfSeats(
  seats: readonly { userId: string; side: string; position: string | null }[],
): Record<TBpSide, string[]> | null {
  const teams: Record<TBpSide, string[]> = { og: [], oo: [], cg: [], co: [] };
  for (const side of BP_SIDES) {
    const positions = BRITISH_PARLIAMENTARY.sideList.find((spec) => spec.key === side)!.positions;
    for (const position of positions) {
      const seat = seats.find((s) => s.position === position.id && s.side === BP_BENCH_OF[side]);
      if (!seat) return null;
      teams[side].push(seat.userId);
    }
  }
  return teams;
}

/**
 * The room's eight seats with each team already in its place (a tournament's draw decides the places): each team's
 * debaters in their team's positions in the order given (the first takes PM, LO, MG or MO). Throws a RangeError on
 * teams that `bpTeamsRefusal` refuses.
 */
export function bpSeatsInPlace(teams: Readonly<Record<TBpSide, readonly string[]>>): TBpSeat[] {
  const refusal = bpTeamsRefusal(BP_SIDES.map((side) => teams[side]));
  if (refusal) throw new RangeError(refusal);
  return BP_SIDES.flatMap((side) => {
    const positions = BRITISH_PARLIAMENTARY.sideList.find((spec) => spec.key === side)!.positions;
    return teams[side].map((userId, p) => ({ userId, side: BP_BENCH_OF[side], position: positions[p]!.id }));
  });
}
