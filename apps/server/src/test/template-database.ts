/**
 * Migrated databases for tests without running the migrations each time. Each vitest worker migrates one template
 * per engine the first time a test asks for it (SQLite: a file; PostgreSQL: a database); every test then gets a
 * copy (SQLite: the file copied, a few milliseconds; PostgreSQL: `create database … template …`, a fraction of a
 * second) where the ~40 migrations took most of a test app's start.
 *
 * Names carry the run's id (from `global-setup.ts`, which drops them when the run ends), the worker's pool id (so
 * two workers never build or copy the same template at once) and a fingerprint of the migration files (so a
 * migration edited in watch mode gets a new template). Tests of the migrations themselves keep using an empty
 * database (`createTestDatabase`) and run them for real.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash, randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { inject } from 'vitest';
import { migrateToLatest, openDatabase } from '../db/database';
import { POSTGRES_TEMPLATE_PREFIX, SQLITE_TEMPLATE_PREFIX } from './global-setup';

const MIGRATIONS_DIR = fileURLToPath(new URL('../db/migrations/', import.meta.url));

let fingerprint: string | undefined;

/** A short hash of every migration file: a changed migration means another template. */
function migrationsFingerprint(): string {
  if (fingerprint === undefined) {
    const hash = createHash('sha256');
    for (const name of fs.readdirSync(MIGRATIONS_DIR).sort()) {
      hash.update(name).update(fs.readFileSync(path.join(MIGRATIONS_DIR, name)));
    }
    fingerprint = hash.digest('hex').slice(0, 10);
  }
  return fingerprint;
}

/** This run's id, or null when the run did not go through the root vitest config's global setup. */
function runId(): string | null {
  return inject('testRunId') ?? null;
}

function templateKey(run: string): string {
  return `${run}_${process.env.VITEST_POOL_ID ?? '0'}_${migrationsFingerprint()}`;
}

const sqliteTemplates = new Map<string, Promise<string>>();

/** The path of this worker's migrated SQLite file, built on first use (renamed into place only once complete). */
function sqliteTemplate(run: string): Promise<string> {
  const dir = path.join(os.tmpdir(), `${SQLITE_TEMPLATE_PREFIX}${templateKey(run)}`);
  const file = path.join(dir, 'resolved.db');
  let template = sqliteTemplates.get(file);
  if (!template) {
    template = (async () => {
      if (fs.existsSync(file)) return file;
      const building = `${dir}-building`;
      fs.rmSync(building, { recursive: true, force: true });
      const database = openDatabase({ dataDir: building });
      try {
        await migrateToLatest(database);
      } finally {
        // Closing the last connection checkpoints the WAL into the file, so the file alone is the whole database.
        await database.close();
      }
      fs.mkdirSync(dir, { recursive: true });
      fs.renameSync(path.join(building, 'resolved.db'), file);
      fs.rmSync(building, { recursive: true, force: true });
      return file;
    })();
    sqliteTemplates.set(file, template);
    template.catch(() => sqliteTemplates.delete(file));
  }
  return template;
}

/**
 * A fresh data folder holding a copy of the migrated template, or null when there is no template to copy (the run
 * did not go through the global setup): the caller then migrates an empty database.
 */
export async function copySqliteTemplate(): Promise<string | null> {
  const run = runId();
  if (!run) return null;
  const template = await sqliteTemplate(run);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'resolved-test-'));
  fs.copyFileSync(template, path.join(dataDir, 'resolved.db'));
  return dataDir;
}

const postgresTemplates = new Map<string, Promise<string>>();

function withDatabase(url: string, name: string): string {
  const next = new URL(url);
  next.pathname = `/${name}`;
  return next.toString();
}

/**
 * The name of this worker's migrated PostgreSQL template, built on first use. It is built under another name and
 * renamed once migrated, so a template by its final name is always complete; nothing stays connected to it (a
 * database being copied must have no sessions).
 */
function postgresTemplate(admin: pg.Client, postgresUrl: string, run: string): Promise<string> {
  const name = `${POSTGRES_TEMPLATE_PREFIX}${templateKey(run)}`;
  let template = postgresTemplates.get(name);
  if (!template) {
    template = (async () => {
      const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
      if (found.rowCount) return name;
      const building = `${name}_building`;
      await admin.query(`drop database if exists ${building} with (force)`);
      await admin.query(`create database ${building}`);
      const database = openDatabase({
        databaseUrl: withDatabase(postgresUrl, building),
        dataDir: os.tmpdir(),
        poolSize: 1,
      });
      try {
        await migrateToLatest(database);
      } finally {
        await database.close();
      }
      await admin.query(`alter database ${building} rename to ${name}`);
      return name;
    })();
    postgresTemplates.set(name, template);
    template.catch(() => postgresTemplates.delete(name));
  }
  return template;
}

/**
 * Creates database `name` on the server of `postgresUrl`: a copy of the migrated template, or an empty one when
 * there is no template (the run did not go through the global setup). Says which.
 */
export async function createPostgresDatabase(postgresUrl: string, name: string): Promise<{ isMigrated: boolean }> {
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  try {
    const run = runId();
    if (!run) {
      await admin.query(`create database ${name}`);
      return { isMigrated: false };
    }
    const template = await postgresTemplate(admin, postgresUrl, run);
    await admin.query(`create database ${name} template ${template}`);
    return { isMigrated: true };
  } finally {
    await admin.end();
  }
}

/** A database name no other test, worker or run uses. */
export function uniqueTestDatabaseName(): string {
  return `resolved_test_${randomBytes(6).toString('hex')}`;
}
