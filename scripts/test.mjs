// `npm test`: everything CI runs, in order, stopping at the first failure.
//   typecheck → lint → format check → unit + server tests (SQLite, and PostgreSQL when TEST_DATABASE_URL is set)
//   → crash safety → build → browser tests (Playwright on Chromium).
// `--only <step>` runs one step (e.g. `npm test -- --only e2e`, which builds the app first).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { ensureChromium } from './chromium.mjs';

const root = path.resolve(import.meta.dirname, '..');
const onlyIndex = process.argv.indexOf('--only');
const only = onlyIndex > -1 ? process.argv[onlyIndex + 1] : undefined;

/** Runs one step, unless `--only` picked another one; `isPartOf` names the steps this one is a prerequisite of. */
function run(name, command, args, env = {}, isPartOf = []) {
  if (only && only !== name && !isPartOf.includes(only)) return;
  console.log(`\n▶ ${name}: ${command} ${args.join(' ')}`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) {
    console.error(`\n✖ ${name} failed (exit ${result.status}).`);
    process.exit(result.status ?? 1);
  }
  console.log(`✔ ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}

if (process.env.CI && !process.env.TEST_DATABASE_URL) {
  console.error('CI is set but TEST_DATABASE_URL is not: the PostgreSQL suites must run in CI.');
  process.exit(1);
}

run('typecheck', 'npm', ['run', 'typecheck']);
run('lint', 'npm', ['run', 'lint']);
run('format', 'npm', ['run', 'format:check']);
run('unit', 'npx', ['vitest', 'run']);
// SIGKILL mid-burst and restart: the built server as a child process (both engines with TEST_DATABASE_URL).
run('crash', 'node', ['apps/server/test/crash-safety.mjs']);
// The browser tests run against the built app, so `--only e2e` builds first.
run('build', 'npm', ['run', 'build'], {}, ['e2e']);
if (!only || only === 'e2e') {
  const chromium = await ensureChromium();
  run('e2e', 'npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts'], { CHROMIUM_PATH: chromium });
}
run('bench', 'npm', ['run', 'bench', '--', '--quick']);
console.log('\nAll checks passed.');
