/**
 * Per-format Glicko-2 ratings with the `glicko2` library: one judged debate is one rating period for
 * its two debaters (the site has no tournaments to batch results into).
 */
import glicko2 from 'glicko2';
import { RATING_DEFAULTS, RATING_PROVISIONAL_DEVIATION, type TRatingSummary } from '@resolved/shared';

export interface TRating {
  rating: number;
  deviation: number;
  volatility: number;
  games: number;
}

export const NEW_RATING: TRating = {
  rating: RATING_DEFAULTS.rating,
  deviation: RATING_DEFAULTS.deviation,
  volatility: RATING_DEFAULTS.volatility,
  games: 0,
};

/** New ratings of a winner and a loser. */
export function rateResult(winner: TRating, loser: TRating): { winner: TRating; loser: TRating } {
  const system = new glicko2.Glicko2({
    tau: RATING_DEFAULTS.tau,
    rating: RATING_DEFAULTS.rating,
    rd: RATING_DEFAULTS.deviation,
    vol: RATING_DEFAULTS.volatility,
  });
  const w = system.makePlayer(winner.rating, winner.deviation, winner.volatility);
  const l = system.makePlayer(loser.rating, loser.deviation, loser.volatility);
  system.updateRatings([[w, l, 1]]);
  return {
    winner: { rating: w.getRating(), deviation: w.getRd(), volatility: w.getVol(), games: winner.games + 1 },
    loser: { rating: l.getRating(), deviation: l.getRd(), volatility: l.getVol(), games: loser.games + 1 },
  };
}

export function summarizeRating(rating: TRating): TRatingSummary {
  return {
    rating: Math.round(rating.rating),
    deviation: Math.round(rating.deviation),
    isProvisional: rating.deviation >= RATING_PROVISIONAL_DEVIATION,
    games: rating.games,
  };
}
