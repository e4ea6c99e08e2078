import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { withStatementCache } from './database';

describe('the SQLite statement cache', () => {
  let dir: string;
  let sqlite: SQLite.Database;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'resolved-statements-'));
    sqlite = new SQLite(path.join(dir, 'test.db'));
    sqlite.exec('create table t (n integer)');
    sqlite.exec('insert into t (n) values (1), (2), (3)');
  });
  afterEach(() => {
    if (sqlite.open) sqlite.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('reuses the statement for the same SQL, and gives a fresh one while the cached one is iterating', () => {
    const cache = withStatementCache(sqlite);
    const first = cache.prepare('select n from t order by n');
    expect(cache.prepare('select n from t order by n')).toBe(first);
    expect(cache.prepare('select n from t where n > 1')).not.toBe(first);

    const seen: number[] = [];
    for (const row of (first as SQLite.Statement).iterate() as Iterable<{ n: number }>) {
      // A nested query with the same SQL while `first` is busy must not reuse it (better-sqlite3 would throw).
      const nested = cache.prepare('select n from t order by n');
      expect(nested).not.toBe(first);
      seen.push(row.n, (nested.all([]) as { n: number }[]).length);
    }
    expect(seen).toEqual([1, 3, 2, 3, 3, 3]);
    expect(cache.prepare('select n from t order by n')).toBe(first);
  });

  it('does not keep long statements (many lengths of multi-row SQL would hold native memory)', () => {
    const cache = withStatementCache(sqlite);
    const long = `select n from t where n in (${Array.from({ length: 700 }, () => '?').join(', ')})`;
    expect(long.length).toBeGreaterThan(2000);
    expect(cache.prepare(long)).not.toBe(cache.prepare(long));
    const short = 'select n from t where n in (?, ?)';
    expect(cache.prepare(short)).toBe(cache.prepare(short));
  });

  it('keeps at most 1,000 statements, evicting the oldest, and sees schema changes', () => {
    const cache = withStatementCache(sqlite);
    const oldest = cache.prepare('select 0');
    for (let i = 1; i <= 1000; i++) cache.prepare(`select ${i}`);
    expect(cache.prepare('select 1000')).toBe(cache.prepare('select 1000'));
    expect(cache.prepare('select 0')).not.toBe(oldest);

    const count = () => (cache.prepare('select * from t').all([]) as object[]).length;
    expect(count()).toBe(3);
    sqlite.exec('alter table t add column m integer');
    expect(cache.prepare('select * from t').all([])).toContainEqual({ n: 1, m: null });
    cache.close();
    expect(sqlite.open).toBe(false);
  });
});
