import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { TFormatId } from '../formats.js';
import type { TAgeBand } from '../age.js';
import {
  ageBandsMayMeet,
  blockGraph,
  drawSides,
  pairPresent,
  pairQueue,
  type TMeetingProfile,
  type TQueueEntry,
} from './matchmaking.js';

let nextId = 1;
function entry(userId: string, formatId: TFormatId = 'ld', seconds = nextId): TQueueEntry {
  const id = nextId++;
  return { id, userId, formatId, createdAt: new Date(1_750_000_000_000 + seconds * 1000).toISOString() };
}
const heads = () => 0.1;
const tails = () => 0.9;

describe('pairQueue', () => {
  it('pairs in arrival order within a format and leaves the odd one waiting', () => {
    const e = [entry('u1'), entry('u2'), entry('u3')];
    const { pairs, unmatched } = pairQueue([e[2]!, e[0]!, e[1]!], heads);
    expect(pairs).toHaveLength(1);
    expect(new Set([pairs[0]!.sideA.userId, pairs[0]!.sideB.userId])).toEqual(new Set(['u1', 'u2']));
    expect(unmatched.map((u) => u.userId)).toEqual(['u3']);
  });

  it('never pairs across formats', () => {
    const { pairs, unmatched } = pairQueue([entry('u1', 'ld'), entry('u2', 'pf'), entry('u3', 'parli')], heads);
    expect(pairs).toEqual([]);
    expect(unmatched).toHaveLength(3);
  });

  it('never pairs a user with themselves, nor uses one user twice', () => {
    const { pairs, unmatched } = pairQueue([entry('u1'), entry('u1'), entry('u2'), entry('u2')], heads);
    expect(pairs).toHaveLength(1);
    expect(pairs[0]!.sideA.userId).not.toBe(pairs[0]!.sideB.userId);
    expect(unmatched.map((u) => u.userId).sort()).toEqual(['u1', 'u2']);
  });

  it('draws sides with the injected random source', () => {
    const [a, b] = [entry('first'), entry('second')];
    expect(pairQueue([a, b], heads).pairs[0]).toMatchObject({ sideA: a, sideB: b });
    expect(pairQueue([a, b], tails).pairs[0]).toMatchObject({ sideA: b, sideB: a });
    expect(drawSides('x', 'y', heads)).toEqual({ sideA: 'x', sideB: 'y' });
    expect(drawSides('x', 'y', tails)).toEqual({ sideA: 'y', sideB: 'x' });
  });

  it('for any queue: each user is in at most one pair, no self pairs, and at most one waiter per format is left unpaired among distinct users', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({ user: fc.integer({ min: 1, max: 12 }), format: fc.constantFrom<TFormatId>('ld', 'pf', 'parli') }),
          {
            maxLength: 60,
          },
        ),
        fc.double({ min: 0, max: 0.999, noNaN: true }),
        (items, r) => {
          const entries = items.map((it) => entry(`u${it.user}`, it.format));
          const { pairs, unmatched } = pairQueue(entries, () => r);
          const used = pairs.flatMap((p) => [p.sideA.userId, p.sideB.userId]);
          expect(new Set(used).size).toBe(used.length);
          for (const p of pairs) expect(p.sideA.formatId).toBe(p.sideB.formatId);
          expect(pairs.length * 2 + unmatched.length).toBe(entries.length);
          for (const format of ['ld', 'pf', 'parli'] as const) {
            const waitingUsers = new Set(
              unmatched.filter((u) => u.formatId === format && !used.includes(u.userId)).map((u) => u.userId),
            );
            expect(waitingUsers.size).toBeLessThanOrEqual(1);
          }
        },
      ),
    );
  });
});

