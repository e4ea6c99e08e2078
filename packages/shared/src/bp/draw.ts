/**
 * The British Parliamentary draw of one round (issue 41, item 4), a pure function of the field, the decided rounds
 * before it and a seed, after Tabbycat's BP draw (brackets by team points, pull-ups, positions by an assignment over
 * position costs):
 *
 * 1. Round 1: the field shuffled from the seed, dealt four to a room in position order (OG, OO, CG, CO).
 * 2. Later rounds: the teams in the order of the tab (`computeBpStandings`: team points, speaker points, a seeded
 *    draw), cut into brackets of equal team points, top down. A bracket that is not a multiple of four pulls up the
 *    highest ranked teams of the brackets below until it is (Tabbycat's "pull up from the top").
 * 3. Positions: within each bracket (its pull-ups included) the teams are assigned to the bracket's rooms and
 *    positions at least total position cost, by the Hungarian algorithm (`linear-sum-assignment`, the library the
 *    two-team draw uses) over teams × (room, position), the teams shuffled from the seed first so that who meets whom
 *    in a bracket is not the tab's order. A team's cost for a position is the number of times it has already been in
 *    that position, to the fourth power (`bpPositionCost`: Tabbycat's "simple" cost with its default exponent 4):
 *    a first repeat costs 1, a second 16, a third 81, so the draw spreads repeats rather than giving one team a
 *    position three times, and no team repeats a position while its bracket can avoid it.
 *
 * Each team sits in exactly one room. A field that is not a multiple of four is refused: the caller adds swing teams
 * (docs/decisions.md).
 */
import { linearSumAssignment } from 'linear-sum-assignment';
import { BP_SIDES } from '../formats/british-parliamentary.js';
import { seededRandom, shuffled } from '../tournaments/random.js';
import { bpPositionCounts, computeBpStandings } from './standings.js';
import type { TBpDraw, TBpDrawInput, TBpDrawnRoom, TBpSide } from './types.js';

/** The power a repeat count is raised to (Tabbycat's default position cost exponent). */
export const BP_POSITION_COST_EXPONENT = 4;

/** A team's cost for sitting in `side` this round: the times it already has, to the fourth power. */
export function bpPositionCost(counts: Readonly<Record<TBpSide, number>> | undefined, side: TBpSide): number {
  return (counts?.[side] ?? 0) ** BP_POSITION_COST_EXPONENT;
}

/** Why a field cannot be drawn (a sentence for a 400), or null when it can. */
export function bpFieldRefusal(teamIds: readonly string[]): string | null {
  if (new Set(teamIds).size !== teamIds.length) return 'A team is listed twice in the field.';
  if (teamIds.length < 4) return 'A British Parliamentary round needs at least four teams.';
  const over = teamIds.length % 4;
  if (over !== 0) {
    return `A British Parliamentary room seats four teams: ${teamIds.length} teams leave ${over} over. Add ${4 - over} swing ${4 - over === 1 ? 'team' : 'teams'} to draw the round.`;
  }
  return null;
}

type TCounts = ReadonlyMap<string, Readonly<Record<TBpSide, number>>>;

/**
 * The rooms of one bracket (a multiple of four teams, in the order given) at least total position cost, `counts`
 * being each team's positions so far; see step 3 above.
 */
export function assignBpBracket(teams: readonly string[], counts: TCounts, bracket: number): TBpDrawnRoom[] {
  const roomCount = teams.length / 4;
  const cost = teams.map((id) => {
    const own = counts.get(id);
    return Array.from({ length: teams.length }, (_, slot) => bpPositionCost(own, BP_SIDES[slot % 4]!));
  });
  const { rowAssignments } = linearSumAssignment(cost, { maximaze: false });
  const rooms = Array.from({ length: roomCount }, () => ({}) as Record<TBpSide, string>);
  teams.forEach((id, i) => {
    const slot = rowAssignments[i]!;
    rooms[Math.floor(slot / 4)]![BP_SIDES[slot % 4]!] = id;
  });
  return rooms.map((room) => ({
    teams: room,
    bracket,
    positionCost: BP_SIDES.reduce((sum, side) => sum + bpPositionCost(counts.get(room[side]), side), 0),
  }));
}

/**
 * Draws the next round (see the steps above). Throws a RangeError with `bpFieldRefusal`'s sentence for a field the
 * server must refuse first: a team listed twice, fewer than four, or not a multiple of four.
 */
export function drawBpRound(input: TBpDrawInput): TBpDraw {
  const refusal = bpFieldRefusal(input.teamIds);
  if (refusal) throw new RangeError(refusal);
  const roundNumber = input.rounds.length + 1;
  const random = seededRandom(`bp-draw:${input.seed}`);
  const sortedIds = [...input.teamIds].sort();
  if (input.rounds.length === 0) {
    const order = shuffled(sortedIds, random);
    const rooms: TBpDrawnRoom[] = [];
    for (let i = 0; i < order.length; i += 4) {
      const teams = { og: order[i]!, oo: order[i + 1]!, cg: order[i + 2]!, co: order[i + 3]! };
      rooms.push({ teams, bracket: 0, positionCost: 0 });
    }
    return { roundNumber, rooms, pullUps: [] };
  }
  const standings = computeBpStandings(sortedIds, input.rounds, input.seed);
  const points = new Map(standings.map((s) => [s.teamId, s.teamPoints]));
  const counts = bpPositionCounts(input.rounds);
  let rest = standings.map((s) => s.teamId);
  const rooms: TBpDrawnRoom[] = [];
  const pullUps: string[] = [];
  while (rest.length > 0) {
    const bracket = points.get(rest[0]!)!;
    let size = rest.findIndex((id) => points.get(id) !== bracket);
    if (size === -1) size = rest.length;
    // Pull up from the top of the brackets below until the bracket fills whole rooms.
    const taken = Math.ceil(size / 4) * 4;
    const members = rest.slice(0, taken);
    for (const id of members.slice(size)) pullUps.push(id);
    rest = rest.slice(taken);
    rooms.push(...assignBpBracket(shuffled(members, random), counts, bracket));
  }
  return { roundNumber, rooms, pullUps };
}
