/**
 * Random BP tournaments of 8 to 64 teams played over several rounds with random results: the draw's promises hold
 * for every round of every one.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { BP_SIDES } from '../formats/british-parliamentary.js';
import { seededRandom, shuffled } from '../tournaments/random.js';
import { assignBpBracket, bpPositionCost, drawBpRound } from './draw.js';
import { bpPositionCounts, computeBpStandings } from './standings.js';
import { buildBpField, playBpDraw } from './test-fixtures.js';
import type { TBpRoundRecord, TBpSide } from './types.js';

/** Every order of the four positions. */
function permutations<T>(items: readonly T[]): T[][] {
  if (items.length <= 1) return [[...items]];
  return items.flatMap((item, i) =>
    permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [item, ...rest]),
  );
}
const ORDERS = permutations(BP_SIDES);

const tournament = fc.record({
  rooms: fc.integer({ min: 2, max: 16 }),
  rounds: fc.integer({ min: 1, max: 6 }),
  seed: fc.string({ maxLength: 12 }),
});

describe('drawBpRound over random tournaments', () => {
  it('keeps every promise in every round of 300 tournaments', () => {
    expect(ORDERS).toHaveLength(24);
    fc.assert(
      fc.property(tournament, (t) => {
        const field = buildBpField(t.rooms * 4);
        const random = seededRandom(`results:${t.seed}`);
        const rounds: TBpRoundRecord[] = [];
        for (let r = 1; r <= t.rounds; r++) {
          const input = { teamIds: field, rounds, seed: `${t.seed}:${r}` };
          const draw = drawBpRound(input);
          expect(draw.roundNumber).toBe(r);
          // Every team in exactly one room, in one position: never twice, never with itself.
          const seats = draw.rooms.flatMap((room) => BP_SIDES.map((side) => room.teams[side]));
          expect(seats.length).toBe(field.length);
          expect([...seats].sort()).toEqual(field);
          for (const room of draw.rooms) expect(new Set(BP_SIDES.map((s) => room.teams[s])).size).toBe(4);
          // The same seed gives the same draw, whatever order the field comes in.
          expect(drawBpRound({ ...input, teamIds: [...field].reverse() })).toEqual(draw);
          // Brackets from the top down; a team below its room's bracket is a pull-up, and only those.
          const points = new Map(computeBpStandings(field, rounds, input.seed).map((s) => [s.teamId, s.teamPoints]));
          const brackets = draw.rooms.map((room) => room.bracket);
          expect(brackets).toEqual([...brackets].sort((a, b) => b - a));
          const below = draw.rooms.flatMap((room) =>
            BP_SIDES.map((side) => room.teams[side]).filter((id) => points.get(id)! < room.bracket),
          );
          expect(new Set(below)).toEqual(new Set(draw.pullUps));
          for (const room of draw.rooms) {
            for (const side of BP_SIDES) expect(points.get(room.teams[side])!).toBeLessThanOrEqual(room.bracket);
          }
          // Rooms by team points: nobody in a bracket's rooms has fewer points than anybody in a lower bracket's
          // (within a bracket, its pull-ups may sit in any of its rooms).
          const pointsOf = (room: (typeof draw.rooms)[number]) => BP_SIDES.map((side) => points.get(room.teams[side])!);
          draw.rooms.forEach((room) => {
            const below = draw.rooms.filter((other) => other.bracket < room.bracket).flatMap(pointsOf);
            if (below.length > 0) expect(Math.min(...pointsOf(room))).toBeGreaterThanOrEqual(Math.max(...below));
          });
          // Each room's positions cost no more than any of the 24 orders of its four teams would.
          const counts = bpPositionCounts(rounds);
          for (const room of draw.rooms) {
            const teams = BP_SIDES.map((side) => room.teams[side]);
            const costOf = (order: readonly TBpSide[]) =>
              teams.reduce((sum, id, i) => sum + bpPositionCost(counts.get(id), order[i]!), 0);
            const least = Math.min(...ORDERS.map(costOf));
            expect(room.positionCost).toBe(costOf(BP_SIDES));
            expect(room.positionCost).toBe(least);
          }
          rounds.push(playBpDraw(draw, random));
          // Over the first four rounds no team sits in one position three times.
          if (r <= 4) {
            for (const row of bpPositionCounts(rounds).values()) {
              expect(Math.max(...BP_SIDES.map((side) => row[side]))).toBeLessThanOrEqual(2);
            }
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it('in a field that rotates whole (one bracket every round), no team repeats a position in four rounds', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 16 }), fc.string({ maxLength: 8 }), (rooms, seed) => {
        const field = buildBpField(rooms * 4);
        const random = seededRandom(seed);
        const counts = new Map(field.map((id) => [id, { og: 0, oo: 0, cg: 0, co: 0 }]));
        for (let r = 1; r <= 4; r++) {
          const drawn = assignBpBracket(shuffled(field, random), counts, 0);
          expect(drawn.every((room) => room.positionCost === 0)).toBe(true);
          for (const room of drawn) for (const side of BP_SIDES) counts.get(room.teams[side])![side]++;
        }
        for (const row of counts.values()) expect(row).toEqual({ og: 1, oo: 1, cg: 1, co: 1 });
      }),
      { numRuns: 100 },
    );
  });
});
