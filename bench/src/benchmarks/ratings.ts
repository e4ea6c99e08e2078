/**
 * 11. Ratings: recomputing every rating from a history of rated rounds, in memory (no server, no database).
 *
 * A history of 100,000 one-on-one rounds among 10,000 debaters (each with a hidden strength; the stronger wins more
 * often, by a logistic on the gap) is replayed from the start with the server's `rateRound` (openskill), and in the
 * same run with the Glicko-2 step the server used before (`glicko2`, one round per rating period, 1500 / 350 / 0.06,
 * tau 0.5): the comparison the move to openskill asked for. Each system warms up on the first 20,000 rounds, then
 * replays the whole history in turn, twice (the median is reported). Beside the times, how often each system's ratings before a round named its winner, over the last
 * tenth of the history (a check that the faster or slower system is not the worse one). Then what Glicko cannot rate
 * at all, openskill alone: 10,000 rounds of two teams of two (Public Forum with partners) and 10,000 rooms of four
 * ranked teams of two (British Parliamentary).
 */
import glicko2 from 'glicko2';
import { seededRandom } from '@resolved/shared';
import { displayedRating, rateRound, type TRating } from '../../../apps/server/src/lib/ratings/ratings';
import type { TBenchContext, TBenchResult } from '../lib/context';
import { figure, fmt } from '../lib/report';
import { median } from '../lib/stats';

/**
 * `rounds` one-on-one rounds replayed `runs` times by each system after a warm-up of `warmUp` rounds (openskill's code
 * reaches its speed only after some ten thousand); `teamRounds` rounds of 2 v 2 and of four teams, openskill alone.
 * A full replay of 100,000 rounds by openskill takes seconds on a quiet machine and about 45 s at a load average of 45.
 */
const SIZES = {
  full: { debaters: 10_000, rounds: 100_000, warmUp: 20_000, runs: 2, teamRounds: 10_000 },
  quick: { debaters: 400, rounds: 2_000, warmUp: 1_000, runs: 1, teamRounds: 500 },
};
/** The share of the history at its end over which each system's prediction of the winner is counted. */
const PREDICTED_SHARE = 0.1;

/** The Glicko-2 state and step the server kept before openskill (`glicko2` 1.2.2). */
interface TGlicko {
  rating: number;
  deviation: number;
  volatility: number;
  games: number;
}
const GLICKO = { rating: 1500, rd: 350, vol: 0.06, tau: 0.5 } as const;
const NEW_GLICKO: TGlicko = { rating: GLICKO.rating, deviation: GLICKO.rd, volatility: GLICKO.vol, games: 0 };

function glickoResult(winner: TGlicko, loser: TGlicko): [TGlicko, TGlicko] {
  const system = new glicko2.Glicko2(GLICKO);
  const w = system.makePlayer(winner.rating, winner.deviation, winner.volatility);
  const l = system.makePlayer(loser.rating, loser.deviation, loser.volatility);
  system.updateRatings([[w, l, 1]]);
  return [
    { rating: w.getRating(), deviation: w.getRd(), volatility: w.getVol(), games: winner.games + 1 },
    { rating: l.getRating(), deviation: l.getRd(), volatility: l.getVol(), games: loser.games + 1 },
  ];
}

/** A round of the history: its teams in their finishing order (first place first). */
type TRound = string[][];

/** A standard normal draw (Box–Muller). */
function gaussian(random: () => number): number {
  return Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
}

/**
 * `rounds` rounds of `teams` teams of `teamSize` distinct debaters drawn at random, finishing in an order drawn by
 * strength (Plackett–Luce over each team's summed hidden strength: the stronger more often first).
 */
function buildHistory(
  debaters: number,
  rounds: number,
  teams: number,
  teamSize: number,
  random: () => number,
): TRound[] {
  const ids = Array.from({ length: debaters }, (_, i) => `d${i}`);
  const strength = ids.map(() => gaussian(random));
  const history: TRound[] = [];
  for (let r = 0; r < rounds; r++) {
    const seated = new Set<number>();
    while (seated.size < teams * teamSize) seated.add(Math.floor(random() * debaters));
    const order = [...seated];
    let left = Array.from({ length: teams }, (_, t) => order.slice(t * teamSize, (t + 1) * teamSize));
    const finish: TRound = [];
    while (left.length > 0) {
      const weights = left.map((team) => Math.exp(team.reduce((sum, i) => sum + strength[i]!, 0)));
      let pick = random() * weights.reduce((a, b) => a + b, 0);
      const index = Math.max(
        0,
        weights.findIndex((w) => (pick -= w) <= 0),
      );
      finish.push(left[index]!.map((i) => ids[i]!));
      left = left.filter((_, i) => i !== index);
    }
    history.push(finish);
  }
  return history;
}

