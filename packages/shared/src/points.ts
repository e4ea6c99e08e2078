/**
 * Points a debate awards. Every award is one score-ledger entry; the How To and Help pages
 * print these values, so they are written down only here.
 */
export const DEBATE_POINTS = {
  /** Each debater of a debate that reaches its end (completed, judged or won by forfeit). */
  complete: 10,
  /** Added for the winner of a judged debate or of a forfeit. */
  win: 15,
  /** The judge, for submitting a ballot. */
  judge: 5,
} as const;

/** Speaker points on a ballot: 26 to 30 in tenths. */
export const SPEAKER_POINTS = { min: 26, max: 30, step: 0.1 } as const;

/** A debater away from the room for longer than this forfeits. */
export const FORFEIT_AFTER_MS = 60_000;

/**
 * A judge who has not submitted a ballot this long after the last speech loses the chance: the debate
 * counts as completed without a decision, and both debaters get their completion points.
 */
export const BALLOT_DEADLINE_MS = 30 * 60_000;

/**
 * Ratings (openskill, Weng–Lin with the Plackett–Luce model; docs/decisions.md): openskill's own starting values and
 * model constants (`mu` 25, `sigma` 25/3, `beta` 25/6, `tau` 25/300). `rating` is what a new debater's rating reads:
 * a rating is shown as `rating + RATING_POINTS_PER_MU × (mu − mu₀)`, and its deviation as `RATING_POINTS_PER_MU × sigma`.
 */
export const RATING_DEFAULTS = { rating: 1500, mu: 25, sigma: 25 / 3, beta: 25 / 6, tau: 25 / 300 } as const;
/**
 * Rating points per unit of openskill's `mu`: 400 / ln 10 (the logistic scale of Elo and Glicko) over √2·beta (the
 * spread of a two-team openskill game), so that between two settled debaters a gap of 400 points still means about
 * 10-to-1 odds, as it did under Glicko (about 29.5).
 */
export const RATING_POINTS_PER_MU = 400 / Math.LN10 / (Math.SQRT2 * RATING_DEFAULTS.beta);
/**
 * A rating is provisional ("1500?") while its deviation (on the displayed scale) is at least this: about the first
 * twelve judged rounds against settled opponents, as under Glicko (whose threshold was a deviation of 110).
 */
export const RATING_PROVISIONAL_DEVIATION = 150;

/**
 * Public Forum is a team format (two speakers a side). In one-on-one practice each debater gives all of
 * its side's speeches, and the crossfires (including grand crossfire) are between the two debaters.
 */
export const PF_ONE_ON_ONE_NOTE =
  'One-on-one practice on Resolved: Public Forum is a team event, so here each debater gives all of their side’s speeches (constructive, rebuttal, summary and final focus), and every crossfire, grand crossfire included, is between the two debaters.';

/** How debates earn points, in words, for the How To and Help pages. */
export const DEBATE_POINTS_SUMMARY = `Finishing a live debate earns ${DEBATE_POINTS.complete} points, winning a judged debate (or a forfeit) earns ${DEBATE_POINTS.win} more, and judging a debate earns the judge ${DEBATE_POINTS.judge} points.`;
