/**
 * The browser tests' environment: where the test server listens, which addresses it treats as admins, and
 * where its data lives. `playwright.config.ts` sets these up once per run; every worker reads them from here.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Port of the test server (our range is 3210–3219). */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3210);
export const BASE_URL = `http://127.0.0.1:${E2E_PORT}`;

/** The fixed admin list the test server is started with (ADMIN_EMAILS). */
export const TEST_ADMIN_EMAILS = ['admin@resolved.test', 'coach@resolved.test', 'moderator@resolved.test'] as const;

/** Signs sessions on the test server only. */
export const TEST_AUTH_SECRET = 'e2e-only-auth-secret-0123456789abcdef0123456789';

/** Environment variable carrying the run's data directory from the runner process to its workers. */
const DATA_DIR_VARIABLE = 'RESOLVED_E2E_DATA_DIR';
const DATA_DIR_PREFIX = 'resolved-e2e-';

/**
 * The run's fresh data directory. The runner loads the config first and creates it; the workers it forks
 * inherit the variable and so agree on the same directory.
 */
export function runDataDir(): string {
  const existing = process.env[DATA_DIR_VARIABLE];
  if (existing) return existing;
  const created = fs.mkdtempSync(path.join(os.tmpdir(), DATA_DIR_PREFIX));
  process.env[DATA_DIR_VARIABLE] = created;
  return created;
}

/** Path of the test server's SQLite database (open it read-only to check what a test stored). */
export function testDatabasePath(): string {
  const dir = process.env[DATA_DIR_VARIABLE];
  if (!dir) throw new Error(`${DATA_DIR_VARIABLE} is not set: run the tests through e2e/playwright.config.ts.`);
  return path.join(dir, 'resolved.db');
}
