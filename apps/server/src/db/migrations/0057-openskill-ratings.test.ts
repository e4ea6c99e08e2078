/**
 * Migration 0057 converts stored Glicko-2 ratings to openskill's, on both engines: nobody's displayed rating or
 * provisional mark changes, games are kept, and the Glicko columns are gone.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Migrator, type Kysely } from 'kysely';
import { createTestDatabase, TEST_ENGINES, type TTestDatabase } from '../../test/harness';
import { migrationProvider } from './index';
import { summarizeRating } from '../../lib/ratings/ratings';
import { convertGlickoRating } from './0057-openskill-ratings';

/** Glicko rows as 0006 stored them: a new rating, a settled one, one just provisional and one just not, one far up. */
const GLICKO_ROWS = [
  { userId: 'new', rating: 1500, deviation: 350, volatility: 0.06, games: 0 },
  { userId: 'settled', rating: 1662.4, deviation: 62.5, volatility: 0.0599, games: 41 },
  { userId: 'settling', rating: 1431.6, deviation: 110, volatility: 0.06, games: 9 },
  { userId: 'settledJust', rating: 1388.2, deviation: 109.4, volatility: 0.06, games: 12 },
  { userId: 'top', rating: 2210.8, deviation: 45, volatility: 0.058, games: 130 },
];

describe('convertGlickoRating', () => {
  it('keeps the rating as it reads and whether it is provisional', () => {
    for (const glicko of GLICKO_ROWS) {
      const converted = summarizeRating({ ...convertGlickoRating(glicko), games: glicko.games });
      expect(converted.rating).toBe(Math.round(glicko.rating));
      expect(converted.isProvisional).toBe(glicko.deviation >= 110);
    }
  });

  it('gives a new Glicko rating openskill’s new rating, and scales a settled deviation by 150/110', () => {
    const fresh = convertGlickoRating({ rating: 1500, deviation: 350 });
    expect(fresh.mu).toBeCloseTo(25, 12);
    expect(fresh.sigma).toBeCloseTo(25 / 3, 12);
    const settled = convertGlickoRating({ rating: 1662.4, deviation: 62.5 });
    expect(settled.mu).toBeCloseTo(30.5087, 3);
    expect(settled.sigma).toBeCloseTo(2.8909, 3);
  });
});

describe.each(TEST_ENGINES)('migration 0057 converts Glicko ratings on %s', (engine) => {
  let database: TTestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase(engine);
  });
  afterEach(async () => database.destroy());

  it('writes each stored rating as openskill’s, keeps games and drops the Glicko columns', async () => {
    const migrator = new Migrator({ db: database.db, provider: migrationProvider(database.engine) });
    expect((await migrator.migrateTo('0055-sfu-rooms-outlive-rounds')).error).toBeUndefined();
    const db = database.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
    const now = new Date().toISOString();
    await db
      .insertInto('users')
      .values(
        GLICKO_ROWS.map(({ userId }) => ({
          id: userId,
          displayName: userId,
          email: `${userId}@example.test`,
          emailVerified: engine === 'postgres' ? false : 0,
          createdAt: now,
          updatedAt: now,
        })),
      )
      .execute();
    await db
      .insertInto('debateRatings')
      .values(GLICKO_ROWS.map((row) => ({ ...row, formatId: 'ld', updatedAt: now })))
      .execute();

    const migrated = await migrator.migrateTo('0057-openskill-ratings');
    expect(migrated.error).toBeUndefined();
    const rows = await db.selectFrom('debateRatings').selectAll().orderBy('userId').execute();
    expect(Object.keys(rows[0]!).sort()).toEqual(['formatId', 'games', 'mu', 'sigma', 'updatedAt', 'userId']);
    for (const glicko of GLICKO_ROWS) {
      const row = rows.find((r) => r.userId === glicko.userId)!;
      const expected = convertGlickoRating(glicko);
      expect(Number(row.mu)).toBeCloseTo(expected.mu, 9);
      expect(Number(row.sigma)).toBeCloseTo(expected.sigma, 9);
      expect(Number(row.games)).toBe(glicko.games);
      expect(row.updatedAt).toBe(now);
      const reads = summarizeRating({ mu: Number(row.mu), sigma: Number(row.sigma), games: Number(row.games) });
      expect([reads.rating, reads.isProvisional]).toEqual([Math.round(glicko.rating), glicko.deviation >= 110]);
    }

    // Down again: the Glicko columns come back with the same rating (the deviation of a capped one excepted).
    expect((await migrator.migrateDown()).error).toBeUndefined();
    const back = await db.selectFrom('debateRatings').selectAll().where('userId', '=', 'settled').execute();
    expect(Number(back[0]!.rating)).toBeCloseTo(1662.4, 6);
    expect(Number(back[0]!.deviation)).toBeCloseTo(62.5, 6);
  });
});