describe('pairQueue with blocks', () => {
  it('skips a blocked pair and pairs each of them with the next one they may meet', () => {
    const [a, b, c, d] = [entry('a'), entry('b'), entry('c'), entry('d')];
    const isBlocked = blockGraph([{ blockerId: 'b', blockedId: 'a' }]);
    const { pairs, unmatched } = pairQueue([a, b, c, d], heads, isBlocked);
    const met = pairs.map((p) => [p.sideA.userId, p.sideB.userId].sort().join('+')).sort();
    expect(met).toEqual(['a+c', 'b+d']);
    expect(unmatched).toEqual([]);
  });

  it('leaves a blocked pair waiting when there is nobody else, whichever of them blocked', () => {
    for (const [blockerId, blockedId] of [
      ['a', 'b'],
      ['b', 'a'],
    ] as const) {
      const { pairs, unmatched } = pairQueue([entry('a'), entry('b')], heads, blockGraph([{ blockerId, blockedId }]));
      expect(pairs).toEqual([]);
      expect(unmatched.map((u) => u.userId).sort()).toEqual(['a', 'b']);
    }
  });

  it('for 10,000 random queues and block graphs: never a blocked pair, never two who could meet left waiting', () => {
    const formats = ['ld', 'pf', 'parli'] as const;
    fc.assert(
      fc.property(
        fc.array(fc.record({ user: fc.integer({ min: 1, max: 30 }), format: fc.constantFrom(...formats) }), {
          maxLength: 60,
        }),
        fc.array(fc.tuple(fc.integer({ min: 1, max: 30 }), fc.integer({ min: 1, max: 30 })), { maxLength: 150 }),
        fc.double({ min: 0, max: 0.999, noNaN: true }),
        (items, edges, r) => {
          // One entry per user, as the queue keeps it (joining another format moves the user).
          const byUser = new Map(items.map((it) => [it.user, it.format]));
          const entries = [...byUser].map(([user, format]) => entry(`u${user}`, format));
          const blocks = edges.map(([x, y]) => ({ blockerId: `u${x}`, blockedId: `u${y}` }));
          const isBlocked = blockGraph(blocks);
          const blockedKeys = new Set(
            blocks.flatMap((b) => [`${b.blockerId}>${b.blockedId}`, `${b.blockedId}>${b.blockerId}`]),
          );
          const { pairs, unmatched } = pairQueue(entries, () => r, isBlocked);
          for (const p of pairs) {
            expect(blockedKeys.has(`${p.sideA.userId}>${p.sideB.userId}`)).toBe(false);
            expect(p.sideA.userId).not.toBe(p.sideB.userId);
          }
          const used = pairs.flatMap((p) => [p.sideA.userId, p.sideB.userId]);
          expect(new Set(used).size).toBe(used.length);
          expect(pairs.length * 2 + unmatched.length).toBe(entries.length);
          for (const format of formats) {
            const left = unmatched.filter((u) => u.formatId === format).map((u) => u.userId);
            for (const x of left) {
              for (const y of left) {
                // Two left waiting in one format are always a blocked pair: nobody waits because of others' blocks.
                if (x !== y) expect(blockedKeys.has(`${x}>${y}`)).toBe(true);
              }
            }
          }
        },
      ),
      { numRuns: 10_000 },
    );
  });
});

describe('pairQueue with age bands', () => {
  const profile = (band: TAgeBand | null, ...teamIds: number[]): TMeetingProfile => ({ band, teamIds });

  it('pairs minors with minors and adults with adults, each with the earliest they may meet', () => {
    const profiles = new Map([
      ['teen1', profile('minor')],
      ['adult1', profile('adult')],
      ['teen2', profile('minor')],
      ['adult2', profile('adult')],
    ]);
    const e = ['teen1', 'adult1', 'teen2', 'adult2'].map((u) => entry(u));
    const { pairs, unmatched } = pairQueue(e, heads, undefined, profiles);
    const met = pairs.map((p) => [p.sideA.userId, p.sideB.userId].sort().join('+')).sort();
    expect(met).toEqual(['adult1+adult2', 'teen1+teen2']);
    expect(unmatched).toEqual([]);
  });

  it('leaves a minor and an adult waiting, unless they share a team', () => {
    const apart = pairQueue(
      [entry('teen'), entry('adult')],
      heads,
      undefined,
      new Map([
        ['teen', profile('minor', 1)],
        ['adult', profile('adult', 2)],
      ]),
    );
    expect(apart.pairs).toEqual([]);
    const teammates = pairQueue(
      [entry('teen'), entry('adult')],
      heads,
      undefined,
      new Map([
        ['teen', profile('minor', 1, 3)],
        ['adult', profile('adult', 3)],
      ]),
    );
    expect(teammates.pairs).toHaveLength(1);
  });

  it('pairs an account with no band, or under 13, only with a teammate', () => {
    for (const band of [null, 'child'] as const) {
      expect(ageBandsMayMeet(profile(band), profile(band))).toBe(false);
      expect(ageBandsMayMeet(profile(band), profile('minor'))).toBe(false);
      expect(ageBandsMayMeet(profile(band, 7), profile('adult', 7))).toBe(true);
    }
    expect(pairQueue([entry('x'), entry('y')], heads, undefined, new Map()).pairs).toEqual([]);
  });

  it('for 10,000 random queues, bands, teams and blocks: never a cross-band pair unless teammates, never two who could meet left waiting', () => {
    const formats = ['ld', 'pf'] as const;
    const bands = [null, 'child', 'minor', 'adult'] as const;
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            user: fc.integer({ min: 1, max: 30 }),
            format: fc.constantFrom(...formats),
            band: fc.constantFrom(...bands),
            teams: fc.uniqueArray(fc.integer({ min: 1, max: 4 }), { maxLength: 2 }),
          }),
          { maxLength: 60 },
        ),
        fc.array(fc.tuple(fc.integer({ min: 1, max: 30 }), fc.integer({ min: 1, max: 30 })), { maxLength: 40 }),
        fc.double({ min: 0, max: 0.999, noNaN: true }),
        (items, edges, r) => {
          const byUser = new Map(items.map((it) => [`u${it.user}`, it]));
          const entries = [...byUser.values()].map((it) => entry(`u${it.user}`, it.format));
          const profiles = new Map([...byUser].map(([id, it]) => [id, profile(it.band, ...it.teams)]));
          const blocks = edges.map(([x, y]) => ({ blockerId: `u${x}`, blockedId: `u${y}` }));
          const isBlocked = blockGraph(blocks);
          const { pairs, unmatched } = pairQueue(entries, () => r, isBlocked, profiles);
          const teammates = (x: string, y: string) =>
            profiles.get(x)!.teamIds.some((t) => profiles.get(y)!.teamIds.includes(t));
          for (const p of pairs) {
            const [x, y] = [p.sideA.userId, p.sideB.userId];
            expect(isBlocked(x, y)).toBe(false);
            if (!teammates(x, y)) {
              const [bx, by] = [profiles.get(x)!.band, profiles.get(y)!.band];
              expect(bx).not.toBeNull();
              expect(bx).not.toBe('child');
              expect(bx).toBe(by);
            }
          }
          const used = pairs.flatMap((p) => [p.sideA.userId, p.sideB.userId]);
          expect(new Set(used).size).toBe(used.length);
          expect(pairs.length * 2 + unmatched.length).toBe(entries.length);
          for (const format of formats) {
            const left = unmatched.filter((u) => u.formatId === format).map((u) => u.userId);
            for (const x of left) {
              for (const y of left) {
                // Two left waiting in one format are kept apart by a block or by their bands: nobody waits for others.
                if (x !== y) expect(isBlocked(x, y) || !ageBandsMayMeet(profiles.get(x)!, profiles.get(y)!)).toBe(true);
              }
            }
          }
        },
      ),
      { numRuns: 10_000 },
    );
  });
});

