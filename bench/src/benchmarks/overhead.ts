/**
 * 7. The cost of a request: Resolved's public and signed-in reads against a bare Fastify server with the
 * same Fastify, helmet policy, compression and request logging (workers/bare-fastify.mjs) that answers each path
 * with the very bytes Resolved answered it with. Rounds alternate between the two servers, endpoint by endpoint, in
 * the same run, at 100 and 100,000 users; the gap is Resolved's own work per request.
 */
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TBenchContext, TBenchResult } from '../lib/context';
import { checkCookieSigning, createSessions, openBenchDatabase, seededRandom, seedUsers } from '../lib/accounts';
import { load, type TLoadResult } from '../lib/load';
import { figure, fmt, type TFigure } from '../lib/report';
import { PORTS, startServer, tempDir } from '../lib/server';
import { medianOf } from '../lib/stats';

/**
 * Requests/s as a share of the bare server's, in the same run. Over the full runs of 2026-11-26 the public reads
 * gave 0.54–0.83× and the signed-in ones 0.31–0.50× (0.31× in a noisy minute of the 07:45 run, which missed the
 * former 0.33×; 0.35–0.43× otherwise at 100,000 users).
 */
const BUDGET = { publicShare: 0.5, signedInShare: 0.3 };
/** Production's default level: every request logs its arrival and its answer, on both servers. */
const LOG_LEVEL = 'info';

interface TEndpoint {
  label: string;
  path: string;
  isSignedIn: boolean;
}

const ALL_ENDPOINTS: TEndpoint[] = [
  { label: 'leaderboard, first page', path: '/api/leaderboard', isSignedIn: false },
  { label: 'current topic', path: '/api/topics/current', isSignedIn: false },
  { label: 'rooms', path: '/api/rooms', isSignedIn: false },
  { label: 'health', path: '/api/health', isSignedIn: false },
  { label: 'dashboard standing', path: '/api/users/me/standing', isSignedIn: true },
  { label: 'dashboard debate record', path: '/api/debates/record', isSignedIn: true },
];

/** `BENCH_OVERHEAD_PATHS=/api/rooms,/api/health` measures some of them (e.g. to profile one with BENCH_CPU_PROF). */
const only = process.env.BENCH_OVERHEAD_PATHS?.split(',');
const ENDPOINTS = ALL_ENDPOINTS.filter((e) => !only || only.includes(e.path));

interface TPair {
  ours: TLoadResult;
  bare: TLoadResult;
}

