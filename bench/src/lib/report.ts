/**
 * What a benchmark reports: figures, each with its unit, its budget (if the issue sets one) and the
 * baseline measured in the same run, and the Markdown/JSON written to bench/results/.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { ROOT } from './server';

export interface TBudget {
  /** `max`: the figure must be at most `value`; `min`: at least. */
  kind: 'max' | 'min';
  value: number;
  text: string;
  /**
   * `ratio`: the figure is a multiple of a baseline measured in the same run, so the machine's speed cancels out.
   * `absolute`: a time a person waits or sees, judged as it is; the machine's speed is printed beside it.
   * `exact`: a count or a size that does not depend on the machine's speed (bytes, pairs, audits).
   */
  basis: 'ratio' | 'absolute' | 'exact';
}

export interface TFigure {
  name: string;
  value: number;
  unit: string;
  budget?: TBudget;
  /** The same quantity measured on the baseline in this run. */
  baseline?: { label: string; value: number; unit?: string };
  /** A derived ratio against the baseline, e.g. "ours / ws = 0.61". */
  ratio?: { label: string; value: number };
  /** Whether the budget is met; undefined without a budget. */
  isMet?: boolean;
}

export interface TSection {
  id: string;
  title: string;
  /** What was run: sizes, rounds, durations, concurrency. */
  setup: string;
  figures: TFigure[];
  notes: string[];
  error?: string;
  seconds: number;
  /** The calibration loop's time just before this section ran (lib/calibration.ts; lower is faster). */
  calibrationMs?: number;
  /** The 1-minute load average just before this section ran. */
  loadAverage?: number;
}

/** A full run must finish within this many seconds (10 minutes), load included. */
export const FULL_RUN_LIMIT_S = 600;

export function figure(f: Omit<TFigure, 'isMet'>): TFigure {
  const isMet = f.budget
    ? f.budget.kind === 'max'
      ? f.value <= f.budget.value
      : f.value >= f.budget.value
    : undefined;
  return { ...f, isMet };
}

export function fmt(value: number, unit = ''): string {
  if (!Number.isFinite(value)) return 'n/a';
  const abs = Math.abs(value);
  const digits = abs >= 100 ? 0 : abs >= 10 ? 1 : 2;
  const text = value.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: 0 });
  return unit ? `${text} ${unit}` : text;
}

function versionOf(pkg: string): string {
  const candidates = [
    path.join(ROOT, 'node_modules', pkg, 'package.json'),
    path.join(ROOT, 'apps/server/node_modules', pkg, 'package.json'),
    path.join(ROOT, 'apps/web/node_modules', pkg, 'package.json'),
    path.join(ROOT, 'bench/node_modules', pkg, 'package.json'),
  ];
  for (const file of candidates) {
    if (fs.existsSync(file)) return (JSON.parse(fs.readFileSync(file, 'utf8')) as { version: string }).version;
  }
  return 'not installed';
}

