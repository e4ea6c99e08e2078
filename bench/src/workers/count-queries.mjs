/**
 * Preloaded into a benchmark's server (`node --import`): counts the SQL statements it runs on SQLite (every
 * better-sqlite3 statement's run/get/all/iterate) and, on SIGUSR2, writes `[bench-queries] <count>` to stderr for the
 * benchmark to read. With `BENCH_QUERY_LOG=<file>` it also counts each statement's text and time and, on each
 * SIGUSR2, writes the counts and milliseconds since the last one to that file (the longest first): where the statements go. Measures the server as
 * it is; changes nothing it does.
 */
import fs from 'node:fs';
import Database from 'better-sqlite3';

let count = 0;
const logFile = process.env.BENCH_QUERY_LOG;
/** Statement text → runs and milliseconds since the last SIGUSR2 (only with BENCH_QUERY_LOG). */
const bySql = new Map();
const probe = new Database(':memory:');
const proto = Object.getPrototypeOf(probe.prepare('select 1'));
probe.close();
for (const method of ['run', 'get', 'all', 'iterate']) {
  const original = proto[method];
  proto[method] = function counted(...args) {
    count += 1;
    if (!logFile) return original.apply(this, args);
    const start = process.hrtime.bigint();
    try {
      return original.apply(this, args);
    } finally {
      const entry = bySql.get(this.source) ?? { runs: 0, ms: 0 };
      entry.runs += 1;
      entry.ms += Number(process.hrtime.bigint() - start) / 1e6;
      bySql.set(this.source, entry);
    }
  };
}
process.on('SIGUSR2', () => {
  if (logFile) {
    const lines = [...bySql]
      .sort((a, b) => b[1].ms - a[1].ms)
      .map(([sql, { runs, ms }]) => `${runs}\t${ms.toFixed(1)} ms\t${sql.replace(/\s+/g, ' ')}`);
    fs.appendFileSync(logFile, `--- ${new Date().toISOString()} ${count}\n${lines.join('\n')}\n`);
    bySql.clear();
  }
  process.stderr.write(`[bench-queries] ${count}\n`);
});
