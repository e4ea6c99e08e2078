/**
 * Summarises CPU profiles of the built server: the functions with the most self time, and the same grouped by
 * package. Record them with `BENCH_CPU_PROF=/tmp/prof npm run bench -- --only <id>` (every server a benchmark
 * starts runs with `node --cpu-prof`), then `npx tsx bench/src/profile.ts /tmp/prof`.
 */
import fs from 'node:fs';
import path from 'node:path';

interface TProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  samples: number[];
  timeDeltas: number[];
}

const dir = process.argv[2];
if (!dir) throw new Error('usage: tsx bench/src/profile.ts <directory of .cpuprofile files>');
for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.cpuprofile'))) {
  const profile = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as TProfile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n.callFrame]));
  const byFunction = new Map<string, number>();
  const byPackage = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const frame = byId.get(id)!;
    const us = profile.timeDeltas[i] ?? 0;
    const fn = `${frame.functionName || '(anonymous)'} ${path.basename(frame.url)}:${frame.lineNumber + 1}`;
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + us);
    const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(frame.url)?.[1] ?? (frame.url ? 'app/node' : fn);
    byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + us);
  });
  const total = [...byFunction.values()].reduce((a, b) => a + b, 0);
  const top = (map: Map<string, number>, n: number) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, us]) => `${((us / total) * 100).toFixed(1).padStart(5)} %  ${k}`)
      .join('\n');
  console.log(
    `\n${file}: ${(total / 1e6).toFixed(1)} s sampled\n${top(byFunction, 20)}\n-- by package --\n${top(byPackage, 12)}`,
  );
}
