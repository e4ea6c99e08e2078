/**
 * Users and signed-in sessions made straight in SQL, so that a benchmark can have 100,000 users or 2,000
 * signed-in debaters in seconds (signing up through the API hashes a password per user). The session cookie
 * is signed the way better-auth signs it (HMAC-SHA256 of the token with AUTH_SECRET); `checkCookieSigning`
 * compares it with what a real sign-up returns, so a change in better-auth fails the bench loudly.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import path from 'node:path';
import { BENCH_AUTH_SECRET } from './server';

export type TEngine = 'sqlite' | 'postgres';
/** The bench writes users and sessions only; their columns are those of migration 0002-auth (and 0033's month of birth). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- raw tables, columns checked by the server's migration
export type TBenchDb = Kysely<any>;

export const SESSION_COOKIE = 'resolved.session_token';

export interface TBenchDatabase {
  engine: TEngine;
  db: TBenchDb;
  close(): Promise<void>;
}

/** Opens the database a started server uses: its SQLite file, or a PostgreSQL URL. */
export function openBenchDatabase(engine: TEngine, where: { dataDir?: string; url?: string }): TBenchDatabase {
  if (engine === 'sqlite') {
    const sqlite = new SQLite(path.join(where.dataDir!, 'resolved.db'));
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('busy_timeout = 5000');
    const db = new Kysely({ dialect: new SqliteDialect({ database: sqlite }) });
    return { engine, db, close: () => db.destroy() };
  }
  const pool = new pg.Pool({ connectionString: where.url, max: 4 });
  pool.on('error', () => {});
  const db = new Kysely({ dialect: new PostgresDialect({ pool }) });
  return { engine, db, close: () => db.destroy() };
}

/** A fresh PostgreSQL database for one run (dropped by `drop`). */
export async function createPostgresDatabase(adminUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `resolved_bench_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/** A deterministic PRNG (mulberry32), so every run seeds the same league. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A league's scores as debates award them (10 per finished debate, +15 per win, 5 per ballot judged): a third
 * never debated (score 0), the rest a long tail — so most users share their score with hundreds of others.
 */
export function leagueScore(random: () => number): number {
  if (random() < 0.35) return 0;
  const debates = Math.floor(-Math.log(1 - random()) * 6);
  let wins = 0;
  for (let i = 0; i < debates; i++) if (random() < 0.5) wins++;
  const judged = random() < 0.2 ? Math.floor(random() * 5) : 0;
  return debates * 10 + wins * 15 + judged * 5;
}

export interface TSeededUser {
  id: string;
  email: string;
  displayName: string;
  score: number;
}

/**
 * Inserts `count` users in batched multi-row inserts inside one transaction. Sign-up times spread over two
 * years, some in the same millisecond (ties broken by id, as the rank order says).
 */
export async function seedUsers(
  database: TBenchDatabase,
  count: number,
  options: {
    prefix: string;
    seed?: number;
    score?: (random: () => number) => number;
    /** The i-th user's month of birth; an adult's ('1990-01') unless given. */
    birthMonth?: (i: number) => string;
  } = { prefix: 'u' },
): Promise<TSeededUser[]> {
  const random = seededRandom(options.seed ?? 42);
  const isPostgres = database.engine === 'postgres';
  const start = Date.parse('2024-09-01T00:00:00.000Z');
  const span = 2 * 365 * 24 * 3600 * 1000;
  const users: TSeededUser[] = [];
  const rows: Record<string, unknown>[] = [];
  for (let i = 0; i < count; i++) {
    const id = randomBytes(16).toString('hex');
    const at = new Date(start + Math.floor((random() * span) / 1000) * 1000);
    const user = {
      id,
      email: `${options.prefix}${i}-${id.slice(0, 6)}@bench.test`,
      displayName: `Debater ${options.prefix}${i}`,
      score: (options.score ?? leagueScore)(random),
    };
    users.push(user);
    rows.push({
      ...user,
      emailVerified: isPostgres ? false : 0,
      createdAt: isPostgres ? at : at.toISOString(),
      updatedAt: isPostgres ? at : at.toISOString(),
      role: 'user',
      banned: isPostgres ? false : 0,
      // An adult's month of birth (migration 0033-age): the queue, challenges and the chat refuse an account without one.
      birthMonth: options.birthMonth?.(i) ?? '1990-01',
    });
  }
  const batch = 1000;
  await database.db.transaction().execute(async (trx) => {
    for (let i = 0; i < rows.length; i += batch) {
      await trx
        .insertInto('users')
        .values(rows.slice(i, i + batch))
        .execute();
    }
  });
  return users;
}

export function signSessionToken(token: string, secret = BENCH_AUTH_SECRET): string {
  const signature = createHmac('sha256', secret).update(token).digest('base64');
  return encodeURIComponent(`${token}.${signature}`);
}

/** Creates a session per user and returns the `cookie` header that signs each in. */
export async function createSessions(database: TBenchDatabase, userIds: readonly string[]): Promise<string[]> {
  const isPostgres = database.engine === 'postgres';
  const now = new Date();
  const expires = new Date(now.getTime() + 7 * 24 * 3600 * 1000);
  const stamp = (d: Date) => (isPostgres ? d : d.toISOString());
  const tokens = userIds.map(() => randomBytes(24).toString('base64url'));
  const rows = userIds.map((userId, i) => ({
    id: randomBytes(16).toString('hex'),
    token: tokens[i],
    userId,
    expiresAt: stamp(expires),
    createdAt: stamp(now),
    updatedAt: stamp(now),
    ipAddress: '127.0.0.1',
    userAgent: 'resolved-bench',
  }));
  for (let i = 0; i < rows.length; i += 500) {
    await database.db
      .insertInto('sessions')
      .values(rows.slice(i, i + 500))
      .execute();
  }
  return tokens.map((token) => `${SESSION_COOKIE}=${signSessionToken(token)}`);
}

/**
 * Signs up one user through the real API and checks that the cookie it got is the one `signSessionToken`
 * computes for its session token, and that a cookie made by `createSessions` is recognised by `/api/session`.
 */
export async function checkCookieSigning(baseUrl: string, database: TBenchDatabase): Promise<void> {
  const email = `cookie-check-${randomBytes(4).toString('hex')}@bench.test`;
  const response = await fetch(`${baseUrl}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ name: 'Cookie Check', email, password: 'correct horse battery', birthMonth: '1990-01' }),
  });
  if (!response.ok) throw new Error(`cookie check: sign-up failed (${response.status}): ${await response.text()}`);
  const setCookie = response.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`));
  const user = ((await response.json()) as { user: { id: string } }).user;
  const session = await database.db
    .selectFrom('sessions')
    .select('token')
    .where('userId', '=', user.id)
    .executeTakeFirstOrThrow();
  const expected = `${SESSION_COOKIE}=${signSessionToken(String(session.token))}`;
  if (setCookie?.split(';')[0] !== expected) {
    throw new Error(`cookie check: better-auth's cookie (${setCookie}) is not the bench's signing (${expected})`);
  }
  const [cookie] = await createSessions(database, [user.id]);
  const me = await fetch(`${baseUrl}/api/session`, { headers: { cookie: cookie! } });
  const body = (await me.json()) as { user: { id: string } | null };
  if (body.user?.id !== user.id) throw new Error('cookie check: a session made in SQL is not recognised');
}

/** What autovacuum does after a bulk insert: statistics and the visibility map (index-only scans on PostgreSQL). */
export async function vacuumAnalyze(database: TBenchDatabase): Promise<void> {
  await sql`vacuum analyze`.execute(database.db);
}
