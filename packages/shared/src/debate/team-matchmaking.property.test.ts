/**
 * Properties of `matchTeamQueue` over random queues of solo debaters, ready teams and one-on-one debaters, with random
 * blocks, age bands and team memberships (issue 40, "Property tests").
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { AGE_BANDS, type TAgeBand } from '../age.js';
import { ageBandsMayMeet, blockGraph, type TMeetingProfile, type TRandom } from './matchmaking.js';
import {
  matchTeamQueue,
  QUEUE_MODES,
  roundShapeOf,
  type TQueueRound,
  type TRoundShape,
  type TTeamQueueEntry,
} from './team-matchmaking.js';

type TFmt = 'pf' | 'ld' | 'parli' | 'bp';
const SHAPES: Record<TFmt, TRoundShape> = {
  pf: roundShapeOf('pf'),
  ld: roundShapeOf('ld'),
  parli: roundShapeOf('parli'),
  bp: { teamSize: 2, sides: 4, canPractiseOneOnOne: false },
};
const shapeOf = (formatId: TFmt) => SHAPES[formatId];

/** mulberry32: a seeded random, so a run is reproducible. */
function seeded(seed: number): TRandom {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const USERS = 60;
const ZProfile = fc.record({
  // Mostly minors and adults, some under 13 or without a band yet.
  band: fc.oneof(
    { weight: 9, arbitrary: fc.constantFrom<TAgeBand | null>('minor', 'adult') },
    { weight: 1, arbitrary: fc.constantFrom<TAgeBand | null>(...AGE_BANDS, null) },
  ),
  teamIds: fc.subarray([1, 2, 3]),
});
const ZEntrySpec = fc.record({
  mode: fc.constantFrom(...QUEUE_MODES),
  formatId: fc.constantFrom<TFmt>('pf', 'pf', 'parli', 'ld', 'bp'),
  // Two people (a solo entry takes the first); now and then a team of the wrong size.
  users: fc.oneof(
    { weight: 9, arbitrary: fc.uniqueArray(fc.integer({ min: 0, max: USERS - 1 }), { minLength: 2, maxLength: 2 }) },
    { weight: 1, arbitrary: fc.uniqueArray(fc.integer({ min: 0, max: USERS - 1 }), { minLength: 1, maxLength: 3 }) },
  ),
  seconds: fc.integer({ min: 0, max: 50 }),
});
const ZWorld = fc.record({
  profiles: fc.array(ZProfile, { minLength: USERS, maxLength: USERS }),
  blocks: fc.array(fc.tuple(fc.integer({ min: 0, max: USERS - 1 }), fc.integer({ min: 0, max: USERS - 1 })), {
    maxLength: 40,
  }),
  specs: fc.array(ZEntrySpec, { minLength: 10, maxLength: 40 }),
  seed: fc.integer(),
  withAges: fc.boolean(),
});

type TWorld = typeof ZWorld extends fc.Arbitrary<infer W> ? W : never;

function build(world: TWorld) {
  const profiles = new Map<string, TMeetingProfile>(world.profiles.map((p, i) => [`u${i}`, p]));
  const blocks = world.blocks.map(([a, b]) => ({ blockerId: `u${a}`, blockedId: `u${b}` }));
  const entries: TTeamQueueEntry<TFmt>[] = world.specs.map((spec, id) => ({
    id,
    formatId: spec.formatId,
    mode: spec.mode,
    // A team entry in Lincoln Douglas or of the wrong size is left waiting.
    userIds: (spec.mode === 'team' ? spec.users : spec.users.slice(0, 1)).map((u) => `u${u}`),
    createdAt: new Date(1_750_000_000_000 + spec.seconds * 1000).toISOString(),
  }));
  return { profiles: world.withAges ? profiles : undefined, isBlocked: blockGraph(blocks), entries, all: profiles };
}

function checkRound(
  round: TQueueRound<TTeamQueueEntry<TFmt>, TFmt>,
  mayMeet: (a: string, b: string) => boolean,
): string[] {
  const shape = SHAPES[round.formatId];
  expect(round.sides).toHaveLength(shape.sides);
  // One-on-one practice only in a team format that allows it.
  if (round.mode === 'one-on-one') expect(shape.canPractiseOneOnOne).toBe(true);
  const people = round.sides.flatMap((side) => side.userIds);
  for (const side of round.sides) {
    // Full teams: one a side one-on-one, the format's team size otherwise; never one-on-one mixed with teams.
    expect(side.userIds).toHaveLength(round.mode === 'one-on-one' ? 1 : shape.teamSize);
    for (const e of side.entries) {
      expect(e.formatId).toBe(round.formatId);
      expect(e.mode === 'one-on-one').toBe(round.mode === 'one-on-one');
    }
    expect(side.entries.flatMap((e) => e.userIds)).toEqual(side.userIds);
  }
  // Every pair in the room, partners included: no block, no minor with an adult stranger.
  for (let i = 0; i < people.length; i++) {
    for (let j = i + 1; j < people.length; j++) expect(mayMeet(people[i]!, people[j]!)).toBe(true);
  }
  return people;
}

describe('matchTeamQueue over random queues', () => {
  it('seats nobody twice, no blocked pair or minor with an adult stranger, full teams, lanes apart', () => {
    fc.assert(
      fc.property(ZWorld, (world) => {
        const { profiles, isBlocked, entries } = build(world);
        const { rounds, unmatched } = matchTeamQueue(entries, {
          random: seeded(world.seed),
          isBlocked,
          profiles,
          shapeOf,
        });
        const nobody: TMeetingProfile = { band: null, teamIds: [] };
        const mayMeet = (a: string, b: string) =>
          a !== b &&
          !isBlocked(a, b) &&
          (!profiles || ageBandsMayMeet(profiles.get(a) ?? nobody, profiles.get(b) ?? nobody));
        const seated = rounds.flatMap((round) => checkRound(round, mayMeet));
        expect(new Set(seated).size).toBe(seated.length);
        // Every entry once: in a round or waiting.
        const ids = [...rounds.flatMap((r) => r.sides.flatMap((s) => s.entries)), ...unmatched].map((e) => e.id);
        expect(ids.sort((a, b) => a - b)).toEqual(entries.map((e) => e.id));
      }),
      { numRuns: 300 },
    );
  });

  it('is the same for the same queue and seed, whatever order the entries come in', () => {
    fc.assert(
      fc.property(ZWorld, fc.integer(), (world, shuffleSeed) => {
        const { profiles, isBlocked, entries } = build(world);
        const random = seeded(shuffleSeed);
        const reordered = [...entries];
        for (let i = reordered.length - 1; i > 0; i--) {
          const j = Math.floor(random() * (i + 1));
          [reordered[i], reordered[j]] = [reordered[j]!, reordered[i]!];
        }
        const run = (list: typeof entries) =>
          matchTeamQueue(list, { random: seeded(world.seed), isBlocked, profiles, shapeOf });
        const once = run(entries);
        expect(run(reordered)).toEqual(once);
        expect(run(entries)).toEqual(once);
      }),
      { numRuns: 150 },
    );
  });

  it('with two sides leaves no two ready teams waiting that could have met (first come first served)', () => {
    fc.assert(
      fc.property(ZWorld, (world) => {
        const { profiles, isBlocked, entries } = build(world);
        // Only ready teams of distinct people, in Public Forum.
        const used = new Set<string>();
        const teams = entries.filter((e) => {
          if (e.mode !== 'team' || e.formatId !== 'pf' || e.userIds.length !== 2) return false;
          if (e.userIds.some((u) => used.has(u))) return false;
          e.userIds.forEach((u) => used.add(u));
          return true;
        });
        const { unmatched } = matchTeamQueue(teams, { random: seeded(world.seed), isBlocked, profiles, shapeOf });
        const nobody: TMeetingProfile = { band: null, teamIds: [] };
        const mayMeet = (a: string, b: string) =>
          !isBlocked(a, b) && (!profiles || ageBandsMayMeet(profiles.get(a) ?? nobody, profiles.get(b) ?? nobody));
        const valid = unmatched.filter((e) => mayMeet(e.userIds[0]!, e.userIds[1]!));
        for (let i = 0; i < valid.length; i++) {
          for (let j = i + 1; j < valid.length; j++) {
            const couldMeet = valid[i]!.userIds.every((a) => valid[j]!.userIds.every((b) => mayMeet(a, b)));
            expect(couldMeet).toBe(false);
          }
        }
      }),
      { numRuns: 200 },
    );
  });
});
