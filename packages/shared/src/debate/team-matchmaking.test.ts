import { describe, expect, it } from 'vitest';
import { blockGraph, type TMeetingProfile, type TRandom } from './matchmaking.js';
import {
  matchTeamQueue,
  roundShapeOf,
  type TQueueMode,
  type TRoundShape,
  type TTeamQueueEntry,
} from './team-matchmaking.js';

type TFmt = 'pf' | 'ld' | 'parli' | 'bp';
const SHAPES: Record<TFmt, TRoundShape> = {
  pf: roundShapeOf('pf'),
  ld: roundShapeOf('ld'),
  parli: roundShapeOf('parli'),
  bp: roundShapeOf('bp'),
};
const shapeOf = (formatId: TFmt) => SHAPES[formatId];

let nextId = 1;
function entry(mode: TQueueMode, userIds: string[], formatId: TFmt = 'pf', seconds = nextId): TTeamQueueEntry<TFmt> {
  const id = nextId++;
  return { id, formatId, mode, userIds, createdAt: new Date(1_750_000_000_000 + seconds * 1000).toISOString() };
}
const heads: TRandom = () => 0.9;

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

const members = (round: { sides: { userIds: string[] }[] }) => round.sides.flatMap((side) => side.userIds);

describe('matchTeamQueue', () => {
  it('matches two ready teams, each member in the order the team gave', () => {
    const [t1, t2] = [entry('team', ['a1', 'a2']), entry('team', ['b1', 'b2'])];
    const { rounds, unmatched } = matchTeamQueue([t2, t1], { random: heads, shapeOf });
    expect(unmatched).toEqual([]);
    expect(rounds).toHaveLength(1);
    expect(rounds[0]!.mode).toBe('team');
    expect(rounds[0]!.sides.map((side) => side.userIds)).toEqual(
      expect.arrayContaining([
        ['a1', 'a2'],
        ['b1', 'b2'],
      ]),
    );
    expect(rounds[0]!.sides.every((side) => !side.isFormed)).toBe(true);
  });

  it('makes two teams of four solo debaters, in arrival order, and a round of them', () => {
    const solos = ['s1', 's2', 's3', 's4'].map((u) => entry('solo', [u]));
    const { rounds, unmatched } = matchTeamQueue(solos, { random: heads, shapeOf });
    expect(unmatched).toEqual([]);
    expect(rounds).toHaveLength(1);
    const teams = rounds[0]!.sides.map((side) => side.userIds);
    expect(teams).toEqual(
      expect.arrayContaining([
        ['s1', 's2'],
        ['s3', 's4'],
      ]),
    );
    expect(rounds[0]!.sides.every((side) => side.isFormed && side.entries.length === 2)).toBe(true);
  });

  it('matches a ready team against a team formed from two solo debaters', () => {
    const queue = [entry('solo', ['s1']), entry('team', ['a1', 'a2']), entry('solo', ['s2'])];
    const { rounds, unmatched } = matchTeamQueue(queue, { random: heads, shapeOf });
    expect(unmatched).toEqual([]);
    expect(rounds[0]!.sides.map((side) => side.userIds).sort()).toEqual([
      ['a1', 'a2'],
      ['s1', 's2'],
    ]);
  });

  it('never makes partners of a blocked pair', () => {
    const isBlocked = blockGraph([{ blockerId: 's1', blockedId: 's2' }]);
    const solos = ['s1', 's2', 's3', 's4'].map((u) => entry('solo', [u]));
    const { rounds } = matchTeamQueue(solos, { random: heads, shapeOf, isBlocked });
    // s1 and s2 may not partner nor meet across: no round of these four, so nobody is seated.
    expect(rounds).toEqual([]);
    const { rounds: withFive } = matchTeamQueue([...solos, entry('solo', ['s5']), entry('solo', ['s6'])], {
      random: heads,
      shapeOf,
      isBlocked,
    });
    for (const round of withFive) {
      for (const side of round.sides) expect(side.userIds.includes('s1') && side.userIds.includes('s2')).toBe(false);
      expect(members(round).includes('s1') && members(round).includes('s2')).toBe(false);
    }
  });

  it('keeps a blocked ready team out, and its block across the room too', () => {
    const isBlocked = blockGraph([
      { blockerId: 'a1', blockedId: 'a2' },
      { blockerId: 'b1', blockedId: 'c2' },
    ]);
    const queue = [
      entry('team', ['a1', 'a2']),
      entry('team', ['b1', 'b2']),
      entry('team', ['c1', 'c2']),
      entry('team', ['d1', 'd2']),
    ];
    const { rounds, unmatched } = matchTeamQueue(queue, { random: heads, shapeOf, isBlocked });
    expect(rounds.map((round) => members(round).sort())).toEqual([['b1', 'b2', 'd1', 'd2']]);
    expect(unmatched.map((e) => e.userIds[0])).toEqual(['a1', 'c1']);
  });

  it('partners minors with minors, and a minor with an adult teammate', () => {
    const profiles = new Map<string, TMeetingProfile>([
      ['m1', { band: 'minor', teamIds: [7] }],
      ['x1', { band: 'adult', teamIds: [] }],
      ['x2', { band: 'adult', teamIds: [7] }],
    ]);
    const { rounds, unmatched } = matchTeamQueue([entry('solo', ['m1']), entry('solo', ['x1'])], {
      random: heads,
      shapeOf,
      profiles,
    });
    expect(rounds).toEqual([]);
    expect(unmatched).toHaveLength(2);
    profiles.set('m2', { band: 'minor', teamIds: [7] }).set('m3', { band: 'minor', teamIds: [7] });
    const queue = ['m1', 'x1', 'x2', 'm2', 'm3'].map((u) => entry('solo', [u]));
    const matched = matchTeamQueue(queue, { random: heads, shapeOf, profiles });
    // m1 partners x2 (their team vouches for every pair of the four); x1, an adult stranger, meets no minor.
    expect(matched.rounds.map((round) => round.sides.map((side) => side.userIds).sort())).toEqual([
      [
        ['m1', 'x2'],
        ['m2', 'm3'],
      ],
    ]);
    expect(matched.unmatched.map((e) => e.userIds[0])).toEqual(['x1']);
  });

  it('never mixes one-on-one debaters with teams, and pairs them one a side', () => {
    const queue = [
      entry('one-on-one', ['o1']),
      entry('solo', ['s1']),
      entry('solo', ['s2']),
      entry('one-on-one', ['o2']),
    ];
    const { rounds, unmatched } = matchTeamQueue(queue, { random: heads, shapeOf });
    expect(rounds).toHaveLength(1);
    expect(rounds[0]!.mode).toBe('one-on-one');
    expect(members(rounds[0]!).sort()).toEqual(['o1', 'o2']);
    expect(unmatched.map((e) => e.userIds[0])).toEqual(['s1', 's2']);
  });

  it('leaves a one-on-one entry waiting in a format without that mode, and reads LD solo as one a side', () => {
    const { rounds, unmatched } = matchTeamQueue(
      [
        entry('one-on-one', ['o1'], 'bp'),
        entry('one-on-one', ['o2'], 'bp'),
        entry('solo', ['l1'], 'ld'),
        entry('solo', ['l2'], 'ld'),
      ],
      { random: heads, shapeOf },
    );
    expect(unmatched.map((e) => e.userIds[0])).toEqual(['o1', 'o2']);
    expect(rounds.map((round) => round.sides.map((side) => side.userIds.length))).toEqual([[1, 1]]);
  });

  it("reads British Parliamentary's shape: four teams of two, no one-on-one; the others two sides", () => {
    expect(roundShapeOf('bp')).toEqual({ teamSize: 2, sides: 4, canPractiseOneOnOne: false });
    expect(roundShapeOf('pf')).toEqual({ teamSize: 2, sides: 2, canPractiseOneOnOne: true });
  });

  it('fills a room of four teams (British Parliamentary) from ready teams and solo debaters', () => {
    const queue = [
      entry('team', ['a1', 'a2'], 'bp'),
      ...['s1', 's2', 's3', 's4'].map((u) => entry('solo', [u], 'bp')),
      entry('team', ['b1', 'b2'], 'bp'),
    ];
    const { rounds: early } = matchTeamQueue(queue.slice(0, 5), { random: heads, shapeOf });
    expect(early).toEqual([]);
    const { rounds, unmatched } = matchTeamQueue(queue, { random: seeded(3), shapeOf });
    expect(unmatched).toEqual([]);
    expect(rounds).toHaveLength(1);
    expect(rounds[0]!.sides).toHaveLength(4);
    expect(rounds[0]!.sides.filter((side) => side.isFormed)).toHaveLength(2);
  });

  it('draws sides with the injected random', () => {
    const [t1, t2] = [entry('team', ['a1', 'a2']), entry('team', ['b1', 'b2'])];
    const first = (random: TRandom) => matchTeamQueue([t1, t2], { random, shapeOf }).rounds[0]!.sides[0]!.userIds[0];
    expect(first(() => 0.9)).toBe('a1');
    expect(first(() => 0.1)).toBe('b1');
  });
});
