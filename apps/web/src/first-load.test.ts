/**
 * The shared modules every page's first load carries (the web's `common` chunk: the shell and the shared `rules/` read
 * them) must not reach zod: it is 21 KB of gzip that only the pages with forms need (docs/performance.md).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/** `packages/shared/src`, whose modules these are. */
const here = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../packages/shared/src');
/** The modules the `common` chunk takes from the shared package (vite.config.ts, `COMMON_CHUNK`). */
const FIRST_LOAD = [
  'constants',
  'formats',
  'rules/actor',
  'rules/age',
  'rules/block',
  'rules/chat',
  'rules/evidence',
  'rules/judge',
  'rules/minors',
  'rules/moderation',
  'rules/recording',
  'rules/refusals',
  'rules/replay',
  'rules/restriction',
  'rules/room',
  'rules/round',
  'rules/seat',
  'rules/team',
  'points',
  'ranks',
  'errors',
  'age',
  'playban',
  'time-words',
  'debate/clock',
  'debate/matchmaking',
];

/** The packages and files a module imports for its values (type-only imports leave nothing in the bundle). */
function valueImports(file: string): string[] {
  const source = fs.readFileSync(file, 'utf8');
  const imports = [...source.matchAll(/^import\s+(?!type\s)[^;]*?from\s+'([^']+)'/gms)].map((m) => m[1]!);
  const reexports = [...source.matchAll(/^export\s+(?!type\s)[^;]*?from\s+'([^']+)'/gms)].map((m) => m[1]!);
  return [...imports, ...reexports];
}

function reachesZod(module: string, seen = new Set<string>()): string[] | null {
  const file = path.join(here, `${module}.ts`);
  if (seen.has(file)) return null;
  seen.add(file);
  for (const target of valueImports(file)) {
    if (target === 'zod') return [module, 'zod'];
    if (!target.startsWith('.')) continue;
    const next = path.relative(here, path.resolve(path.dirname(file), target)).replace(/\.js$/, '');
    const chain = reachesZod(next, seen);
    if (chain) return [module, ...chain];
  }
  return null;
}

describe('the first load', () => {
  it.each(FIRST_LOAD)('%s does not reach zod', (module) => {
    expect(reachesZod(module)).toBeNull();
  });
});
