/**
 * Runs once per vitest run of the server project, in vitest's own process: gives the run an id for the names of its
 * migrated templates (`template-database.ts`), so two runs on one machine or one PostgreSQL server never share one,
 * and drops this run's templates when it ends.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';

/** A worker's SQLite template is the folder `<tmpdir>/<prefix><run>_<pool>_<fingerprint>`. */
export const SQLITE_TEMPLATE_PREFIX = 'resolved-template-';
/** A worker's PostgreSQL template is the database `<prefix><run>_<pool>_<fingerprint>`. */
export const POSTGRES_TEMPLATE_PREFIX = 'resolved_tmpl_';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Lower-case letters and digits: it goes into database names unquoted. */
    testRunId: string;
  }
}

export default function setup(project: TestProject) {
  const run = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  project.provide('testRunId', run);
  return async function teardown() {
    for (const entry of fs.readdirSync(os.tmpdir())) {
      if (entry.startsWith(`${SQLITE_TEMPLATE_PREFIX}${run}_`)) {
        fs.rmSync(path.join(os.tmpdir(), entry), { recursive: true, force: true });
      }
    }
    const postgresUrl = process.env.TEST_DATABASE_URL;
    if (!postgresUrl) return;
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    try {
      const { rows } = await admin.query<{ datname: string }>('select datname from pg_database');
      for (const { datname } of rows) {
        if (datname.startsWith(`${POSTGRES_TEMPLATE_PREFIX}${run}_`)) {
          await admin.query(`drop database if exists ${datname} with (force)`);
        }
      }
    } finally {
      await admin.end();
    }
  };
}
