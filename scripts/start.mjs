// `npm start`: builds the web app and the server when their build is missing or older than the sources,
// then runs the server (http://localhost:3000 unless PORT says otherwise).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const sources = ['apps/web/src', 'apps/web/index.html', 'apps/server/src', 'packages/shared/src'];
const outputs = ['apps/web/dist/index.html', 'apps/server/dist/index.js'];

function newestMtime(p) {
  const full = path.join(root, p);
  if (!fs.existsSync(full)) return 0;
  const stat = fs.statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...fs.readdirSync(full).map((name) => newestMtime(path.join(p, name))));
}

const builtAt = Math.min(
  ...outputs.map((o) => (fs.existsSync(path.join(root, o)) ? fs.statSync(path.join(root, o)).mtimeMs : 0)),
);
const changedAt = Math.max(...sources.map(newestMtime));
if (builtAt === 0 || changedAt > builtAt) {
  console.log('Building Resolved…');
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// The server runs as a child: pass SIGTERM/SIGINT on so that stopping `npm start` (a process manager, Ctrl-C)
// shuts the server down gracefully instead of leaving it orphaned.
const server = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/index.js'], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
