import { describe, expect, it } from 'vitest';
import { NEW_RATING, rateResult, summarizeRating } from './ratings';

describe('rateResult (glicko2)', () => {
  it('moves two new players apart symmetrically and shrinks their deviation', () => {
    const { winner, loser } = rateResult(NEW_RATING, NEW_RATING);
    expect(winner.rating).toBeGreaterThan(1500);
    expect(loser.rating).toBeLessThan(1500);
    expect(winner.rating - 1500).toBeCloseTo(1500 - loser.rating, 6);
    expect(winner.deviation).toBeLessThan(350);
    expect(winner.games).toBe(1);
    // Glickman's example magnitude: a first win between unrated players is worth about +160.
    expect(Math.round(winner.rating)).toBeGreaterThan(1600);
  });

  it('gains less for beating a much weaker opponent', () => {
    const strong = { rating: 1900, deviation: 80, volatility: 0.06, games: 30 };
    const weak = { rating: 1300, deviation: 80, volatility: 0.06, games: 30 };
    const expected = rateResult(strong, weak).winner.rating - strong.rating;
    const upset = rateResult(weak, strong).winner.rating - weak.rating;
    expect(expected).toBeGreaterThan(0);
    expect(upset).toBeGreaterThan(expected * 5);
  });

  it('is provisional until the deviation is low enough', () => {
    expect(summarizeRating(NEW_RATING).isProvisional).toBe(true);
    expect(summarizeRating({ rating: 1612.4, deviation: 60, volatility: 0.06, games: 20 })).toEqual({
      rating: 1612,
      deviation: 60,
      isProvisional: false,
      games: 20,
    });
  });
});
