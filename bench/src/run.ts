/**
 * `npm run bench` runs every benchmark at full size (within 10 minutes) and exits non-zero when a budget is missed;
 * `npm run bench -- --quick` runs each at small sizes as a smoke test (called by `npm test`) that judges no budget.
 * `--only <id>` runs one (`--quick --only media` runs the media benchmark small, which the quick run leaves out).
 * Needs `npm run build` first. Writes bench/results/latest.md and latest.json (quick runs write quick.md /
 * quick.json). Before each section the calibration loop measures the machine's speed.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { TBenchContext, TBenchResult } from './lib/context';
import os from 'node:os';
import { CALIBRATION_TEXT, calibrate } from './lib/calibration';
import { describeMachine, fmt, FULL_RUN_LIMIT_S, toMarkdown, type TSection } from './lib/report';
import { ROOT } from './lib/server';
import { leaderboardBenchmark } from './benchmarks/leaderboard';
import { chatBenchmark } from './benchmarks/chat';
import { matchmakingBenchmark } from './benchmarks/matchmaking';
import { clockBenchmark } from './benchmarks/clock';
import { webBenchmark } from './benchmarks/web';
import { overheadBenchmark } from './benchmarks/overhead';
import { mediaBenchmark } from './benchmarks/media';
import { tournamentBenchmark } from './benchmarks/tournament';
import { tournamentLoadBenchmark } from './benchmarks/tournament-load';
import { ratingsBenchmark } from './benchmarks/ratings';
import { teamMatchmakingBenchmark } from './benchmarks/team-matchmaking';
import { bpTournamentBenchmark } from './benchmarks/bp-tournament';

interface TBenchmark {
  id: string;
  /** The report sections it fills, in the order `run` returns their results. */
  sections: { id: string; title: string }[];
  run: (ctx: TBenchContext) => Promise<TBenchResult[]>;
  /**
   * False for a benchmark left out of the quick smoke run unless `--only` names it: its small size alone takes longer
   * than the whole quick run may (the media benchmark: a Chromium, Janus and coturn, about 65 s on its own).
   */
  isInQuickRun?: boolean;
}

const BENCHMARKS: TBenchmark[] = [
  {
    id: 'leaderboard',
    sections: [{ id: 'leaderboard', title: '1. Leaderboard at scale' }],
    run: async (ctx) => [await leaderboardBenchmark(ctx)],
  },
  {
    id: 'chat',
    sections: [
      { id: 'chat', title: '2. Chat fan-out' },
      { id: 'memory', title: '6. Memory' },
    ],
    run: async (ctx) => {
      const { chat, memory } = await chatBenchmark(ctx);
      return [chat, memory];
    },
  },
  {
    id: 'matchmaking',
    sections: [{ id: 'matchmaking', title: '3. Matchmaking' }],
    run: async (ctx) => [await matchmakingBenchmark(ctx)],
  },
  {
    id: 'clock',
    sections: [{ id: 'clock', title: '4. Debate clock' }],
    run: async (ctx) => [await clockBenchmark(ctx)],
  },
  {
    id: 'web',
    sections: [{ id: 'web', title: '5. Web' }],
    run: async (ctx) => [await webBenchmark(ctx)],
  },
  {
    id: 'overhead',
    sections: [{ id: 'overhead', title: '7. The cost of a request' }],
    run: async (ctx) => [await overheadBenchmark(ctx)],
  },
  {
    id: 'tournament',
    sections: [{ id: 'tournament', title: '9. Tournaments: the draw and the tab' }],
    run: async (ctx) => [await tournamentBenchmark(ctx)],
  },
  {
    id: 'tournament-load',
    sections: [{ id: 'tournament-load', title: '10. Tournaments under load: a round’s ballots, every page open' }],
    run: async (ctx) => [await tournamentLoadBenchmark(ctx)],
    isInQuickRun: false,
  },
  {
    id: 'ratings',
    sections: [{ id: 'ratings', title: '11. Ratings: recomputing 100,000 rounds, openskill against Glicko-2' }],
    run: async (ctx) => [await ratingsBenchmark(ctx)],
  },
  {
    id: 'team-matchmaking',
    sections: [{ id: 'team-matchmaking', title: '12. Team matchmaking: ready teams and "find me a partner"' }],
    run: async (ctx) => [await teamMatchmakingBenchmark(ctx)],
  },
  {
    id: 'bp',
    sections: [{ id: 'bp', title: '13. British Parliamentary: the draw and the standings' }],
    run: async (ctx) => [await bpTournamentBenchmark(ctx)],
  },
  // Last: its browsers leave the machine loaded for a while after, which the CPU ratios of other sections would
  // read as their own cost (section 10 once measured 3.2× right after it, 2.7× alone).
  {
    id: 'media',
    sections: [{ id: 'media', title: '8. Media: upload per viewer, relayed set-up' }],
    run: async (ctx) => [await mediaBenchmark(ctx)],
    isInQuickRun: false,
  },
];

const args = process.argv.slice(2);
const isQuick = args.includes('--quick');
const onlyIndex = args.indexOf('--only');
/** `--only chat,web`: a comma-separated list of benchmark ids. */
const only = onlyIndex > -1 ? args[onlyIndex + 1]?.split(',') : undefined;

const ctx: TBenchContext = {
  isQuick,
  postgresUrl: process.env.TEST_DATABASE_URL || undefined,
  log: (message) => console.log(message),
};

