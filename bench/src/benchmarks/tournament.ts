/**
 * 9. Tournaments: the pure core a release and the tab run, in memory (no server, no database).
 *
 * The draw: round 5 of a 200-entrant LD division (all under 18, 25 teams and some unattached entrants) after four
 * rounds drawn the same way with random results, then its 100 rooms given judges from a pool of 100 by
 * `assignJudges` — what the release of a round computes inside its transaction while the host waits. The pool has
 * every kind of judge the safety rules read: verified adults (some coaching a team of the field), student judges (on
 * teams) and unverified adults, who may not judge a minor's round and so stay on standby; each declared one conflict
 * and carries the judging of the four earlier rounds (who they judged, how often). Each measured run draws round 5
 * with another seed. Baseline in the same run: a random pairing of the same field with the judges dealt at random —
 * what a desk without power pairing or a cost matrix would do.
 *
 * The tab: `computeStandings` for 200 entrants over 6 rounds (drawn and played the same way) — recomputed for every
 * open tab when a ballot arrives. Baseline: wins alone, counted and sorted.
 */
import {
  assignJudges,
  computeStandings,
  drawRound,
  judgeForbiddenReason,
  seededRandom,
  shuffled,
  type TDebateResult,
  type TDraw,
  type TEntrant,
  type TJudgeCandidate,
  type TJudgeRoom,
  type TRoundRecord,
} from '@resolved/shared';
import type { TBenchContext, TBenchResult } from '../lib/context';
import { figure, fmt } from '../lib/report';
import { median, percentile } from '../lib/stats';

/**
 * Absolute budgets, the issue's: the host waits for the release of a round (the draw and its judges are made in its
 * transaction), and a ballot reaches every open tab within 2 s, the standings recomputed on the way. The same run's
 * baselines are printed beside them but are not what is judged: they do a different, far smaller job (microseconds),
 * so a ratio to them would move with their noise, not with the draw's cost.
 */
const BUDGET = { drawMs: 1000, standingsMs: 50 };

const SIZES = {
  full: { entrants: 200, teams: 25, judges: 100, drawRuns: 15, standingsRuns: 51 },
  quick: { entrants: 40, teams: 6, judges: 20, drawRuns: 3, standingsRuns: 5 },
};
/** Runs before the measured ones, to warm the JIT (dropped). */
const WARM_UP_RUNS = 2;
const ROUNDS_BEFORE_DRAW = 4;
const STANDINGS_ROUNDS = 6;

/** Lets the event loop run between measured runs: the quick smoke run shares this process with servers' clients. */
const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The field: e001…, all under 18; 80 % on one of `teams` teams, the rest unattached. */
function buildField(size: number, teams: number, random: () => number): TEntrant[] {
  return Array.from({ length: size }, (_, i) => ({
    id: `e${String(i + 1).padStart(3, '0')}`,
    teamId: random() < 0.8 ? 1 + Math.floor(random() * teams) : null,
    rating: 1000 + Math.floor(random() * 1000),
    isMinor: true,
  }));
}

/**
 * The judge pool: 45 % verified adults (the first `teams` of them coaching one team each), 25 % verified adults of no
 * team, 20 % student judges (under 18, on a team), 10 % unverified adults (never seated in a minor's round). Each
 * declared a conflict with one random entrant.
 */
function buildJudges(count: number, teams: number, field: readonly TEntrant[], random: () => number) {
  return Array.from({ length: count }, (_, i): TJudgeCandidate => {
    const id = `j${String(i + 1).padStart(3, '0')}`;
    const share = i / count;
    const isStudent = share >= 0.7 && share < 0.9;
    const isUnverified = share >= 0.9;
    const teamIds = i < teams ? [i + 1] : isStudent ? [1 + Math.floor(random() * teams)] : [];
    return {
      id,
      actor: {
        id,
        role: 'user',
        ageBand: isStudent ? 'minor' : 'adult',
        isVerifiedJudge: !isStudent && !isUnverified,
      },
      teamIds,
      conflictIds: [field[Math.floor(random() * field.length)]!.id],
      judgedIds: [],
      load: 0,
    };
  });
}

