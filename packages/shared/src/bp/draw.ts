/**
 * The British Parliamentary draw of one round (issue 41, item 4), a pure function of the field, the decided rounds
 * before it and a seed, after Tabbycat's BP draw (brackets by team points, pull-ups, positions by an assignment over
 * position costs):
 *
 * 1. Round 1: the field shuffled from the seed, dealt four to a room in position order (OG, OO, CG, CO).
 * 2. Later rounds: the teams in the order of the tab (`computeBpStandings`: team points, speaker points, a seeded
 *    draw), cut into brackets of equal team points, top down. A bracket that is not a multiple of four pulls up teams
 *    from the bracket below until it is (a whole bracket below, and the next, when one is not enough); which teams of
 *    that bracket come up is part of step 3's assignment, as in Tabbycat: those whose positions fit the bracket's
 *    rooms best, the higher ranked when that makes no difference.
 * 3. Positions: within each bracket (its pull-ups included) the teams are assigned to the bracket's rooms and
 *    positions at least total position cost, by the Hungarian algorithm (`linear-sum-assignment`, the library the
 *    two-team draw uses) over teams × (room, position), the teams shuffled from the seed first so that who meets whom
 *    in a bracket is not the tab's order. A team's cost for a position is the number of times it has already been in
 *    that position, to the fourth power (`bpPositionCost`: Tabbycat's "simple" cost, with its default exponent, 4):
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

/** A cost no assignment takes while another exists: a team of the bracket left out of it. */
const FORBIDDEN_COST = 1e13;

function roomsOf(slots: readonly string[], counts: TCounts, bracket: number): TBpDrawnRoom[] {
  const rooms: TBpDrawnRoom[] = [];
  for (let i = 0; i < slots.length; i += 4) {
    const teams = { og: slots[i]!, oo: slots[i + 1]!, cg: slots[i + 2]!, co: slots[i + 3]! };
    const positionCost = BP_SIDES.reduce((sum, side) => sum + bpPositionCost(counts.get(teams[side]), side), 0);
    rooms.push({ teams, bracket, positionCost });
  }
  return rooms;
}

/**
 * The rooms of one bracket at least total position cost (step 3 above): `teams` all seated, and `pull` of the
 * `candidates` (the bracket below, best ranked first) pulled up into it, those whose positions fit best, the
 * higher ranked when it makes no difference. `teams.length + pull` is a multiple of four. Returns the rooms and the
 * candidates pulled up.
 */
function assignWithPullUps(
  teams: readonly string[],
  candidates: readonly string[],
  pull: number,
  counts: TCounts,
  bracket: number,
): { rooms: TBpDrawnRoom[]; pulled: string[] } {
  const slots = teams.length + pull;
  const stay = candidates.length - pull;
  // Position cost first; among candidates, each place down the ranking costs one unit below a position cost's.
  const scale = candidates.length * candidates.length + 1;
  const row = (id: string, rankPenalty: number | null) => {
    const own = counts.get(id);
    const seated = Array.from({ length: slots }, (_, slot) => {
      const cost = bpPositionCost(own, BP_SIDES[slot % 4]!) * scale;
      return rankPenalty === null ? cost : cost + rankPenalty;
    });
    return [...seated, ...Array.from({ length: stay }, () => (rankPenalty === null ? FORBIDDEN_COST : 0))];
  };
  const rows = [...teams, ...candidates];
  const cost = [...teams.map((id) => row(id, null)), ...candidates.map((id, i) => row(id, i))];
  const { rowAssignments } = linearSumAssignment(cost, { maximaze: false });
  const seats: string[] = new Array<string>(slots);
  const pulled: string[] = [];
  rows.forEach((id, i) => {
    const slot = rowAssignments[i]!;
    if (slot >= slots) return;
    seats[slot] = id;
    if (i >= teams.length) pulled.push(id);
  });
  return { rooms: roomsOf(seats, counts, bracket), pulled };
}

/**
 * The rooms of one bracket (a multiple of four teams, in the order given) at least total position cost, `counts`
 * being each team's positions so far; see step 3 above.
 */
export function assignBpBracket(teams: readonly string[], counts: TCounts, bracket: number): TBpDrawnRoom[] {
  return assignWithPullUps(teams, [], 0, counts, bracket).rooms;
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
  const groupEnd = (from: number) => {
    const at = rest.findIndex((id, i) => i >= from && points.get(id) !== points.get(rest[from]!));
    return at === -1 ? rest.length : at;
  };
  while (rest.length > 0) {
    const bracket = points.get(rest[0]!)!;
    const size = groupEnd(0);
    // Whole brackets below come up while the bracket is still short of filling its rooms; of the next one, as many
    // as it still needs, chosen by the assignment.
    const target = Math.ceil(size / 4) * 4;
    let end = size;
    while (end < target && groupEnd(end) <= target) end = groupEnd(end);
    const need = target - end;
    const fixed = rest.slice(0, end);
    const candidates = need > 0 ? rest.slice(end, groupEnd(end)) : [];
    const { rooms: drawn, pulled } = assignWithPullUps(shuffled(fixed, random), candidates, need, counts, bracket);
    rooms.push(...drawn);
    const chosen = new Set([...fixed.slice(size), ...pulled]);
    pullUps.push(...rest.filter((id) => chosen.has(id)));
    const used = new Set([...fixed, ...pulled]);
    rest = rest.filter((id) => !used.has(id));
  }
  return { roundNumber, rooms, pullUps };
}
