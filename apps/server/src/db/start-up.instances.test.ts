/**
 * Two instances started at the same moment on an empty PostgreSQL database (a deploy that scales to two from
 * nothing) must both come up: migrations, the seed (the default topic, the fixed rooms) and the app's own
 * start-up writes run twice at once. Needs TEST_DATABASE_URL (skipped without it, except in CI).
 */
import os from 'node:os';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { FIXED_ROOM_COUNT } from '@resolved/shared';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { migrateToLatest, openDatabase } from './database';
import { seedDatabase } from './seed';

const postgresUrl = process.env.TEST_DATABASE_URL;
const ROUNDS = 5;

/** What `index.ts` does before it listens: migrate, seed, build the app. */
async function startInstance(databaseUrl: string) {
  const config = loadConfig({
    NODE_ENV: 'test',
    AUTH_SECRET: 'test-secret-test-secret-test-secret-1234',
    DATABASE_URL: databaseUrl,
  });
  const database = openDatabase({ databaseUrl, dataDir: os.tmpdir(), poolSize: 5 });
  try {
    await migrateToLatest(database);
    await seedDatabase(database, { roomLinks: config.roomLinks });
    const app = await buildApp({ config, database, logger: false });
    await app.ready();
    return { app, database };
  } catch (error) {
    await database.close();
    throw error;
  }
}

describe.skipIf(!postgresUrl && !process.env.CI)('two instances starting together on an empty database', () => {
  it(`both come up, and the seed is stored once (${ROUNDS} rounds, a fresh database each)`, async () => {
    if (!postgresUrl) throw new Error('TEST_DATABASE_URL must be set in CI: this test cannot be skipped there.');
    for (let round = 1; round <= ROUNDS; round++) {
      const name = `resolved_test_${randomBytes(6).toString('hex')}`;
      const admin = new pg.Client({ connectionString: postgresUrl });
      await admin.connect();
      await admin.query(`create database ${name}`);
      const url = new URL(postgresUrl);
      url.pathname = `/${name}`;
      const started = await Promise.allSettled([startInstance(url.toString()), startInstance(url.toString())]);
      try {
        const failures = started.flatMap((s) => (s.status === 'rejected' ? [String(s.reason)] : []));
        expect(failures, `round ${round}`).toEqual([]);
        const { database } = (started[0] as PromiseFulfilledResult<Awaited<ReturnType<typeof startInstance>>>).value;
        const topics = await database.db.selectFrom('topics').select(['id', 'isCurrent']).execute();
        expect(topics, `round ${round}`).toEqual([{ id: topics[0]?.id, isCurrent: 1 }]);
        const rooms = await database.db.selectFrom('rooms').select('id').orderBy('id').execute();
        expect(rooms.map((r) => r.id)).toEqual(Array.from({ length: FIXED_ROOM_COUNT }, (_, i) => i + 1));
      } finally {
        for (const s of started) {
          if (s.status !== 'fulfilled') continue;
          await s.value.app.close();
          await s.value.database.close();
        }
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      }
    }
  }, 60_000);
});