/** The rooms of a draw as the judge assignment reads them (every debater a minor: the coaches of their teams named). */
function roomsOf(draw: TDraw, byId: ReadonlyMap<string, TEntrant>, coachOf: ReadonlyMap<number, string>) {
  return draw.debates.map((d, i): TJudgeRoom => {
    const debaters = [byId.get(d.aff)!, byId.get(d.neg)!];
    return {
      key: String(i),
      debaters: debaters.map((e) => ({ id: e.id, teamId: e.teamId })),
      hasMinor: debaters.some((e) => e.isMinor),
      coachIds: debaters.flatMap((e) => (e.teamId === null ? [] : [coachOf.get(e.teamId)!])),
    };
  });
}

/** Random results for a draw: a coin for the winner, points 25–30 in halves, now and then a forfeit (no points). */
function play(draw: TDraw, random: () => number): TRoundRecord {
  const points = () => 25 + Math.floor(random() * 11) / 2;
  return {
    byes: draw.bye ? [draw.bye] : [],
    debates: draw.debates.map((d): TDebateResult => {
      const winner = random() < 0.5 ? 'aff' : 'neg';
      const isForfeit = random() < 0.03;
      return {
        aff: d.aff,
        neg: d.neg,
        winner,
        affPoints: isForfeit ? null : points(),
        negPoints: isForfeit ? null : points(),
      };
    }),
  };
}

/** Rounds drawn and played in turn; the judges of each round are seated and remembered as the server does. */
function playRounds(
  field: readonly TEntrant[],
  judges: TJudgeCandidate[],
  coachOf: ReadonlyMap<number, string>,
  count: number,
  random: () => number,
): { rounds: TRoundRecord[]; judges: TJudgeCandidate[] } {
  const byId = new Map(field.map((e) => [e.id, e]));
  const rounds: TRoundRecord[] = [];
  let pool = judges;
  for (let r = 0; r < count; r++) {
    const draw = drawRound({ format: 'ld', entrants: field, rounds, seed: `bench-round-${r + 1}` });
    const rooms = roomsOf(draw, byId, coachOf);
    const { panels } = assignJudges(rooms, pool, 1);
    const judgedBy = new Map<string, string[]>();
    panels.forEach((panel, i) => {
      const judgeId = panel.judgeIds[0];
      if (judgeId)
        judgedBy.set(
          judgeId,
          rooms[i]!.debaters.map((d) => d.id),
        );
    });
    pool = pool.map((j) => {
      const judged = judgedBy.get(j.id);
      return judged ? { ...j, judgedIds: [...j.judgedIds, ...judged], load: j.load + 1 } : j;
    });
    rounds.push(play(draw, random));
  }
  return { rounds, judges: pool };
}

/** Fails the section when a draw breaks what it promises (everyone once, no judge twice); the judges seated. */
function checkDraw(draw: TDraw, field: readonly TEntrant[], panels: { judgeIds: string[] }[]): number {
  const seats = [...draw.debates.flatMap((d) => [d.aff, d.neg]), ...(draw.bye ? [draw.bye] : [])];
  if (seats.length !== field.length || new Set(seats).size !== field.length) {
    throw new Error(`the draw seats ${new Set(seats).size} distinct of ${field.length} entrants in ${seats.length}`);
  }
  const judgeIds = panels.flatMap((p) => p.judgeIds);
  if (new Set(judgeIds).size !== judgeIds.length) throw new Error('a judge is seated in two rooms');
  return judgeIds.length;
}

function forbiddenSeats(rooms: TJudgeRoom[], panels: { judgeIds: string[] }[], pool: readonly TJudgeCandidate[]) {
  const byId = new Map(pool.map((j) => [j.id, j]));
  return panels.reduce(
    (sum, p, i) => sum + p.judgeIds.filter((id) => judgeForbiddenReason(byId.get(id)!, rooms[i]!) !== null).length,
    0,
  );
}

/** A random pairing of the same field with the judges dealt at random: the baseline. */
function randomPairing(field: readonly TEntrant[], pool: readonly TJudgeCandidate[], seed: string) {
  const random = seededRandom(seed);
  const order = shuffled(
    field.map((e) => e.id),
    random,
  );
  const judges = shuffled(
    pool.map((j) => j.id),
    random,
  );
  const debates: { aff: string; neg: string; judgeId: string | null }[] = [];
  for (let i = 0; i + 1 < order.length; i += 2) {
    debates.push({ aff: order[i]!, neg: order[i + 1]!, judgeId: judges[i / 2] ?? null });
  }
  return debates;
}

