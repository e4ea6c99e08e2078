/**
 * `npm run bench` runs every benchmark at full size (a few minutes); `npm run bench -- --quick` runs each at
 * small sizes as a smoke test (called by `npm test`). `--only <id>` runs one. Needs `npm run build` first.
 * Writes bench/results/latest.md and latest.json (quick runs write quick.md / quick.json).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { TBenchContext, TBenchResult } from './lib/context';
import { describeMachine, fmt, toMarkdown, type TSection } from './lib/report';
import { ROOT } from './lib/server';
import { leaderboardBenchmark } from './benchmarks/leaderboard';
import { chatBenchmark } from './benchmarks/chat';
import { matchmakingBenchmark } from './benchmarks/matchmaking';
import { clockBenchmark } from './benchmarks/clock';
import { webBenchmark } from './benchmarks/web';

interface TBenchmark {
  id: string;
  /** The report sections it fills, in the order `run` returns their results. */
  sections: { id: string; title: string }[];
  run: (ctx: TBenchContext) => Promise<TBenchResult[]>;
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
];

const args = process.argv.slice(2);
const isQuick = args.includes('--quick');
const onlyIndex = args.indexOf('--only');
const only = onlyIndex > -1 ? args[onlyIndex + 1] : undefined;

const ctx: TBenchContext = {
  isQuick,
  postgresUrl: process.env.TEST_DATABASE_URL || undefined,
  log: (message) => console.log(message),
};

const startedAt = new Date();
const machine = describeMachine();
const sections: TSection[] = [];
for (const benchmark of BENCHMARKS) {
  if (only && only !== benchmark.id) continue;
  console.log(`\n▶ ${benchmark.sections.map((s) => s.title).join(', ')}${isQuick ? ' (quick)' : ''}`);
  const started = performance.now();
  let results: (TBenchResult | undefined)[] = [];
  let error: string | undefined;
  try {
    results = await benchmark.run(ctx);
  } catch (caught) {
    const message = caught instanceof Error ? (caught.stack ?? caught.message) : String(caught);
    console.error(message);
    error = message.split('\n')[0]!;
  }
  const seconds = (performance.now() - started) / 1000;
  benchmark.sections.forEach(({ id, title }, i) => {
    const result = results[i] ?? { setup: '', figures: [], notes: [] };
    // Budgets are set for the full sizes: a quick run is a smoke test and judges none.
    const figures = isQuick ? result.figures.map(({ budget: _b, isMet: _m, ...f }) => f) : result.figures;
    const section: TSection = { id, title, ...result, figures, seconds, ...(error ? { error } : {}) };
    sections.push(section);
    for (const f of section.figures) {
      const budget = f.budget ? `  budget ${f.budget.text} ${f.isMet ? 'met' : 'MISSED'}` : '';
      const baseline = f.baseline
        ? `  baseline ${f.baseline.label} ${fmt(f.baseline.value, f.baseline.unit ?? f.unit)}`
        : '';
      console.log(`  ${f.name}: ${fmt(f.value, f.unit)}${budget}${baseline}`);
    }
  });
}

const seconds = (Date.now() - startedAt.getTime()) / 1000;
const report = { mode: isQuick ? 'quick' : 'full', startedAt: startedAt.toISOString(), seconds, machine, sections };
const dir = path.join(ROOT, 'bench/results');
fs.mkdirSync(dir, { recursive: true });
const base = isQuick ? 'quick' : only ? `only-${only}` : 'latest';
fs.writeFileSync(path.join(dir, `${base}.json`), JSON.stringify(report, null, 2) + '\n');
fs.writeFileSync(path.join(dir, `${base}.md`), toMarkdown(report) + '\n');
console.log(`\nWrote bench/results/${base}.md and ${base}.json in ${fmt(seconds)} s.`);
const failed = sections.filter((s) => s.error);
// Quick mode is a smoke test: it fails when a benchmark breaks, not when a noisy small run misses a budget.
if (failed.length) {
  console.error(`✖ ${failed.length} benchmark(s) failed: ${failed.map((s) => s.id).join(', ')}`);
  process.exit(1);
}
