import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors';
import { planPairings, seatableField, type TPairingPlanInput, type TPlanEntrant } from './tournament-release-plan';

/** Entrant `n` of division `divisionId`: user `u<n>`, no team. */
const entrant = (n: number, divisionId = 1): TPlanEntrant => ({ id: n, userId: `u${n}`, teamId: null, divisionId });

function input(overrides: Partial<TPairingPlanInput<TPlanEntrant>> = {}): TPairingPlanInput<TPlanEntrant> {
  const field = [1, 2, 3, 4].map((n) => entrant(n));
  return {
    formatId: 'ld',
    firstRound: 'random',
    rounds: [{ roundId: 10, divisionId: 1, seed: '00112233aabbccdd' }],
    fields: new Map([[1, field]]),
    records: new Map(),
    bracketPlans: null,
    ratings: new Map(),
    minors: new Map(field.map((e) => [e.userId, false])),
    isBlocked: () => false,
    nameOf: (userId) => `Name ${userId}`,
    divisionName: () => 'Open',
    ...overrides,
  };
}

const seated = (plan: ReturnType<typeof planPairings>) =>
  plan.flatMap((p) => [p.aff.id, ...(p.neg ? [p.neg.id] : [])]).sort((a, b) => a - b);

describe('planPairings (a preliminary round)', () => {
  it('pairs every entrant of an even field once, with no bye, the same way for the same seed', () => {
    const plan = planPairings(input());
    expect(plan).toHaveLength(2);
    expect(plan.every((p) => p.neg !== null && p.roundId === 10)).toBe(true);
    expect(seated(plan)).toEqual([1, 2, 3, 4]);
    expect(planPairings(input())).toEqual(plan);
  });

  it('gives one bye in an odd field', () => {
    const field = [1, 2, 3, 4, 5].map((n) => entrant(n));
    const minors = new Map(field.map((e) => [e.userId, false]));
    const plan = planPairings(input({ fields: new Map([[1, field]]), minors }));
    expect(plan.filter((p) => p.neg === null)).toHaveLength(1);
    expect(seated(plan)).toEqual([1, 2, 3, 4, 5]);
  });

  it('never pairs two entrants of whom one blocked the other', () => {
    const isBlocked = (a: string, b: string) => [a, b].sort().join() === 'u1,u2';
    for (const seed of ['0000000000000001', '0000000000000002', '00000000000000ff', 'abcdefabcdef0123']) {
      const plan = planPairings(input({ isBlocked, rounds: [{ roundId: 10, divisionId: 1, seed }] }));
      for (const p of plan) expect([p.aff.id, p.neg?.id].sort()).not.toEqual([1, 2]);
    }
  });

  it('refuses, naming both, when no draw keeps a blocked pair apart', () => {
    const field = [entrant(1), entrant(2)];
    const attempt = () => planPairings(input({ fields: new Map([[1, field]]), isBlocked: () => true }));
    expect(attempt).toThrow(AppError);
    expect(attempt).toThrow(/keeps Name u[12] and Name u[12] apart/);
  });

  it('skips a division with no one in its field', () => {
    const plan = planPairings(
      input({
        rounds: [
          { roundId: 10, divisionId: 1, seed: '00112233aabbccdd' },
          { roundId: 11, divisionId: 2, seed: '00112233aabbccdd' },
        ],
        fields: new Map([
          [1, [1, 2].map((n) => entrant(n))],
          [2, []],
        ]),
      }),
    );
    expect(plan).toHaveLength(1);
    expect(plan[0]!.roundId).toBe(10);
  });

  it('refuses a field that mixes under-18 and adult entrants of different teams (an age unknown counts as under 18)', () => {
    const field = [1, 2, 3, 4, 5].map((n) => entrant(n));
    const minors = new Map([1, 2, 3, 4].map((n) => [`u${n}`, false]));
    expect(() => planPairings(input({ fields: new Map([[1, field]]), minors }))).toThrow(/mixes under-18 and adult/);
  });
});

describe('planPairings (an elimination round)', () => {
  const bracketPlans = new Map([[1, { debates: [{ a: 1, b: 4 }], byes: [2] }]]);

  it('pairs the bracket’s ready matches and passes its byes through', () => {
    const plan = planPairings(input({ bracketPlans }));
    const debate = plan.find((p) => p.neg !== null)!;
    expect([debate.aff.id, debate.neg!.id].sort()).toEqual([1, 4]);
    expect(plan.filter((p) => p.neg === null).map((p) => p.aff.id)).toEqual([2]);
  });

  it('gives a walkover to the opponent of an entrant of the bracket who withdrew or may not take a seat', () => {
    const all = [1, 2, 3, 4].map((n) => entrant(n));
    const entrantsById = new Map(all.map((e) => [e.id, e]));
    const withdrawn = planPairings(
      input({ bracketPlans, fields: new Map([[1, all.filter((e) => e.id !== 4)]]), entrantsById }),
    );
    expect(withdrawn).toEqual([
      { roundId: 10, aff: all[0], neg: null, walkoverFrom: all[3], flags: [], coinFlipWinnerId: null },
      { roundId: 10, aff: all[1], neg: null, walkoverFrom: null, flags: [], coinFlipWinnerId: null },
    ]);
    const restricted = planPairings(input({ bracketPlans, entrantsById, unseatable: new Set(['u1']) }));
    expect(restricted[0]).toMatchObject({ aff: all[3], neg: null, walkoverFrom: all[0] });
    // Neither can take part: the bracket's upper entrant goes on (to the next round's check).
    const neither = planPairings(input({ bracketPlans, entrantsById, unseatable: new Set(['u1', 'u4']) }));
    expect(neither[0]).toMatchObject({ aff: all[0], neg: null, walkoverFrom: all[3] });
  });

  it('refuses a bracket match between two of whom one blocked the other', () => {
    const isBlocked = (a: string, b: string) => [a, b].sort().join() === 'u1,u4';
    expect(() => planPairings(input({ bracketPlans, isBlocked }))).toThrow(AppError);
  });
});

describe('seatableField', () => {
  it('leaves out only those who may not take a seat now, keeping the order', () => {
    const field = [1, 2, 3, 4].map((n) => entrant(n));
    expect(seatableField(field, new Set(['u3']))).toEqual({
      field: [field[0], field[1], field[3]],
      leftOut: [field[2]],
    });
    expect(seatableField(field, new Set())).toEqual({ field, leftOut: [] });
  });
});
