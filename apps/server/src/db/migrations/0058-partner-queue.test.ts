/**
 * Migration 0058 on both engines: every queue row written before it keeps the mode today's queue gave it (one-on-one in
 * Public Forum and Parliamentary, the ordinary queue in Lincoln Douglas), partner links can be stored, and down undoes
 * both.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Migrator, type Kysely } from 'kysely';
import { createTestDatabase, TEST_ENGINES, type TTestDatabase } from '../../test/harness';
import { migrationProvider } from './index';

describe.each(TEST_ENGINES)('migration 0058 (partners in the queue) on %s', (engine) => {
  let database: TTestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase(engine);
  });
  afterEach(async () => database.destroy());

  it('gives waiting rows their mode, stores partner links, and goes down again', async () => {
    const migrator = new Migrator({ db: database.db, provider: migrationProvider(database.engine) });
    expect((await migrator.migrateTo('0057-openskill-ratings')).error).toBeUndefined();
    const db = database.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
    const now = new Date().toISOString();
    const people = ['ld1', 'pf1', 'parli1'];
    await db
      .insertInto('users')
      .values(
        people.map((id) => ({
          id,
          displayName: id,
          email: `${id}@example.test`,
          emailVerified: engine === 'postgres' ? false : 0,
          createdAt: now,
          updatedAt: now,
        })),
      )
      .execute();
    await db
      .insertInto('debateQueue')
      .values([
        { userId: 'ld1', formatId: 'ld', createdAt: now },
        { userId: 'pf1', formatId: 'pf', createdAt: now },
        { userId: 'parli1', formatId: 'parli', createdAt: now },
      ])
      .execute();

    expect((await migrator.migrateTo('0058-partner-queue')).error).toBeUndefined();
    const rows = await db
      .selectFrom('debateQueue')
      .select(['userId', 'mode', 'partnerIds'])
      .orderBy('userId')
      .execute();
    expect(rows).toEqual([
      { userId: 'ld1', mode: 'solo', partnerIds: null },
      { userId: 'parli1', mode: 'one-on-one', partnerIds: null },
      { userId: 'pf1', mode: 'one-on-one', partnerIds: null },
    ]);
    await db
      .insertInto('partnerLinks')
      .values({
        token: 'a'.repeat(24),
        creatorId: 'pf1',
        formatId: 'pf',
        createdAt: now,
        accepterId: null,
        acceptedAt: null,
      })
      .execute();
    expect(await db.selectFrom('partnerLinks').select('creatorId').execute()).toEqual([{ creatorId: 'pf1' }]);

    expect((await migrator.migrateDown()).error).toBeUndefined();
    const back = await db.selectFrom('debateQueue').selectAll().orderBy('userId').execute();
    expect(Object.keys(back[0]!).sort()).toEqual(['createdAt', 'formatId', 'id', 'userId']);
  });
});
