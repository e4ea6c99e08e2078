/**
 * Starts the BUILT server (`apps/server/dist/index.js`) as a child process on a port of the bench's range
 * (3400–3449), with its own data directory or database, and stops it. Also reads a process's resident memory.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sleep } from './stats';

export const ROOT = path.resolve(import.meta.dirname, '../../..');
export const SERVER_ENTRY = path.join(ROOT, 'apps/server/dist/index.js');
/** Signs the session cookies the bench makes for its seeded users (see accounts.ts). */
export const BENCH_AUTH_SECRET = 'bench-secret-bench-secret-bench-secret-0000';

/** The bench's ports: one per server it starts, never outside 3400–3449. */
export const PORTS = {
  leaderboardSqlite: 3400,
  leaderboardPostgres: 3401,
  chat: 3402,
  wsBaseline: 3403,
  matchmaking: 3404,
  matchmakingPostgres: 3408,
  matchmakingBlocks: 3409,
  matchmakingBlocksPostgres: 3410,
  clock: 3405,
  web: 3406,
  clientRankBaseline: 3407,
  overhead: 3411,
  overheadBare: 3412,
  mediaMesh: 3413,
  mediaJanus: 3414,
  mediaRelay: 3415,
  tournamentLoad: 3416,
  teamMatchmaking: 3417,
  teamMatchmakingOneOnOne: 3418,
  teamMatchmakingPostgres: 3419,
  teamMatchmakingOneOnOnePostgres: 3420,
} as const;

export interface TServer {
  baseUrl: string;
  port: number;
  pid: number;
  dataDir: string;
  child: ChildProcess;
  /** The last lines the server wrote (for error reports). */
  output: () => string;
  stop(): Promise<void>;
}

export function tempDir(name: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), `resolved-bench-${name}-`));
}

export async function startServer(options: {
  port: number;
  name: string;
  databaseUrl?: string;
  env?: Record<string, string>;
  nodeArgs?: string[];
}): Promise<TServer> {
  if (!fs.existsSync(SERVER_ENTRY)) throw new Error(`${SERVER_ENTRY} is missing: run \`npm run build\` first`);
  const dataDir = tempDir(options.name);
  // BENCH_CPU_PROF=<dir> profiles every server a benchmark starts (summarise with `tsx bench/src/profile.ts <dir>`).
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  const child = spawn(process.execPath, [...profile, ...(options.nodeArgs ?? []), SERVER_ENTRY], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      PORT: String(options.port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      AUTH_SECRET: BENCH_AUTH_SECRET,
      PUBLIC_URL: `http://127.0.0.1:${options.port}`,
      LOG_LEVEL: 'warn',
      ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-4000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  let exited = false;
  child.once('exit', () => {
    exited = true;
  });
  const baseUrl = `http://127.0.0.1:${options.port}`;
  const started = Date.now();
  for (;;) {
    if (exited) throw new Error(`server ${options.name} exited during start-up:\n${log}`);
    // The quick run starts six servers at once (each migrating its database); on the shared 2-core machine at a load
    // average above 20 that took more than 30 s.
    if (Date.now() - started > 90_000) {
      child.kill('SIGKILL');
      throw new Error(`server ${options.name} did not answer /api/health within 90 s:\n${log}`);
    }
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  return {
    baseUrl,
    port: options.port,
    pid: child.pid!,
    dataDir,
    child,
    output: () => log,
    async stop() {
      if (!exited) {
        const done = new Promise<void>((resolve) => child.once('exit', () => resolve()));
        child.kill('SIGTERM');
        const forced = setTimeout(() => child.kill('SIGKILL'), 12_000);
        await done;
        clearTimeout(forced);
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Resident set size of a process in MB (Linux /proc). */
export function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
  return kb / 1024;
}

/** CPU time (user + system) a process has used so far, in ms (Linux /proc; clock ticks of 10 ms). */
export function cpuMs(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // Fields 14 and 15 of stat (utime, stime) are the 12th and 13th after the command name.
  return (Number(fields[11]) + Number(fields[12])) * 10;
}
