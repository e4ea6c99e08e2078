import { describe, expect, it } from 'vitest';
import { RATING_DEFAULTS, RATING_POINTS_PER_MU } from '@resolved/shared';
import { displayedRating, NEW_RATING, rateBpRoom, rateRound, summarizeRating, type TRating } from './ratings';

const none = new Map<string, TRating>();

describe('rateRound (openskill)', () => {
  it('moves two new debaters apart symmetrically and shrinks their uncertainty', () => {
    const rated = rateRound([['w'], ['l']], [1, 2], none);
    const winner = rated.get('w')!;
    const loser = rated.get('l')!;
    // openskill's Plackett–Luce truths for two new players (mu 25, sigma 25/3, beta 25/6, tau 25/300).
    expect(winner.mu).toBeCloseTo(27.6354, 3);
    expect(loser.mu).toBeCloseTo(22.3646, 3);
    expect(winner.sigma).toBeCloseTo(8.0659, 3);
    expect(winner.mu - 25).toBeCloseTo(25 - loser.mu, 9);
    expect(winner.sigma).toBeLessThan(NEW_RATING.sigma);
    expect([winner.games, loser.games]).toEqual([1, 1]);
    // As people read it: a first win between new debaters is worth about +78.
    expect(summarizeRating(winner).rating).toBe(1578);
    expect(summarizeRating(loser).rating).toBe(1422);
  });

  it('gains less for beating a much weaker opponent', () => {
    const current = new Map<string, TRating>([
      ['strong', { mu: 45, sigma: 2.7, games: 30 }],
      ['weak', { mu: 5, sigma: 2.7, games: 30 }],
    ]);
    const expected = rateRound([['strong'], ['weak']], [1, 2], current).get('strong')!.mu - 45;
    const upset = rateRound([['weak'], ['strong']], [1, 2], current).get('weak')!.mu - 5;
    expect(expected).toBeGreaterThan(0);
    expect(upset).toBeGreaterThan(expected * 5);
  });

  it('moves both partners of a team the same way, and equal partners by the same amount', () => {
    const rated = rateRound(
      [
        ['a1', 'a2'],
        ['b1', 'b2'],
      ],
      [2, 1],
      none,
    );
    expect(rated.get('b1')!.mu).toBeGreaterThan(25);
    expect(rated.get('b1')!.mu).toBeCloseTo(rated.get('b2')!.mu, 12);
    expect(rated.get('a1')!.mu).toBeLessThan(25);
    expect(rated.get('a1')!.mu).toBeCloseTo(rated.get('a2')!.mu, 12);
    // A partner is rated as a member of a team: a win shared with a partner moves each less than a win alone.
    const alone = rateRound([['b1'], ['a1']], [1, 2], none).get('b1')!.mu;
    expect(rated.get('b1')!.mu).toBeLessThan(alone);
  });

  it('rates four ranked teams in their order, whatever order they are listed in', () => {
    const teams = [
      ['og1', 'og2'],
      ['oo1', 'oo2'],
      ['cg1', 'cg2'],
      ['co1', 'co2'],
    ];
    // Closing Government first, Opening Opposition second, Closing Opposition third, Opening Government fourth.
    const rated = rateRound(teams, [4, 2, 1, 3], none);
    const mu = (id: string) => rated.get(id)!.mu;
    expect(mu('cg1')).toBeGreaterThan(mu('oo1'));
    expect(mu('oo1')).toBeGreaterThan(mu('co1'));
    expect(mu('co1')).toBeGreaterThan(mu('og1'));
    expect(mu('cg1')).toBeGreaterThan(25);
    expect(mu('og1')).toBeLessThan(25);
    expect(rated.size).toBe(8);
    expect([...rated.values()].every((r) => r.games === 1)).toBe(true);
  });

  it('is deterministic and leaves the ratings it was given alone', () => {
    const current = new Map<string, TRating>([
      ['a', { mu: 31.2, sigma: 3.1, games: 14 }],
      ['b', { mu: 22.8, sigma: 4.4, games: 9 }],
    ]);
    const copy = structuredClone(current);
    const first = rateRound([['a'], ['b'], ['c']], [2, 1, 3], current);
    const second = rateRound([['a'], ['b'], ['c']], [2, 1, 3], current);
    expect(second).toEqual(first);
    expect(current).toEqual(copy);
    expect(first.get('a')!.games).toBe(15);
    expect(first.get('c')!.games).toBe(1);
  });

  it('refuses a malformed round', () => {
    expect(() => rateRound([['a']], [1], none)).toThrow(/two teams/);
    expect(() => rateRound([['a'], ['b']], [1], none)).toThrow(/one rank per team/);
    expect(() => rateRound([['a'], ['b']], [0, 1], none)).toThrow(/whole numbers/);
    expect(() => rateRound([['a'], []], [1, 2], none)).toThrow(/at least one person/);
    expect(() => rateRound([['a', 'b'], ['b']], [1, 2], none)).toThrow(/once per round/);
  });
});