function run(command: string, args: string[]): string {
  try {
    return execFileSync(command, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return 'unavailable';
  }
}

export function describeMachine() {
  const cpus = os.cpus();
  return {
    cpus: cpus.length,
    cpuModel: cpus[0]?.model ?? 'unknown',
    memoryGb: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    loadAverage: os.loadavg().map((l) => Math.round(l * 100) / 100),
    os: `${os.type()} ${os.release()} ${os.arch()}`,
    node: process.version,
    commit: run('git', ['-C', ROOT, 'rev-parse', '--short', 'HEAD']),
    postgres: run('psql', ['--version']),
    chromium: run('/usr/bin/chromium', ['--version']),
    packages: Object.fromEntries(
      [
        'fastify',
        'socket.io',
        'socket.io-client',
        'ws',
        'kysely',
        'better-sqlite3',
        'pg',
        'better-auth',
        'autocannon',
        'lighthouse',
        'vite',
        'react',
      ].map((p) => [p, versionOf(p)]),
    ),
  };
}

function budgetCell(f: TFigure, s: TSection): string {
  if (!f.budget) return '—';
  const speed =
    f.budget.basis === 'absolute' && s.calibrationMs !== undefined
      ? ` (absolute; calibration ${fmt(s.calibrationMs, 'ms')})`
      : f.budget.basis === 'ratio'
        ? ' (ratio)'
        : '';
  return `${f.budget.text} ${f.isMet ? '✅' : '❌'}${speed}`;
}

export function toMarkdown(report: {
  mode: string;
  startedAt: string;
  seconds: number;
  machine: ReturnType<typeof describeMachine>;
  /** The calibration loop at the start and at the end of the run. */
  calibration: { text: string; startMs: number; endMs: number };
  sections: TSection[];
}): string {
  const m = report.machine;
  const lines = [
    `# Benchmark results (${report.mode})`,
    '',
    `Run ${report.startedAt}, ${fmt(report.seconds)} s${report.mode === 'full' ? ` (a full run must take at most ${FULL_RUN_LIMIT_S} s)` : ''}, commit ${m.commit}. Machine: ${m.cpus} × ${m.cpuModel}, ` +
      `${m.memoryGb} GB, ${m.os}, Node ${m.node}, load average at start ${m.loadAverage.join(' / ')}.`,
    `${m.postgres}; ${m.chromium}.`,
    Number.isFinite(report.calibration.startMs)
      ? `Machine speed: ${report.calibration.text} took ${fmt(report.calibration.startMs, 'ms')} at the start and ` +
        `${fmt(report.calibration.endMs, 'ms')} at the end (lower is faster; each section gives its own beside its setup).`
      : 'Machine speed: not measured in a quick run.',
    `Packages: ${Object.entries(m.packages)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')}.`,
    '',
    'Each figure is the median of the rounds named under its section; baselines are measured in the same run on the same machine. ' +
      'A budget marked (ratio) is a multiple of its same-run baseline; (absolute) is a time a person waits, shown with the ' +
      "machine's speed; the others are counts and sizes that do not depend on the machine.",
    '',
  ];
  const missed = report.sections.flatMap((s) =>
    s.figures.filter((f) => f.isMet === false).map((f) => `${s.title}: ${f.name}`),
  );
  const errors = report.sections.filter((s) => s.error);
  lines.push(
    missed.length === 0 && errors.length === 0
      ? '**Every budget is met.**'
      : `**Budgets missed: ${missed.length}${errors.length ? `, benchmarks that failed: ${errors.length}` : ''}.** ${missed.join('; ')}`,
    '',
  );
  for (const s of report.sections) {
    const speed =
      s.calibrationMs !== undefined
        ? `; calibration ${fmt(s.calibrationMs, 'ms')}, load average ${fmt(s.loadAverage ?? Number.NaN)} before it`
        : '';
    lines.push(`## ${s.title}`, '', `_${s.setup}_ (${fmt(s.seconds)} s${speed})`, '');
    if (s.error) lines.push(`**Failed:** ${s.error}`, '');
    if (s.figures.length) {
      lines.push('| figure | value | budget | baseline (same run) | ratio |', '| --- | --- | --- | --- | --- |');
      for (const f of s.figures) {
        const baseline = f.baseline ? `${f.baseline.label}: ${fmt(f.baseline.value, f.baseline.unit ?? f.unit)}` : '—';
        const ratio = f.ratio ? `${f.ratio.label} = ${fmt(f.ratio.value)}` : '—';
        lines.push(`| ${f.name} | ${fmt(f.value, f.unit)} | ${budgetCell(f, s)} | ${baseline} | ${ratio} |`);
      }
      lines.push('');
    }
    for (const note of s.notes) lines.push(`- ${note}`);
    if (s.notes.length) lines.push('');
  }
  return lines.join('\n');
}