/** The history replayed with openskill; counts the rounds of the last stretch whose winner was rated higher before. */
function replayOpenskill(history: readonly TRound[]): { ratings: Map<string, TRating>; predicted: number } {
  const ratings = new Map<string, TRating>();
  const from = Math.floor(history.length * (1 - PREDICTED_SHARE));
  let predicted = 0;
  history.forEach((teams, r) => {
    if (r >= from && teams.length === 2 && teams[0]!.length === 1) {
      const [winner, loser] = [ratings.get(teams[0]![0]!), ratings.get(teams[1]![0]!)];
      if (winner && loser && winner.mu > loser.mu) predicted += 1;
    }
    const ranks = teams.map((_, i) => i + 1);
    for (const [id, rating] of rateRound(teams, ranks, ratings)) ratings.set(id, rating);
  });
  return { ratings, predicted };
}

/** The one-on-one history replayed with the Glicko-2 step of before. */
function replayGlicko(history: readonly TRound[]): { ratings: Map<string, TGlicko>; predicted: number } {
  const ratings = new Map<string, TGlicko>();
  const from = Math.floor(history.length * (1 - PREDICTED_SHARE));
  let predicted = 0;
  history.forEach((teams, r) => {
    const [winnerId, loserId] = [teams[0]![0]!, teams[1]![0]!];
    const winner = ratings.get(winnerId);
    const loser = ratings.get(loserId);
    if (r >= from && winner && loser && winner.rating > loser.rating) predicted += 1;
    const [w, l] = glickoResult(winner ?? NEW_GLICKO, loser ?? NEW_GLICKO);
    ratings.set(winnerId, w);
    ratings.set(loserId, l);
  });
  return { ratings, predicted };
}

const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Milliseconds of one call, after yielding to the event loop (the quick run shares its process). */
async function timed<T>(run: () => T): Promise<{ ms: number; result: T }> {
  await yieldToLoop();
  const started = performance.now();
  const result = run();
  return { ms: performance.now() - started, result };
}

/** Fails the section when a replay lost or invented a debater, or counted a game wrong. */
function checkGames(ratings: ReadonlyMap<string, { games: number }>, history: readonly TRound[]): void {
  const expected = new Map<string, number>();
  for (const id of history.flat(2)) expected.set(id, (expected.get(id) ?? 0) + 1);
  if (ratings.size !== expected.size) throw new Error(`${ratings.size} rated debaters, ${expected.size} expected`);
  for (const [id, games] of expected) {
    if (ratings.get(id)?.games !== games) throw new Error(`${id} has ${ratings.get(id)?.games} games, not ${games}`);
  }
}