describe('rateBpRoom (four ranked teams of two)', () => {
  const teams = {
    og: ['og1', 'og2'],
    oo: ['oo1', 'oo2'],
    cg: ['cg1', 'cg2'],
    co: ['co1', 'co2'],
  } as const;

  it('moves the first up most and the fourth down most, partners alike, the changes summing to nothing', () => {
    // Opening Opposition first, Closing Government second, Opening Government third, Closing Opposition fourth.
    const rated = rateBpRoom(teams, { og: 3, oo: 1, cg: 2, co: 4 }, none);
    const change = (id: string) => rated.get(id)!.mu - 25;
    expect(change('oo1')).toBeGreaterThan(change('cg1'));
    expect(change('cg1')).toBeGreaterThan(0);
    expect(change('og1')).toBeLessThan(0);
    expect(change('co1')).toBeLessThan(change('og1'));
    for (const side of ['og', 'oo', 'cg', 'co'] as const) {
      expect(change(`${side}1`)).toBeCloseTo(change(`${side}2`), 12);
    }
    // Four new teams: what the winners gain the losers lose. Plackett–Luce reads a ranking as the first chosen from
    // four, the second from three, the third from two: the fourth place loses more than the first gains.
    const total = [...rated.keys()].reduce((sum, id) => sum + change(id), 0);
    expect(total).toBeCloseTo(0, 9);
    expect(-change('co1')).toBeGreaterThan(change('oo1'));
    // Winning a room of four is worth more than winning a debate of two.
    const two = rateRound(
      [
        ['oo1', 'oo2'],
        ['co1', 'co2'],
      ],
      [1, 2],
      none,
    );
    expect(change('oo1')).toBeGreaterThan(two.get('oo1')!.mu - 25);
    expect([...rated.values()].every((r) => r.games === 1 && r.sigma < NEW_RATING.sigma)).toBe(true);
  });

  it('gains less for first place over three weaker teams than over three stronger ones', () => {
    const settled = (mu: number) => ({ mu, sigma: 3, games: 20 });
    const strongRoom = new Map(
      Object.values(teams)
        .flat()
        .map((id) => [id, settled(id.startsWith('og') ? 25 : 35)]),
    );
    const weakRoom = new Map(
      Object.values(teams)
        .flat()
        .map((id) => [id, settled(id.startsWith('og') ? 25 : 15)]),
    );
    const ranks = { og: 1, oo: 2, cg: 3, co: 4 } as const;
    const upset = rateBpRoom(teams, ranks, strongRoom).get('og1')!.mu - 25;
    const expected = rateBpRoom(teams, ranks, weakRoom).get('og1')!.mu - 25;
    expect(expected).toBeGreaterThan(0);
    expect(upset).toBeGreaterThan(expected * 2);
  });

  it('refuses a ranking with a tie', () => {
    expect(() => rateBpRoom(teams, { og: 1, oo: 1, cg: 3, co: 4 }, none)).toThrow(/each once/);
  });
});

describe('how a rating reads', () => {
  it('reads 1500 for a new debater, provisional until the deviation is low enough', () => {
    expect(summarizeRating(NEW_RATING)).toEqual({ rating: 1500, deviation: 246, isProvisional: true, games: 0 });
    expect(summarizeRating({ mu: 28.8, sigma: 2.1, games: 40 })).toEqual({
      rating: 1612,
      deviation: 62,
      isProvisional: false,
      games: 40,
    });
  });

  it('keeps the odds of a rating gap as under Glicko: 400 points is about 10 to 1 between settled debaters', () => {
    const gap = 400 / RATING_POINTS_PER_MU;
    // Plackett–Luce's win probability of two players with no uncertainty left: a logistic over √2·beta.
    const odds = Math.exp(gap / (Math.SQRT2 * RATING_DEFAULTS.beta));
    expect(odds).toBeCloseTo(10, 9);
    expect(displayedRating({ mu: RATING_DEFAULTS.mu + gap })).toBeCloseTo(1900, 9);
  });
});
