/**
 * Per-format ratings with `openskill` (Weng–Lin, Plackett–Luce): one rating per person per format, rated round by
 * round. A round is N teams ranked first to last: a two-side round is its winner ranked 1 and its loser 2 (teams of one
 * today, of two or three with partners), a British Parliamentary room four teams ranked 1 to 4. Each person keeps
 * their own rating; a team plays as the sum of its members'. Why openskill and how a rating reads: docs/decisions.md.
 */
import { rate } from 'openskill';
import {
  BP_SIDES,
  RATING_DEFAULTS,
  RATING_POINTS_PER_MU,
  RATING_PROVISIONAL_DEVIATION,
  type TBpRank,
  type TBpSide,
  type TRatingSummary,
} from '@resolved/shared';

/** A person's rating in one format: openskill's mean and uncertainty, and the rated rounds behind it. */
export interface TRating {
  mu: number;
  sigma: number;
  games: number;
}

export const NEW_RATING: TRating = { mu: RATING_DEFAULTS.mu, sigma: RATING_DEFAULTS.sigma, games: 0 };

const MODEL_OPTIONS = {
  mu: RATING_DEFAULTS.mu,
  sigma: RATING_DEFAULTS.sigma,
  beta: RATING_DEFAULTS.beta,
  tau: RATING_DEFAULTS.tau,
} as const;

/**
 * New ratings after one rated round. `teams` lists each team's people (ids, a team of one or more, nobody twice),
 * `ranks` each team's place (1 is first; equal places are a tie), and `current` the ratings people have (anyone absent
 * starts at `NEW_RATING`). Returns every person's new rating, one more game counted. Deterministic: the same input
 * gives the same ratings. Throws on a malformed round (fewer than two teams, an empty team, a person twice, ranks not
 * one per team or not whole numbers from 1): callers pass a round they have already validated.
 */
export function rateRound(
  teams: readonly (readonly string[])[],
  ranks: readonly number[],
  current: ReadonlyMap<string, TRating>,
): Map<string, TRating> {
  if (teams.length < 2) throw new Error('A rated round needs at least two teams.');
  if (ranks.length !== teams.length) throw new Error('A rated round needs one rank per team.');
  if (ranks.some((rank) => !Number.isInteger(rank) || rank < 1)) throw new Error('Ranks are whole numbers from 1.');
  if (teams.some((team) => team.length === 0)) throw new Error('A rated team has at least one person.');
  const people = teams.flat();
  if (new Set(people).size !== people.length) throw new Error('A person is rated once per round.');
  const before = teams.map((team) => team.map((id) => current.get(id) ?? NEW_RATING));
  const after = rate(
    before.map((team) => team.map(({ mu, sigma }) => ({ mu, sigma }))),
    { ...MODEL_OPTIONS, rank: [...ranks] },
  );
  const rated = new Map<string, TRating>();
  teams.forEach((team, t) =>
    team.forEach((id, p) => {
      const { mu, sigma } = after[t]![p]!;
      rated.set(id, { mu, sigma, games: before[t]![p]!.games + 1 });
    }),
  );
  return rated;
}

/**
 * New ratings after a British Parliamentary room: four teams of two ranked 1 to 4 (no ties), rated together by
 * openskill's Plackett–Luce model as one game of four (`rateRound`), so that the first gains most, the fourth loses
 * most and beating three teams counts for more than beating one. Throws on a malformed room, as `rateRound` does.
 */
export function rateBpRoom(
  teams: Readonly<Record<TBpSide, readonly [string, string]>>,
  ranks: Readonly<Record<TBpSide, TBpRank>>,
  current: ReadonlyMap<string, TRating>,
): Map<string, TRating> {
  const places = BP_SIDES.map((side) => ranks[side]);
  if (new Set(places).size !== 4) throw new Error('A BP room ranks its four teams 1 to 4, each once.');
  return rateRound(
    BP_SIDES.map((side) => teams[side]),
    places,
    current,
  );
}

/** A rating as people read it: 1500 for a new debater, moving by about 29.5 points per unit of `mu`. */
export function displayedRating(rating: Pick<TRating, 'mu'>): number {
  return RATING_DEFAULTS.rating + RATING_POINTS_PER_MU * (rating.mu - RATING_DEFAULTS.mu);
}

export function summarizeRating(rating: TRating): TRatingSummary {
  const deviation = RATING_POINTS_PER_MU * rating.sigma;
  return {
    rating: Math.round(displayedRating(rating)),
    deviation: Math.round(deviation),
    isProvisional: deviation >= RATING_PROVISIONAL_DEVIATION,
    games: rating.games,
  };
}
