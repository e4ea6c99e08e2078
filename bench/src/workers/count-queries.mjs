/**
 * Preloaded into a benchmark's server (`node --import`): counts the SQL statements it runs on SQLite (every
 * better-sqlite3 statement's run/get/all/iterate) and, on SIGUSR2, writes `[bench-queries] <count>` to stderr for the
 * benchmark to read. Measures the server as it is; changes nothing it does.
 */
import Database from 'better-sqlite3';

let count = 0;
const probe = new Database(':memory:');
const proto = Object.getPrototypeOf(probe.prepare('select 1'));
probe.close();
for (const method of ['run', 'get', 'all', 'iterate']) {
  const original = proto[method];
  proto[method] = function counted(...args) {
    count += 1;
    return original.apply(this, args);
  };
}
process.on('SIGUSR2', () => process.stderr.write(`[bench-queries] ${count}\n`));