const startedAt = new Date();
const machine = describeMachine();
// The quick run's figures are not for comparison: it spends no time measuring the machine.
const calibrationStartMs = isQuick ? Number.NaN : calibrate();
if (!isQuick) console.log(`Machine speed: ${CALIBRATION_TEXT} ${fmt(calibrationStartMs, 'ms')} (lower is faster).`);
/** Runs one benchmark and turns its results (or its failure) into report sections, printing each figure. */
async function runBenchmark(benchmark: TBenchmark): Promise<TSection[]> {
  const loadAverage = os.loadavg()[0]!;
  const calibrationMs = isQuick ? undefined : calibrate();
  const started = performance.now();
  let results: (TBenchResult | undefined)[] = [];
  let error: string | undefined;
  try {
    results = await benchmark.run({ ...ctx, log: (message) => console.log(`[${benchmark.id}] ${message.trim()}`) });
  } catch (caught) {
    const message =
      caught instanceof Error
        ? `${caught.stack ?? caught.message}${caught.cause ? `\ncaused by: ${String(caught.cause)}` : ''}`
        : String(caught);
    console.error(`[${benchmark.id}] ${message}`);
    error = message.split('\n')[0]!;
  }
  const seconds = (performance.now() - started) / 1000;
  return benchmark.sections.map(({ id, title }, i) => {
    const result = results[i] ?? { setup: '', figures: [], notes: [] };
    // Budgets are set for the full sizes: a quick run is a smoke test and judges none.
    const figures = isQuick ? result.figures.map(({ budget: _b, isMet: _m, ...f }) => f) : result.figures;
    const section: TSection = {
      id,
      title,
      ...result,
      figures,
      seconds,
      ...(calibrationMs !== undefined ? { calibrationMs, loadAverage } : {}),
      ...(error ? { error } : {}),
    };
    const speed =
      calibrationMs !== undefined ? ` (calibration ${fmt(calibrationMs, 'ms')}, load ${fmt(loadAverage)})` : '';
    console.log(`\n■ ${title}${isQuick ? ' (quick)' : ''}: ${fmt(seconds)} s${speed}${error ? ' — FAILED' : ''}`);
    for (const f of section.figures) {
      const basis =
        f.budget?.basis === 'absolute' && calibrationMs !== undefined
          ? ` (absolute; calibration ${fmt(calibrationMs, 'ms')})`
          : f.budget?.basis === 'ratio'
            ? ' (ratio)'
            : '';
      const budget = f.budget ? `  budget ${f.budget.text}${basis} ${f.isMet ? 'met' : 'MISSED'}` : '';
      const baseline = f.baseline
        ? `  baseline ${f.baseline.label} ${fmt(f.baseline.value, f.baseline.unit ?? f.unit)}`
        : '';
      console.log(`  ${f.name}: ${fmt(f.value, f.unit)}${budget}${baseline}`);
    }
    return section;
  });
}

const selected = BENCHMARKS.filter((b) => (only ? only.includes(b.id) : !isQuick || b.isInQuickRun !== false));
// A full run measures one benchmark at a time; the quick smoke run starts them all at once (each has its own
// ports and databases) to stay within a minute on a busy machine — its figures are not for comparison.
const sections: TSection[] = isQuick ? (await Promise.all(selected.map(runBenchmark))).flat() : [];
if (!isQuick) for (const benchmark of selected) sections.push(...(await runBenchmark(benchmark)));

const calibration = { text: CALIBRATION_TEXT, startMs: calibrationStartMs, endMs: isQuick ? Number.NaN : calibrate() };
const seconds = (Date.now() - startedAt.getTime()) / 1000;
const mode = isQuick ? 'quick' : only ? 'only' : 'full';
const report = { mode, startedAt: startedAt.toISOString(), seconds, machine, calibration, sections };
const dir = path.join(ROOT, 'bench/results');
fs.mkdirSync(dir, { recursive: true });
const base = isQuick ? 'quick' : only ? `only-${only.join('-')}` : 'latest';
fs.writeFileSync(path.join(dir, `${base}.json`), JSON.stringify(report, null, 2) + '\n');
fs.writeFileSync(path.join(dir, `${base}.md`), toMarkdown(report) + '\n');
console.log(`\nWrote bench/results/${base}.md and ${base}.json.`);
const loadNow = os
  .loadavg()
  .map((l) => l.toFixed(2))
  .join(' / ');
console.log(
  isQuick
    ? `Load average now ${loadNow}.`
    : `Machine speed: calibration ${fmt(calibration.startMs, 'ms')} at the start, ${fmt(calibration.endMs, 'ms')} ` +
        `at the end; load average now ${loadNow}.`,
);
console.log(
  `Total time: ${fmt(seconds)} s (${Math.floor(seconds / 60)} min ${Math.round(seconds % 60)} s)` +
    (mode === 'full' ? `; a full run must take at most ${FULL_RUN_LIMIT_S} s.` : '.'),
);
const failed = sections.filter((s) => s.error);
// Quick mode is a smoke test: it fails when a benchmark breaks, not when a noisy small run misses a budget (it
// judges none).
const missed = sections.flatMap((s) => s.figures.filter((f) => f.isMet === false).map((f) => `${s.title}: ${f.name}`));
if (failed.length) console.error(`✖ ${failed.length} benchmark(s) failed: ${failed.map((s) => s.id).join(', ')}`);
if (missed.length) console.error(`✖ ${missed.length} budget(s) missed:\n  ${missed.join('\n  ')}`);
if (mode === 'full' && seconds > FULL_RUN_LIMIT_S)
  console.error(`✖ the full run took longer than ${FULL_RUN_LIMIT_S} s`);
if (failed.length || missed.length) process.exit(1);
