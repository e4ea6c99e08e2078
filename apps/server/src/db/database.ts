import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import {
  CompiledQuery,
  Kysely,
  Migrator,
  PostgresDialect,
  SqliteDialect,
  SqliteDriver,
  sql,
  type DatabaseConnection,
  type Driver,
  type SqliteDatabase,
  type SqliteDialectConfig,
} from 'kysely';
import pg from 'pg';
import type { DB } from './schema';
import { migrationProvider } from './migrations/index';

export type TEngine = 'sqlite' | 'postgres';

export interface TDatabase {
  db: Kysely<DB>;
  engine: TEngine;
  /** The raw driver handle, for libraries (better-auth) that take one. */
  sqlite?: SQLite.Database;
  pool?: pg.Pool;
  close(): Promise<void>;
}

export function isPostgresUrl(url: string | undefined): url is string {
  return !!url && /^postgres(ql)?:\/\//i.test(url);
}

export function openDatabase(options: {
  databaseUrl?: string | undefined;
  dataDir: string;
  poolSize?: number;
}): TDatabase {
  if (isPostgresUrl(options.databaseUrl)) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    // A dropped idle connection must not crash the process; the pool replaces it.
    pool.on('error', () => {});
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    return { db, engine: 'postgres', pool, close: () => db.destroy() };
  }
  if (options.databaseUrl !== undefined && options.databaseUrl !== '') {
    throw new Error('DATABASE_URL must start with postgres:// — leave it unset for the embedded SQLite database.');
  }
  fs.mkdirSync(options.dataDir, { recursive: true });
  const sqlite = new SQLite(path.join(options.dataDir, 'resolved.db'));
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<DB>({ dialect: new WriteLockingSqliteDialect({ database: withStatementCache(sqlite) }) });
  return { db, engine: 'sqlite', sqlite, close: () => db.destroy() };
}

/**
 * Transactions take SQLite's write lock when they begin (`begin immediate`), not at their first write. The server's
 * own transactions already run one at a time on its one connection, so this costs nothing there; what it changes is
 * another process writing the same file (the admin CLI, a backup, a second tool): a deferred transaction that had
 * read before that write could not upgrade its snapshot and failed at once (SQLITE_BUSY_SNAPSHOT, which the busy
 * timeout does not wait out), losing the request. Now the other writer waits for the transaction instead.
 */
class WriteLockingSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

class WriteLockingSqliteDialect extends SqliteDialect {
  readonly #settings: SqliteDialectConfig;
  constructor(settings: SqliteDialectConfig) {
    super(settings);
    this.#settings = settings;
  }
  override createDriver(): Driver {
    return new WriteLockingSqliteDriver(this.#settings);
  }
}

/** Distinct SQL texts whose prepared statements are kept (the app has a few hundred; `in (…)` lists vary). */
const STATEMENT_CACHE_SIZE = 1000;
/**
 * Longer SQL is prepared each time: multi-row statements (a matching sweep's batches, long `in (…)` lists) come
 * in many lengths and each prepared one holds native memory the garbage collector does not see.
 */
const STATEMENT_CACHE_MAX_SQL = 2000;

/**
 * better-sqlite3 behind Kysely, with its prepared statements reused. Kysely's SQLite driver prepares every
 * query again (≈8 % of a request's CPU in the leaderboard profile, docs/performance.md); a statement can be
 * reused for the same SQL unless it is in the middle of an iteration (`busy`, only while streaming).
 * Oldest entries are evicted first once the cache is full; long statements are not kept.
 */
export function withStatementCache(sqlite: SQLite.Database): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    prepare(sql: string) {
      if (sql.length > STATEMENT_CACHE_MAX_SQL) return sqlite.prepare(sql);
      const cached = statements.get(sql);
      if (cached && !cached.busy) return cached;
      const statement = sqlite.prepare(sql);
      if (!cached) {
        if (statements.size >= STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value!);
        statements.set(sql, statement);
      }
      return statement;
    },
    close() {
      statements.clear();
      sqlite.close();
    },
  };
}

export async function migrateToLatest(database: TDatabase): Promise<string[]> {
  const migrator = new Migrator({ db: database.db, provider: migrationProvider(database.engine) });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

export async function isDatabaseReachable(database: TDatabase): Promise<boolean> {
  try {
    await sql`select 1`.execute(database.db);
    return true;
  } catch {
    return false;
  }
}

export const nowIso = () => new Date().toISOString();