describe('pairPresent', () => {
  const members = (n: number) => Array.from({ length: n }, (_, i) => ({ userId: `u${i}`, rating: 1500 + i * 10 }));
  const seeded = (seed: number) => () => {
    seed = (seed * 16807) % 2147483647;
    return (seed - 1) / 2147483646;
  };

  it('pairs twenty members into ten rounds, everyone once', () => {
    for (const sides of ['random', 'balanced'] as const) {
      const { pairs, oddOut } = pairPresent(members(20), sides, seeded(7));
      expect(pairs).toHaveLength(10);
      expect(oddOut).toBeNull();
      const seen = pairs.flatMap((p) => [p.sideA.userId, p.sideB.userId]);
      expect(new Set(seen).size).toBe(20);
    }
  });

  it('pairs around a block: each with the next one they may meet, the same pairs as before without blocks', () => {
    const four = members(4);
    expect(pairPresent(four, 'balanced', seeded(3)).pairs.map((p) => [p.sideA.userId, p.sideB.userId].sort())).toEqual([
      ['u2', 'u3'],
      ['u0', 'u1'],
    ]);
    const isBlocked = blockGraph([{ blockerId: 'u2', blockedId: 'u3' }]);
    const { pairs } = pairPresent(four, 'balanced', seeded(3), isBlocked);
    const met = pairs.map((p) => [p.sideA.userId, p.sideB.userId].sort().join('+')).sort();
    // By rating, u3 first: u2 blocked it, so u3 meets u1 and u2 meets u0.
    expect(met).toEqual(['u0+u2', 'u1+u3']);
  });

  it('leaves one of an odd count out to judge: the highest rated when balanced', () => {
    const balanced = pairPresent(members(21), 'balanced', seeded(3));
    expect(balanced.pairs).toHaveLength(10);
    expect(balanced.oddOut?.userId).toBe('u20');
    // Neighbouring ratings meet: every pair is 10 points apart.
    for (const p of balanced.pairs) expect(Math.abs(p.sideA.rating - p.sideB.rating)).toBe(10);
    const random = pairPresent(members(21), 'random', seeded(3));
    expect(random.pairs).toHaveLength(10);
    expect(random.oddOut).not.toBeNull();
    const everyone = [...random.pairs.flatMap((p) => [p.sideA.userId, p.sideB.userId]), random.oddOut!.userId];
    expect(new Set(everyone).size).toBe(21);
  });
});