export async function ratingsBenchmark(ctx: TBenchContext): Promise<TBenchResult> {
  const size = ctx.isQuick ? SIZES.quick : SIZES.full;
  const random = seededRandom('bench-ratings');
  const oneOnOne = buildHistory(size.debaters, size.rounds, 2, 1, random);

  const openskillTimes: number[] = [];
  const glickoTimes: number[] = [];
  let openskill = replayOpenskill([]);
  let glicko = replayGlicko([]);
  // Warm-up (dropped).
  replayOpenskill(oneOnOne.slice(0, size.warmUp));
  replayGlicko(oneOnOne.slice(0, size.warmUp));
  for (let run = 0; run < size.runs; run++) {
    const o = await timed(() => replayOpenskill(oneOnOne));
    const g = await timed(() => replayGlicko(oneOnOne));
    openskillTimes.push(o.ms);
    glickoTimes.push(g.ms);
    [openskill, glicko] = [o.result, g.result];
  }
  checkGames(openskill.ratings, oneOnOne);
  checkGames(glicko.ratings, oneOnOne);
  const predictedRounds = size.rounds - Math.floor(size.rounds * (1 - PREDICTED_SHARE));
  const spread = (values: number[]) => Math.max(...values) - Math.min(...values);
  ctx.log(
    `  ${size.rounds} one-on-one rounds: openskill ${fmt(median(openskillTimes), 'ms')}, ` +
      `Glicko-2 ${fmt(median(glickoTimes), 'ms')}`,
  );

  const partners = buildHistory(size.debaters, size.teamRounds, 2, 2, random);
  const bp = buildHistory(size.debaters, size.teamRounds, 4, 2, random);
  const partnersRun = await timed(() => replayOpenskill(partners));
  const bpRun = await timed(() => replayOpenskill(bp));
  checkGames(partnersRun.result.ratings, partners);
  checkGames(bpRun.result.ratings, bp);
  ctx.log(
    `  openskill alone: ${size.teamRounds} rounds of 2 v 2 ${fmt(partnersRun.ms, 'ms')}, ` +
      `${size.teamRounds} four-team rooms ${fmt(bpRun.ms, 'ms')}`,
  );

  const perRound = (ms: number, rounds = size.rounds) => (ms * 1000) / rounds;
  const glickoBaseline = { label: 'Glicko-2 (glicko2 1.2.2), same history', value: median(glickoTimes), unit: 'ms' };
  const displayed = [...openskill.ratings.values()].map((r) => displayedRating(r));
  const glickoRatings = [...glicko.ratings.values()].map((r) => r.rating);
  return {
    setup:
      `Pure functions in memory, no server. A history of ${fmt(size.rounds)} one-on-one rounds among ` +
      `${fmt(size.debaters)} debaters (random pairs; a hidden strength per debater decides the winner by a logistic), ` +
      `replayed from new ratings with the server's \`rateRound\` (openskill 5.0.1, Plackett–Luce) and with the ` +
      `Glicko-2 step of before (glicko2 1.2.2, a rating period per round), in turn, ${size.runs} time(s) each after a ` +
      `warm-up on its first ${fmt(size.warmUp)} rounds; every replay checked to rate each debater once per round. ` +
      `Then openskill alone on ${fmt(size.teamRounds)} rounds of two teams of two and ${fmt(size.teamRounds)} rooms ` +
      `of four ranked teams of two.`,
    figures: [
      figure({
        name: `recompute ${fmt(size.rounds)} one-on-one rounds (${fmt(size.rounds * 2)} rating updates), openskill: median`,
        value: median(openskillTimes),
        unit: 'ms',
        baseline: glickoBaseline,
        ratio: { label: 'openskill / Glicko-2', value: median(openskillTimes) / median(glickoTimes) },
      }),
      figure({ name: 'openskill, per round', value: perRound(median(openskillTimes)), unit: 'µs' }),
      figure({ name: 'Glicko-2, per round', value: perRound(median(glickoTimes)), unit: 'µs' }),
      figure({
        name: `winner rated higher before the round, last ${fmt(predictedRounds)} rounds: openskill`,
        value: (100 * openskill.predicted) / predictedRounds,
        unit: '%',
        baseline: {
          label: 'Glicko-2',
          value: (100 * glicko.predicted) / predictedRounds,
          unit: '%',
        },
      }),
      figure({
        name: `openskill, ${fmt(size.teamRounds)} rounds of 2 v 2, per round`,
        value: perRound(partnersRun.ms, size.teamRounds),
        unit: 'µs',
      }),
      figure({
        name: `openskill, ${fmt(size.teamRounds)} four-team rooms (8 debaters), per room`,
        value: perRound(bpRun.ms, size.teamRounds),
        unit: 'µs',
      }),
    ],
    notes: [
      `Spread of the ${size.runs} timed replays: openskill ${fmt(spread(openskillTimes), 'ms')}, Glicko-2 ` +
        `${fmt(spread(glickoTimes), 'ms')}.`,
      `Ratings after the replay read from ${fmt(Math.min(...displayed))} to ${fmt(Math.max(...displayed))} ` +
        `(openskill, as displayed) and from ${fmt(Math.min(...glickoRatings))} to ${fmt(Math.max(...glickoRatings))} ` +
        `(Glicko-2).`,
      'No budget: the issue asks for the comparison. The server rates one round at a time inside its ballot ' +
        'transaction; nothing recomputes ratings in bulk today (docs/decisions.md).',
    ],
  };
}