/** Wins alone, counted and sorted: the standings' baseline. */
function winsOnly(ids: readonly string[], rounds: readonly TRoundRecord[]) {
  const wins = new Map(ids.map((id) => [id, 0]));
  for (const round of rounds) {
    for (const id of round.byes) wins.set(id, wins.get(id)! + 1);
    for (const d of round.debates) {
      const winner = d[d.winner];
      wins.set(winner, (wins.get(winner) ?? 0) + 1);
    }
  }
  return [...wins].sort((a, b) => b[1] - a[1]);
}

/**
 * Times `run` `runs` times after the warm-up, yielding to the event loop between runs; milliseconds each. `check`
 * reads each run's result after the clock has stopped.
 */
async function timeRuns<T>(runs: number, run: (i: number) => T, check: (result: T) => void): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < WARM_UP_RUNS + runs; i++) {
    await yieldToLoop();
    const started = performance.now();
    const result = run(i);
    const ms = performance.now() - started;
    if (i >= WARM_UP_RUNS) times.push(ms);
    check(result);
  }
  return times;
}

export async function tournamentBenchmark(ctx: TBenchContext): Promise<TBenchResult> {
  const size = ctx.isQuick ? SIZES.quick : SIZES.full;
  const random = seededRandom('bench-tournament');
  const field = buildField(size.entrants, size.teams, random);
  const byId = new Map(field.map((e) => [e.id, e]));
  const pool = buildJudges(size.judges, size.teams, field, random);
  const coachOf = new Map(pool.slice(0, size.teams).map((j, i) => [i + 1, j.id]));

  // (a) Round 5's draw and its judges, after four rounds played.
  const before = playRounds(field, pool, coachOf, ROUNDS_BEFORE_DRAW, random);
  let seated = 0;
  let forbidden = 0;
  let flagged = 0;
  let unjudged = 0;
  let pullUps = 0;
  const drawTimes = await timeRuns(
    size.drawRuns,
    (i) => {
      const draw = drawRound({ format: 'ld', entrants: field, rounds: before.rounds, seed: `bench-round-5-${i}` });
      const rooms = roomsOf(draw, byId, coachOf);
      return { draw, rooms, assignment: assignJudges(rooms, before.judges, 1) };
    },
    ({ draw, rooms, assignment }) => {
      seated = checkDraw(draw, field, assignment.panels);
      forbidden = Math.max(forbidden, forbiddenSeats(rooms, assignment.panels, before.judges));
      flagged = draw.debates.filter((d) => d.flags.length > 0).length;
      unjudged = assignment.unjudged.length;
      pullUps = draw.pullUps.length;
    },
  );
  const baselineTimes = await timeRuns(
    size.drawRuns,
    (i) => randomPairing(field, before.judges, `bench-random-${i}`),
    (debates) => {
      if (debates.length !== Math.floor(field.length / 2)) throw new Error('the random pairing lost a debate');
    },
  );
  const rooms = Math.floor(field.length / 2);
  ctx.log(
    `  draw of round 5: median ${fmt(median(drawTimes), 'ms')}, p95 ${fmt(percentile(drawTimes, 95), 'ms')}; ` +
      `random pairing ${fmt(median(baselineTimes) * 1000, 'µs')}; ${seated} of ${rooms} rooms judged, ${flagged} flagged`,
  );

  // (b) The standings after six rounds.
  const six = playRounds(field, pool, coachOf, STANDINGS_ROUNDS, seededRandom('bench-tournament-tab'));
  const ids = field.map((e) => e.id);
  const standingsTimes = await timeRuns(
    size.standingsRuns,
    () => computeStandings(ids, six.rounds),
    (standings) => {
      const isOrdered = standings.every((s, i) => i === 0 || standings[i - 1]!.wins >= s.wins);
      if (standings.length !== ids.length || standings[0]!.rank !== 1 || !isOrdered) {
        throw new Error('the standings lost a row or are out of order');
      }
    },
  );
  const winsTimes = await timeRuns(
    size.standingsRuns,
    () => winsOnly(ids, six.rounds),
    (wins) => {
      if (wins.length !== ids.length) throw new Error('the wins lost a row');
    },
  );
  ctx.log(
    `  standings after ${STANDINGS_ROUNDS} rounds: median ${fmt(median(standingsTimes), 'ms')}, ` +
      `p95 ${fmt(percentile(standingsTimes, 95), 'ms')}`,
  );

  const randomBaseline = {
    label: 'random pairing, judges dealt at random',
    value: median(baselineTimes) * 1000,
    unit: 'µs',
  };
  return {
    setup:
      `Pure functions in memory, no server. Draw: round 5 of a ${size.entrants}-entrant LD division (all under 18, ` +
      `${size.teams} teams, 20 % unattached) after ${ROUNDS_BEFORE_DRAW} rounds drawn and played at random, then ` +
      `its ${rooms} rooms judged from a pool of ${size.judges} (verified adults, coaches among them, student judges, ` +
      `10 % unverified adults kept from minors' rounds; one declared conflict each; the earlier rounds' judging ` +
      `remembered): \`drawRound\` + \`assignJudges\`, ${size.drawRuns} runs with a new seed each after ` +
      `${WARM_UP_RUNS} warm-up runs; checked every run: each entrant in exactly one debate, no judge in two rooms, ` +
      `none where forbidden. Tab: \`computeStandings\` for ${size.entrants} entrants over ${STANDINGS_ROUNDS} rounds, ` +
      `${size.standingsRuns} runs after ${WARM_UP_RUNS} warm-up runs`,
    figures: [
      figure({
        name: `draw of round 5 with judges, ${size.entrants} entrants, ${size.judges} judges: median`,
        value: median(drawTimes),
        unit: 'ms',
        budget: { kind: 'max', value: BUDGET.drawMs, text: `< ${fmt(BUDGET.drawMs)} ms`, basis: 'absolute' },
        baseline: randomBaseline,
        ratio: { label: 'draw / random pairing', value: median(drawTimes) / median(baselineTimes) },
      }),
      figure({
        name: 'draw of round 5 with judges: p95',
        value: percentile(drawTimes, 95),
        unit: 'ms',
        baseline: { ...randomBaseline, value: percentile(baselineTimes, 95) * 1000 },
      }),
      figure({
        name: 'draw: judges seated where the rules forbid them (worst run)',
        value: forbidden,
        unit: '',
        budget: { kind: 'max', value: 0, text: '0', basis: 'exact' },
      }),
      figure({ name: `draw: rooms with a judge (last run; of ${rooms})`, value: seated, unit: '' }),
      figure({ name: 'draw: rooms left unjudged (last run)', value: unjudged, unit: '' }),
      figure({ name: 'draw: debates flagged (rematch, same team, sides; last run)', value: flagged, unit: '' }),
      figure({ name: 'draw: entrants pulled up (last run)', value: pullUps, unit: '' }),
      figure({
        name: `standings, ${size.entrants} entrants over ${STANDINGS_ROUNDS} rounds: median`,
        value: median(standingsTimes),
        unit: 'ms',
        budget: { kind: 'max', value: BUDGET.standingsMs, text: `< ${fmt(BUDGET.standingsMs)} ms`, basis: 'absolute' },
        baseline: { label: 'wins alone, counted and sorted', value: median(winsTimes) * 1000, unit: 'µs' },
        ratio: { label: 'standings / wins alone', value: median(standingsTimes) / median(winsTimes) },
      }),
      figure({
        name: 'standings: p95',
        value: percentile(standingsTimes, 95),
        unit: 'ms',
        baseline: {
          label: 'wins alone, counted and sorted',
          value: percentile(winsTimes, 95) * 1000,
          unit: 'µs',
        },
      }),
    ],
    notes: [
      `Draw runs (ms): ${drawTimes.map((t) => fmt(t)).join(', ')}.`,
      `Standings runs (ms), median of ${size.standingsRuns}: ${fmt(median(standingsTimes))}; fastest ` +
        `${fmt(Math.min(...standingsTimes))}, slowest ${fmt(Math.max(...standingsTimes))}.`,
    ],
  };
}
