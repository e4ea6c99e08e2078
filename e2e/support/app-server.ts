/**
 * A second instance of the built app for tests that need settings the shared test server does not have
 * (Google sign-in against a local OpenID Connect provider). It runs on its own fresh SQLite database and a
 * private copy of the built web app, and is stopped (and its folders removed) by `stop()`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

export interface TAppServer {
  baseUrl: string;
  dataDir: string;
  stop(): Promise<void>;
}

export async function startAppServer(options: { port: number; env: Record<string, string> }): Promise<TAppServer> {
  const baseUrl = `http://127.0.0.1:${options.port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'resolved-e2e-extra-'));
  const webCopy = fs.mkdtempSync(path.join(os.tmpdir(), 'resolved-e2e-extra-web-'));
  fs.cpSync(path.join(root, 'apps/web/dist'), webCopy, { recursive: true });
  const child: ChildProcess = spawn(process.execPath, [path.join(root, 'apps/server/dist/index.js')], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(options.port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      WEB_DIST_DIR: webCopy,
      LOG_LEVEL: 'warn',
      ...options.env,
    },
  });
  // If the test worker ends without calling stop() (a timeout), do not leave the server running.
  const killOnExit = () => child.kill('SIGTERM');
  process.once('exit', killOnExit);
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));

  // Migrations on a fresh database take a while on a loaded two-core machine.
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`app server exited early (is port ${options.port} free?): ${stderr}`);
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`app server did not start on ${baseUrl}: ${stderr}`);
    await new Promise((r) => setTimeout(r, 200));
  }

  return {
    baseUrl,
    dataDir,
    async stop() {
      process.off('exit', killOnExit);
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
      fs.rmSync(webCopy, { recursive: true, force: true });
    },
  };
}
