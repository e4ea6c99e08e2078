// Starts the built server for the browser tests and removes the run's temporary folders once the server has
// stopped. Playwright sends SIGTERM to this process group at the end of the run; the server shuts down gracefully
// (closing SQLite), then this launcher deletes them.
//
// The server serves a private copy of the built web app (WEB_DIST_DIR): the working tree is shared, and another
// `npm run build` empties apps/web/dist while it runs, which would otherwise turn pages into 404s mid-run.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const entry = path.join(root, 'apps/server/dist/index.js');
const webDist = path.join(root, 'apps/web/dist');
const dataDir = process.env.DATA_DIR;

for (const built of [entry, path.join(webDist, 'index.html')]) {
  if (!fs.existsSync(built)) {
    console.error(`${path.relative(root, built)} is missing: run \`npm run build\` before the browser tests.`);
    process.exit(1);
  }
}
if (!dataDir) {
  console.error('DATA_DIR must be set (e2e/playwright.config.ts creates a fresh one per run).');
  process.exit(1);
}

const webCopy = fs.mkdtempSync(path.join(os.tmpdir(), 'resolved-e2e-web-'));
fs.cpSync(webDist, webCopy, { recursive: true });

const server = spawn(process.execPath, [entry], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, WEB_DIST_DIR: webCopy },
});

for (const signal of ['SIGTERM', 'SIGINT']) {
  process.on(signal, () => server.kill(signal));
}

server.on('exit', (code, signal) => {
  // Only ever delete a directory this run created in the temporary folder.
  const isOurs =
    path.dirname(path.resolve(dataDir)) === os.tmpdir() && path.basename(dataDir).startsWith('resolved-e2e-');
  if (isOurs) fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(webCopy, { recursive: true, force: true });
  process.exit(code ?? (signal ? 1 : 0));
});
