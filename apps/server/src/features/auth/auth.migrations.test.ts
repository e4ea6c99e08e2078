import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getMigrations } from 'better-auth/db/migration';
import { loadConfig } from '../../config';
import { migrateToLatest } from '../../db/database';
import { createTestDatabase, TEST_ENGINES, type TTestDatabase } from '../../test/harness';
import { createAuth } from './auth';

/**
 * Our migration 0002-auth creates better-auth's tables; better-auth's own planner must find nothing
 * missing, with Google configured (all plugins on), so the two never drift apart.
 */
describe.each(TEST_ENGINES)('better-auth schema on %s', (engine) => {
  let database: TTestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase(engine);
  });
  afterEach(async () => database.destroy());

  it('needs nothing created or added after our migrations', async () => {
    await migrateToLatest(database);
    const config = loadConfig({
      NODE_ENV: 'test',
      AUTH_SECRET: 'test-secret-test-secret-test-secret-1234',
      GOOGLE_CLIENT_ID: 'client',
      GOOGLE_CLIENT_SECRET: 'secret',
      GOOGLE_ISSUER: 'http://127.0.0.1:1',
    });
    const auth = createAuth({ config, database });
    const plan = await getMigrations(auth.options);
    expect(plan.toBeCreated.map((t) => t.table)).toEqual([]);
    expect(plan.toBeAdded.map((t) => [t.table, Object.keys(t.fields)])).toEqual([]);
    expect(plan.toBeAddedIndexes.map((i) => i.name)).toEqual([]);
    expect(plan.schemaProblems).toEqual([]);
  });

  it('would create the four tables on an empty database (the check can fail)', async () => {
    const config = loadConfig({ NODE_ENV: 'test', AUTH_SECRET: 'test-secret-test-secret-test-secret-1234' });
    const auth = createAuth({ config, database });
    const plan = await getMigrations(auth.options);
    expect(plan.toBeCreated.map((t) => t.table).sort()).toEqual(['accounts', 'sessions', 'users', 'verifications']);
  });
});