async function startBareFastify(port: number, responsesFile: string) {
  const child: ChildProcess = fork(
    new URL('../workers/bare-fastify.mjs', import.meta.url),
    [String(port), responsesFile],
    // Its log goes down a pipe, as Resolved's does (startServer): both pay the same for writing it.
    { stdio: ['ignore', 'pipe', 'pipe', 'ipc'], env: { PATH: process.env.PATH ?? '', LOG_LEVEL } },
  );
  child.stdout!.resume();
  child.stderr!.resume();
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('exit', (code) => reject(new Error(`bare Fastify exited (${code})`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    async stop() {
      const done = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGTERM');
      await done;
    },
  };
}

async function runSize(
  ctx: TBenchContext,
  users: number,
  sizes: { seconds: number; rounds: number },
): Promise<Map<string, TPair>> {
  const server = await startServer({ port: PORTS.overhead, name: `overhead-${users}`, env: { LOG_LEVEL } });
  const database = openBenchDatabase('sqlite', { dataDir: server.dataDir });
  const dir = tempDir('overhead-bare');
  let bare: Awaited<ReturnType<typeof startBareFastify>> | undefined;
  try {
    await checkCookieSigning(server.baseUrl, database);
    const seeded = await seedUsers(database, users, { prefix: `oh-${users}-` });
    const random = seededRandom(11);
    const viewers = Array.from({ length: Math.min(200, seeded.length) }, () => {
      return seeded[Math.floor(random() * seeded.length)]!.id;
    });
    const cookies = await createSessions(database, viewers);
    let next = 0;
    const rotate = () => ({ cookie: cookies[next++ % cookies.length]! });

    // The bytes Resolved answers each path with (the first viewer's, for the signed-in ones) become the bare
    // server's answers.
    const responses: Record<string, { status: number; type: string; body: string }> = {};
    for (const endpoint of ENDPOINTS) {
      const response = await fetch(`${server.baseUrl}${endpoint.path}`, {
        headers: endpoint.isSignedIn ? { cookie: cookies[0]! } : {},
      });
      const body = await response.text();
      if (!response.ok) throw new Error(`${endpoint.path}: ${response.status} ${body}`);
      responses[endpoint.path] = { status: response.status, type: response.headers.get('content-type')!, body };
    }
    const responsesFile = path.join(dir, 'responses.json');
    fs.writeFileSync(responsesFile, JSON.stringify(responses));
    bare = await startBareFastify(PORTS.overheadBare, responsesFile);

    const results = new Map<string, TPair>();
    for (const endpoint of ENDPOINTS) {
      const headers = endpoint.isSignedIn ? rotate : undefined;
      const resolved = { url: server.baseUrl, pid: server.pid };
      const run = (target: { url: string; pid: number }, seconds: number) =>
        load({ url: target.url, path: endpoint.path, connections: 10, seconds, headers, pid: target.pid });
      // Warm up both (JIT, caches), then rounds that alternate between them.
      if (!ctx.isQuick) {
        await run(resolved, 1);
        await run(bare, 1);
      }
      const ours: TLoadResult[] = [];
      const theirs: TLoadResult[] = [];
      for (let round = 0; round < sizes.rounds; round++) {
        ours.push(await run(resolved, sizes.seconds));
        theirs.push(await run(bare, sizes.seconds));
      }
      for (const r of [...ours, ...theirs]) {
        if (r.failures > 0) throw new Error(`${endpoint.path}: ${r.failures} of ${r.total} requests failed`);
      }
      const pair = {
        ours: medianOf(ours as unknown as Record<string, number>[]) as unknown as TLoadResult,
        bare: medianOf(theirs as unknown as Record<string, number>[]) as unknown as TLoadResult,
      };
      ctx.log(
        `  ${fmt(users)} users, ${endpoint.path}: ${fmt(pair.ours.requestsPerSecond)} req/s ` +
          `(${fmt(pair.ours.cpuMsPerRequest, 'ms')} CPU) vs bare ${fmt(pair.bare.requestsPerSecond)} req/s ` +
          `(${fmt(pair.bare.cpuMsPerRequest, 'ms')} CPU) = ${fmt(pair.ours.requestsPerSecond / pair.bare.requestsPerSecond)}×`,
      );
      results.set(endpoint.path, pair);
    }
    return results;
  } finally {
    await bare?.stop();
    await database.close();
    await server.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export async function overheadBenchmark(ctx: TBenchContext): Promise<TBenchResult> {
  const sizes = ctx.isQuick
    ? { users: [100], seconds: 1, rounds: 1 }
    : // The 100-user size gave the same shares as 100,000 within the rounds' noise in every full run: only the
      // larger one is measured, which is the one that can find a query that grows with the users. Rounds of 1 s,
      // alternating, so that both servers see the same minutes of a busy machine.
      { users: [100_000], seconds: 1, rounds: 6 };
  const figures: TFigure[] = [];
  const loads: string[] = [];
  const loadNow = () => os.loadavg()[0]!.toFixed(1);
  for (const users of sizes.users) {
    ctx.log(`  ${fmt(users)} users…`);
    const loadBefore = loadNow();
    const results = await runSize(ctx, users, sizes);
    loads.push(`${fmt(users)} users: ${loadBefore} → ${loadNow()}`);
    for (const endpoint of ENDPOINTS) {
      const { ours, bare } = results.get(endpoint.path)!;
      const share = endpoint.isSignedIn ? BUDGET.signedInShare : BUDGET.publicShare;
      const name = `${fmt(users)} users: ${endpoint.label} (${endpoint.isSignedIn ? 'signed in' : 'public'})`;
      figures.push(
        figure({
          name: `${name} requests/s`,
          value: ours.requestsPerSecond,
          unit: 'req/s',
          baseline: { label: 'bare Fastify', value: bare.requestsPerSecond },
          ratio: { label: 'ours / bare', value: ours.requestsPerSecond / bare.requestsPerSecond },
        }),
        figure({
          name: `${name} share of the bare server's requests/s`,
          value: ours.requestsPerSecond / bare.requestsPerSecond,
          unit: '×',
          budget: { kind: 'min', value: share, text: `≥ ${share}×`, basis: 'ratio' },
        }),
        figure({
          name: `${name} p99`,
          value: ours.p99,
          unit: 'ms',
          baseline: { label: 'bare Fastify', value: bare.p99 },
        }),
        figure({
          name: `${name} server CPU per request`,
          value: ours.cpuMsPerRequest,
          unit: 'ms',
          baseline: { label: 'bare Fastify', value: bare.cpuMsPerRequest },
          ratio: { label: 'bare / ours', value: bare.cpuMsPerRequest / ours.cpuMsPerRequest },
        }),
      );
    }
  }
  return {
    setup:
      `SQLite, ${sizes.users.map((u) => fmt(u)).join(' and ')} users seeded in SQL; autocannon, 10 connections, ` +
      `${sizes.rounds} round(s) × ${sizes.seconds} s per endpoint and server, alternating` +
      `${ctx.isQuick ? '' : ' after a 1 s warm-up of each'}; both servers log every request at level ${LOG_LEVEL} ` +
      `(production's default) down a pipe; signed-in reads rotate 200 users' cookies; no Accept-Encoding (as the ` +
      `leaderboard section), so neither compresses`,
    figures,
    notes: [
      'The bare server (bench/src/workers/bare-fastify.mjs) is Resolved\u2019s Fastify, helmet policy, compression ' +
        'and logger answering each path with the bytes Resolved answered it with: no database, no session.',
      'Requests/s depend on the share of the 2 cores the server gets; CPU per request does not (see docs/performance.md).',
      `The machine's 1-minute load average, before → after each size: ${loads.join('; ')}.`,
    ],
  };
}
