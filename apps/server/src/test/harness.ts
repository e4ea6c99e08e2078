/**
 * Test harness: each test gets its own database, on SQLite always and on PostgreSQL when TEST_DATABASE_URL is set
 * (a new database per test, dropped afterwards), and a real app around it. A migrated database is a copy of the
 * worker's migrated template (`template-database.ts`); an empty one is for the tests of the migrations.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { loadConfig, type TConfig } from '../config';
import { migrateToLatest, openDatabase, type TDatabase, type TEngine } from '../db/database';
import { seedDatabase } from '../db/seed';
import { buildApp } from '../app';
import { copySqliteTemplate, createPostgresDatabase, uniqueTestDatabaseName } from './template-database';

const postgresUrl = process.env.TEST_DATABASE_URL;

/** The engines this run covers. Without TEST_DATABASE_URL the PostgreSQL suites skip, saying why (CI sets it). */
export const TEST_ENGINES: TEngine[] = postgresUrl ? ['sqlite', 'postgres'] : ['sqlite'];
if (!postgresUrl && !process.env.RESOLVED_QUIET_SKIP) {
  process.env.RESOLVED_QUIET_SKIP = '1';
  console.warn('[tests] TEST_DATABASE_URL is not set: PostgreSQL variants are skipped (SQLite runs).');
}

export interface TTestDatabase extends TDatabase {
  /** Closes and deletes the database. */
  destroy(): Promise<void>;
}

/** An empty database, with no migration run: for tests of the migrations themselves. */
export async function createTestDatabase(engine: TEngine): Promise<TTestDatabase> {
  if (engine === 'sqlite') return openSqlite(fs.mkdtempSync(path.join(os.tmpdir(), 'resolved-test-')));
  if (!postgresUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = uniqueTestDatabaseName();
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  return openPostgres(postgresUrl, name);
}

/** A database with every migration applied (not seeded): a copy of this worker's migrated template. */
export async function createMigratedTestDatabase(engine: TEngine): Promise<TTestDatabase> {
  if (engine === 'postgres') {
    if (!postgresUrl) throw new Error('TEST_DATABASE_URL is not set');
    const name = uniqueTestDatabaseName();
    const { isMigrated } = await createPostgresDatabase(postgresUrl, name);
    const database = openPostgres(postgresUrl, name);
    if (!isMigrated) await migrateToLatest(database);
    return database;
  }
  const copy = await copySqliteTemplate();
  if (copy) return openSqlite(copy);
  const database = await createTestDatabase('sqlite');
  await migrateToLatest(database);
  return database;
}

function openSqlite(dataDir: string): TTestDatabase {
  const database = openDatabase({ dataDir });
  return {
    ...database,
    async destroy() {
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function openPostgres(serverUrl: string, name: string): TTestDatabase {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = openDatabase({ databaseUrl: url.toString(), dataDir: os.tmpdir(), poolSize: 5 });
  return {
    ...database,
    async destroy() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

export interface TTestApp {
  app: FastifyInstance;
  database: TTestDatabase;
  config: TConfig;
  close(): Promise<void>;
}

/** A migrated, seeded database and the real app over it (no listening socket: use `app.inject`). */
export async function createTestApp(engine: TEngine, env: Record<string, string> = {}): Promise<TTestApp> {
  const database = await createMigratedTestDatabase(engine);
  const config = loadConfig({ NODE_ENV: 'test', AUTH_SECRET: 'test-secret-test-secret-test-secret-1234', ...env });
  await seedDatabase(database, { roomLinks: config.roomLinks });
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  return {
    app,
    database,
    config,
    async close() {
      await app.close();
      await database.destroy();
    },
  };
}
