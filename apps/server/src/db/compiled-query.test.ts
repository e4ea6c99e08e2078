import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, TEST_ENGINES, type TTestDatabase } from '../test/harness';
import { migrateToLatest } from './database';
import { compiledOnce } from './compiled-query';

describe.each(TEST_ENGINES)('queries compiled once on %s', (engine) => {
  let database: TTestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase(engine);
    await migrateToLatest(database);
    await database.db
      .insertInto('readVersions')
      .values([
        { name: 'compiled-a', version: 1 },
        { name: 'compiled-b', version: 2 },
        { name: 'compiled-c', version: 7 },
      ])
      .execute();
  });
  afterEach(async () => {
    await database.destroy();
  });

  it('runs with each call’s values in their slots, and keeps the values written as literals', async () => {
    const versionsAbove = compiledOnce((db, param: <T = string>(name: 'prefix' | 'least') => T) =>
      db
        .selectFrom('readVersions')
        .select(['name', 'version'])
        .where('name', 'like', param('prefix'))
        .where('version', '>', param<number>('least'))
        .where('name', '!=', 'compiled-c')
        .orderBy('name'),
    );
    const names = async (prefix: string, least: number) =>
      (await versionsAbove(database.db, { prefix, least })).map((row) => row.name);
    expect(await names('compiled-%', 0)).toEqual(['compiled-a', 'compiled-b']);
    // Same handle, so the SQL compiled by the first call: new values still reach their own slots.
    expect(await names('compiled-%', 1)).toEqual(['compiled-b']);
    expect(await names('nothing-%', 0)).toEqual([]);
    // A compiled query per handle: a second database gets its own, and the first keeps working.
    const other = await createTestDatabase(engine);
    try {
      await migrateToLatest(other);
      await other.db.insertInto('readVersions').values({ name: 'compiled-z', version: 9 }).execute();
      expect((await versionsAbove(other.db, { prefix: 'compiled-%', least: 0 })).map((row) => row.name)).toEqual([
        'compiled-z',
      ]);
      expect(await names('compiled-%', 0)).toEqual(['compiled-a', 'compiled-b']);
    } finally {
      await other.destroy();
    }
  });

  it('refuses a parameter the query does not use (a slot that would never be filled)', async () => {
    const byName = compiledOnce((db, param: <T = string>(name: 'name' | 'unused') => T) =>
      db.selectFrom('readVersions').select('version').where('name', '=', param('name')),
    );
    await expect(byName(database.db, { name: 'compiled-a', unused: 'x' })).rejects.toThrow(/"unused"/);
  });
});
