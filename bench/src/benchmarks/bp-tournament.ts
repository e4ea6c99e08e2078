/**
 * 13. British Parliamentary: the pure core of a BP tournament (issue 41), in memory (no server, no database).
 *
 * The draw: round 6 of a 400-team BP tournament (100 rooms of four; teams from 80 clubs) after five rounds drawn the
 * same way and played with random rankings, then its 100 rooms given panels of a chair and two wings from a pool of
 * 300 judges by `assignBpPanels` — what the release of a round will compute while the host waits. The pool: judges of
 * a club (never seated with its teams), a third of them allowed to chair, one declared conflict each, and the judging
 * of the five earlier rounds remembered. Each measured run draws round 6 with another seed. Baseline in the same run:
 * the rooms dealt at random (positions as dealt) with the judges dealt at random, three to a room.
 *
 * The tab: `computeBpStandings` for 400 teams over 9 rounds. Baseline: team points alone, counted and sorted.
 */
import {
  assignBpPanels,
  BP_SIDES,
  bpPositionCounts,
  computeBpStandings,
  drawBpRound,
  judgeForbiddenReason,
  seededRandom,
  shuffled,
  type TBpDraw,
  type TBpRank,
  type TBpRoundRecord,
  type TBpSide,
  type TJudgeCandidate,
  type TJudgeRoom,
} from '@resolved/shared';
import type { TBenchContext, TBenchResult } from '../lib/context';
import { figure, fmt } from '../lib/report';
import { median, percentile } from '../lib/stats';

/** The budgets: the release of a round is waited for; a ballot reaches every open tab within 2 s. */
const BUDGET = { drawMs: 1000, standingsMs: 50 };

const SIZES = {
  full: { teams: 400, clubs: 80, judges: 300, drawRuns: 9, standingsRuns: 51 },
  quick: { teams: 48, clubs: 12, judges: 36, drawRuns: 3, standingsRuns: 5 },
};
const WARM_UP_RUNS = 2;
const ROUNDS_BEFORE_DRAW = 5;
const STANDINGS_ROUNDS = 9;

const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Teams t001…, each of a club (1…`clubs`). */
function buildField(size: number, clubs: number) {
  const ids = Array.from({ length: size }, (_, i) => `t${String(i + 1).padStart(3, '0')}`);
  return { ids, clubOf: new Map(ids.map((id, i) => [id, 1 + (i % clubs)])) };
}

/** The pool: 70 % judges of a club, the rest of none; every third may chair; one declared conflict each. */
function buildJudges(count: number, clubs: number, ids: readonly string[], random: () => number): TJudgeCandidate[] {
  return Array.from({ length: count }, (_, i): TJudgeCandidate => {
    const id = `j${String(i + 1).padStart(3, '0')}`;
    return {
      id,
      actor: { id, role: 'user', ageBand: 'adult', isVerifiedJudge: true },
      teamIds: random() < 0.7 ? [1 + Math.floor(random() * clubs)] : [],
      conflictIds: [ids[Math.floor(random() * ids.length)]!],
      judgedIds: [],
      load: 0,
    };
  });
}

function roomsOf(draw: TBpDraw, clubOf: ReadonlyMap<string, number>): TJudgeRoom[] {
  return draw.rooms.map((room, i) => ({
    key: String(i),
    debaters: BP_SIDES.map((side) => ({ id: room.teams[side], teamId: clubOf.get(room.teams[side]) ?? null })),
    hasMinor: false,
    coachIds: [],
  }));
}

/** Random rankings for a draw: a shuffled order, 130–170 speaker points a team in line with it. */
function play(draw: TBpDraw, random: () => number): TBpRoundRecord {
  return {
    rooms: draw.rooms.map((room) => {
      const ranks = {} as Record<TBpSide, TBpRank>;
      const speakerPoints = {} as Record<TBpSide, number>;
      let points = 170 - Math.floor(random() * 8);
      shuffled(BP_SIDES, random).forEach((side, i) => {
        ranks[side] = (i + 1) as TBpRank;
        speakerPoints[side] = points;
        points -= 1 + Math.floor(random() * 8);
      });
      return { teams: room.teams, ranks, speakerPoints };
    }),
  };
}

/** Rounds drawn, judged and played in turn; each judge remembers the teams they judged. */
function playRounds(
  ids: readonly string[],
  clubOf: ReadonlyMap<string, number>,
  judges: TJudgeCandidate[],
  chairIds: ReadonlySet<string>,
  count: number,
  random: () => number,
) {
  const rounds: TBpRoundRecord[] = [];
  let pool = judges;
  for (let r = 0; r < count; r++) {
    const draw = drawBpRound({ teamIds: ids, rounds, seed: `bench-bp-${r + 1}` });
    const rooms = roomsOf(draw, clubOf);
    const { panels } = assignBpPanels(rooms, pool, { chairIds });
    const judged = new Map<string, string[]>();
    panels.forEach((panel, i) => {
      const teams = rooms[i]!.debaters.map((d) => d.id);
      for (const id of [panel.chairId, ...panel.wingIds]) if (id) judged.set(id, teams);
    });
    pool = pool.map((j) => {
      const teams = judged.get(j.id);
      return teams ? { ...j, judgedIds: [...j.judgedIds, ...teams], load: j.load + 1 } : j;
    });
    rounds.push(play(draw, random));
  }
  return { rounds, judges: pool };
}

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

