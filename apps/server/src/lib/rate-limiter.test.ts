import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMigratedTestDatabase, TEST_ENGINES, type TTestDatabase } from '../test/harness';
import { openDatabase, type TDatabase } from '../db/database';
import { RateLimiter } from './rate-limiter';

describe.each(TEST_ENGINES)('the shared rate limiter on %s', (engine) => {
  let database: TTestDatabase;
  let other: TDatabase | undefined;
  beforeEach(async () => {
    database = await createMigratedTestDatabase(engine);
  });
  afterEach(async () => {
    await other?.close();
    other = undefined;
    await database.destroy();
  });

  it('allows max hits per window, says how long to wait, and starts again when the window ends', async () => {
    const limiter = new RateLimiter(database.db, 3, 60_000);
    const t0 = 1_700_000_000_000;
    for (let i = 0; i < 3; i++)
      expect(await limiter.hit('sign-in:email:a@example.test', t0 + i)).toEqual({ isAllowed: true });
    expect(await limiter.hit('sign-in:email:a@example.test', t0 + 10_000)).toEqual({
      isAllowed: false,
      retryAfterMs: 50_000,
    });
    // Another key has its own count.
    expect(await limiter.hit('sign-in:email:b@example.test', t0 + 10_000)).toEqual({ isAllowed: true });
    // A new window.
    expect(await limiter.hit('sign-in:email:a@example.test', t0 + 60_000)).toEqual({ isAllowed: true });
    expect(await limiter.hit('sign-in:email:a@example.test', t0 + 60_001)).toEqual({ isAllowed: true });
  });

  it('counts the hits of every instance against one limit, also when they arrive at once', async () => {
    other =
      engine === 'sqlite'
        ? openDatabase({ dataDir: path.dirname(database.sqlite!.name) })
        : openDatabase({
            databaseUrl: (database.pool as unknown as { options: { connectionString: string } }).options
              .connectionString,
            dataDir: '/tmp',
            poolSize: 5,
          });
    const one = new RateLimiter(database.db, 10, 60_000);
    const two = new RateLimiter(other.db, 10, 60_000);
    const now = Date.now();
    const results = await Promise.all(
      Array.from({ length: 16 }, (_, i) => (i % 2 === 0 ? one : two).hit('sign-in:ip:10.0.0.1', now)),
    );
    expect(results.filter((r) => r.isAllowed)).toHaveLength(10);
  });
});
