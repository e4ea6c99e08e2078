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

/** Glicko-2 starting values and when a rating stops being provisional. */
export const RATING_DEFAULTS = { rating: 1500, deviation: 350, volatility: 0.06, tau: 0.5 } as const;
export const RATING_PROVISIONAL_DEVIATION = 110;

/**
 * Public Forum is a team format (two speakers a side). In one-on-one practice each debater gives all of
 * its side's speeches, and the crossfires (including grand crossfire) are between the two debaters.
 */
export const PF_ONE_ON_ONE_NOTE =
  'One-on-one practice on Resolved: Public Forum is a team event, so here each debater gives all of their side’s speeches (constructive, rebuttal, summary and final focus), and every crossfire, grand crossfire included, is between the two debaters.';

/** How debates earn points, in words, for the How To and Help pages. */
export const DEBATE_POINTS_SUMMARY = `Finishing a live debate earns ${DEBATE_POINTS.complete} points, winning a judged debate (or a forfeit) earns ${DEBATE_POINTS.win} more, and judging a debate earns the judge ${DEBATE_POINTS.judge} points.`;
