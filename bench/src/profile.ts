/**
 * Profiles the built server under one load: `npx tsx bench/src/profile.ts <path> [users] [signed-in]`.
 * Seeds the users (SQLite), runs `node --cpu-prof` under 5 s of autocannon load on the path, and prints the
 * functions with the most self time. Used to find the causes recorded in docs/performance.md.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createSessions, openBenchDatabase, seedUsers } from './lib/accounts';
import { load } from './lib/load';
import { PORTS, startServer, tempDir } from './lib/server';

interface TNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}

const [route = '/api/leaderboard', users = '100000', signedIn] = process.argv.slice(2);
const profileDir = tempDir('profile');
const server = await startServer({
  port: PORTS.profile,
  name: 'profile',
  nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${profileDir}`],
});
try {
  const database = openBenchDatabase('sqlite', { dataDir: server.dataDir });
  const seeded = await seedUsers(database, Number(users), { prefix: 'prof-' });
  const cookies = await createSessions(
    database,
    seeded.slice(0, 200).map((u) => u.id),
  );
  await database.close();
  let next = 0;
  const result = await load({
    url: server.baseUrl,
    path: route,
    connections: 10,
    seconds: 5,
    ...(signedIn ? { headers: () => ({ cookie: cookies[next++ % cookies.length]! }) } : {}),
  });
  console.log(`${route}: p50 ${result.p50} ms, p99 ${result.p99} ms, ${result.requestsPerSecond} req/s`);
} finally {
  await server.stop();
}
const file = fs.readdirSync(profileDir).find((f) => f.endsWith('.cpuprofile'))!;
const profile = JSON.parse(fs.readFileSync(path.join(profileDir, file), 'utf8')) as {
  nodes: TNode[];
  samples: number[];
  timeDeltas: number[];
};
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const self = new Map<string, number>();
profile.samples.forEach((id, i) => {
  const frame = byId.get(id)!.callFrame;
  const key = `${frame.functionName || '(anonymous)'} ${path.basename(frame.url)}:${frame.lineNumber + 1}`;
  self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0));
});
const total = [...self.values()].reduce((a, b) => a + b, 0);
for (const [key, us] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 25)) {
  console.log(`${((us / total) * 100).toFixed(1).padStart(5)} %  ${key}`);
}
console.log(`profile: ${path.join(profileDir, file)}`);
