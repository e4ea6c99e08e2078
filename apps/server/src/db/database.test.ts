import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { openDatabase, withStatementCache, type TDatabase } from './database';

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

describe('SQLite transactions beside another process', () => {
  let dir: string;
  let database: TDatabase;
  let other: SQLite.Database;
  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'resolved-immediate-'));
    database = openDatabase({ dataDir: dir });
    await sql`create table t (n integer)`.execute(database.db);
    // Another connection to the same file, as the admin CLI or a backup opens it while the server runs.
    other = new SQLite(path.join(dir, 'resolved.db'));
    other.pragma('busy_timeout = 5000');
  });
  afterEach(async () => {
    other.close();
    await database.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('holds the write lock from the start, so a write elsewhere waits instead of failing the transaction', async () => {
    // A deferred transaction reads first; if another connection commits before it writes, SQLite cannot upgrade
    // its snapshot and fails at once (SQLITE_BUSY_SNAPSHOT, no busy wait): a request lost to a CLI command.
    other.pragma('busy_timeout = 0');
    await database.db.transaction().execute(async (trx) => {
      await trx
        .selectFrom('t' as never)
        .selectAll()
        .execute();
      // The other connection is told the database is busy (it would wait with a busy timeout) ...
      expect(() => other.prepare('insert into t (n) values (9)').run()).toThrow(/locked|busy/i);
      // ... and this transaction's write goes through.
      await sql`insert into t (n) values (1)`.execute(trx);
    });
    other.prepare('insert into t (n) values (2)').run();
    expect(other.prepare('select n from t order by n').all()).toEqual([{ n: 1 }, { n: 2 }]);
  });
});