/** The rooms dealt at random, with the judges dealt at random three to a room: the baseline. */
function randomRooms(ids: readonly string[], pool: readonly TJudgeCandidate[], seed: string) {
  const random = seededRandom(seed);
  const order = shuffled(ids, random);
  const judges = shuffled(
    pool.map((j) => j.id),
    random,
  );
  const rooms: { teams: string[]; judgeIds: string[] }[] = [];
  for (let i = 0; i < order.length; i += 4) {
    const n = i / 4;
    rooms.push({ teams: order.slice(i, i + 4), judgeIds: judges.slice(3 * n, 3 * n + 3) });
  }
  return rooms;
}

export async function bpTournamentBenchmark(ctx: TBenchContext): Promise<TBenchResult> {
  const size = ctx.isQuick ? SIZES.quick : SIZES.full;
  const random = seededRandom('bench-bp');
  const { ids, clubOf } = buildField(size.teams, size.clubs);
  const pool = buildJudges(size.judges, size.clubs, ids, random);
  const chairIds = new Set(pool.filter((_, i) => i % 3 === 0).map((j) => j.id));
  const roomCount = size.teams / 4;

  // (a) Round 6's draw and its panels, after five rounds played.
  const before = playRounds(ids, clubOf, pool, chairIds, ROUNDS_BEFORE_DRAW, random);
  const byId = new Map(before.judges.map((j) => [j.id, j]));
  const countsBefore = bpPositionCounts(before.rounds);
  const last = { thirdTimes: 0, randomThirdTimes: 0, maxRepeat: 0, pullUps: 0, unjudged: 0, seated: 0, forbidden: 0 };
  /** After round 6 each team holds some position twice at best: those that hold one three times or more. */
  const thirdTimesOf = (rooms: readonly (readonly string[])[]) =>
    rooms.reduce(
      (sum, teams) => sum + teams.filter((id, i) => (countsBefore.get(id)?.[BP_SIDES[i]!] ?? 0) >= 2).length,
      0,
    );
  const drawTimes = await timeRuns(
    size.drawRuns,
    (i) => {
      const draw = drawBpRound({ teamIds: ids, rounds: before.rounds, seed: `bench-bp-6-${i}` });
      const rooms = roomsOf(draw, clubOf);
      return { draw, rooms, assignment: assignBpPanels(rooms, before.judges, { chairIds }) };
    },
    ({ draw, rooms, assignment }) => {
      const seats = draw.rooms.flatMap((room) => BP_SIDES.map((side) => room.teams[side]));
      if (seats.length !== ids.length || new Set(seats).size !== ids.length)
        throw new Error('a team is not seated once');
      const judgeIds = assignment.panels.flatMap((p) => (p.chairId ? [p.chairId, ...p.wingIds] : p.wingIds));
      if (new Set(judgeIds).size !== judgeIds.length) throw new Error('a judge is seated in two rooms');
      if (assignment.panels.some((p) => p.chairId !== null && !chairIds.has(p.chairId))) {
        throw new Error('a judge chairs who may not');
      }
      last.thirdTimes = thirdTimesOf(draw.rooms.map((room) => BP_SIDES.map((side) => room.teams[side])));
      last.maxRepeat = Math.max(
        ...draw.rooms.flatMap((room) => BP_SIDES.map((side) => (countsBefore.get(room.teams[side])?.[side] ?? 0) + 1)),
      );
      last.pullUps = draw.pullUps.length;
      last.unjudged = assignment.unjudged.length;
      last.seated = judgeIds.length;
      last.forbidden = Math.max(
        last.forbidden,
        assignment.panels.reduce(
          (sum, p, i) =>
            sum +
            [p.chairId, ...p.wingIds].filter((id) => id && judgeForbiddenReason(byId.get(id)!, rooms[i]!) !== null)
              .length,
          0,
        ),
      );
    },
  );
  const baselineTimes = await timeRuns(
    size.drawRuns,
    (i) => randomRooms(ids, before.judges, `bench-bp-random-${i}`),
    (rooms) => {
      if (rooms.length !== roomCount) throw new Error('the random deal lost a room');
      last.randomThirdTimes = thirdTimesOf(rooms.map((room) => room.teams));
    },
  );
  ctx.log(
    `  BP draw of round 6: median ${fmt(median(drawTimes), 'ms')}, p95 ${fmt(percentile(drawTimes, 95), 'ms')}; ` +
      `random deal ${fmt(median(baselineTimes) * 1000, 'µs')}; ${last.thirdTimes} teams in a position a third time ` +
      `(${last.randomThirdTimes} when dealt at random)`,
  );

  // (b) The tab after nine rounds.
  const nine = playRounds(ids, clubOf, pool, chairIds, STANDINGS_ROUNDS, seededRandom('bench-bp-tab'));
  const standingsTimes = await timeRuns(
    size.standingsRuns,
    () => computeBpStandings(ids, nine.rounds, 'bench-bp-tab'),
    (standings) => {
      const isOrdered = standings.every((s, i) => i === 0 || standings[i - 1]!.teamPoints >= s.teamPoints);
      if (standings.length !== ids.length || !isOrdered) throw new Error('the BP tab lost a row or is out of order');
    },
  );
  const pointsOnlyTimes = await timeRuns(
    size.standingsRuns,
    () => {
      const points = new Map(ids.map((id) => [id, 0]));
      for (const round of nine.rounds) {
        for (const room of round.rooms) {
          for (const side of BP_SIDES)
            points.set(room.teams[side], points.get(room.teams[side])! + 4 - room.ranks[side]);
        }
      }
      return [...points].sort((a, b) => b[1] - a[1]);
    },
    (rows) => {
      if (rows.length !== ids.length) throw new Error('the team points lost a row');
    },
  );
  ctx.log(`  BP tab after ${STANDINGS_ROUNDS} rounds: median ${fmt(median(standingsTimes), 'ms')}`);

  const baseline = { label: 'rooms and judges dealt at random', value: median(baselineTimes) * 1000, unit: 'µs' };
  const judgesName = `${size.judges} judges`;
  return {
    setup:
      `Pure functions in memory, no server. Draw: round 6 of a ${size.teams}-team BP tournament (${roomCount} rooms, ` +
      `${size.clubs} clubs) after ${ROUNDS_BEFORE_DRAW} rounds drawn and ranked at random: \`drawBpRound\` (brackets ` +
      `by team points, pull-ups, positions by the Hungarian algorithm over each bracket) + \`assignBpPanels\` (a ` +
      `chair from the third of the pool allowed to chair and two wings a room, from ${judgesName}; club and declared ` +
      `conflicts forbidden; the earlier rounds' judging remembered), ${size.drawRuns} runs with a new seed each after ` +
      `${WARM_UP_RUNS} warm-up runs; checked every run: each team in exactly one room, no judge in two rooms, no ` +
      `chair who may not chair, none seated where forbidden. Tab: \`computeBpStandings\` for ${size.teams} teams ` +
      `over ${STANDINGS_ROUNDS} rounds, ${size.standingsRuns} runs after ${WARM_UP_RUNS} warm-up runs`,
    figures: [
      figure({
        name: `BP draw of round 6 with panels of three, ${size.teams} teams, ${judgesName}: median`,
        value: median(drawTimes),
        unit: 'ms',
        budget: { kind: 'max', value: BUDGET.drawMs, text: `< ${fmt(BUDGET.drawMs)} ms`, basis: 'absolute' },
        baseline,
        ratio: { label: 'draw / random deal', value: median(drawTimes) / median(baselineTimes) },
      }),
      figure({
        name: 'BP draw with panels: p95',
        value: percentile(drawTimes, 95),
        unit: 'ms',
        baseline: { ...baseline, value: percentile(baselineTimes, 95) * 1000 },
      }),
      figure({
        name: 'draw: judges seated where the rules forbid them (worst run)',
        value: last.forbidden,
        unit: '',
        budget: { kind: 'max', value: 0, text: '0', basis: 'exact' },
      }),
      figure({
        name: 'draw: teams in a position for the third time after round 6 (last run)',
        value: last.thirdTimes,
        unit: '',
        baseline: { label: 'positions dealt at random', value: last.randomThirdTimes, unit: '' },
      }),
      figure({
        name: 'draw: most times any team holds one position after round 6 (last run)',
        value: last.maxRepeat,
        unit: '',
      }),
      figure({ name: 'draw: teams pulled up (last run)', value: last.pullUps, unit: '' }),
      figure({ name: `draw: judges seated (last run; of ${3 * roomCount} seats)`, value: last.seated, unit: '' }),
      figure({ name: 'draw: rooms short of a chair or a wing (last run)', value: last.unjudged, unit: '' }),
      figure({
        name: `BP standings, ${size.teams} teams over ${STANDINGS_ROUNDS} rounds: median`,
        value: median(standingsTimes),
        unit: 'ms',
        budget: { kind: 'max', value: BUDGET.standingsMs, text: `< ${fmt(BUDGET.standingsMs)} ms`, basis: 'absolute' },
        baseline: { label: 'team points alone, counted and sorted', value: median(pointsOnlyTimes) * 1000, unit: 'µs' },
        ratio: { label: 'standings / team points alone', value: median(standingsTimes) / median(pointsOnlyTimes) },
      }),
    ],
    notes: [
      `Draw runs (ms): ${drawTimes.map((t) => fmt(t)).join(', ')}.`,
      `Standings runs (ms), median of ${size.standingsRuns}: ${fmt(median(standingsTimes))}; fastest ` +
        `${fmt(Math.min(...standingsTimes))}, slowest ${fmt(Math.max(...standingsTimes))}.`,
    ],
  };
}
