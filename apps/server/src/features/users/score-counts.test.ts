import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type TDatabase } from '../../db/database';
import { createTestApp, TEST_ENGINES, type TTestApp } from '../../test/harness';
import { countUsers, findStanding } from './users.repository';
import { standingOf } from './users.service';

/**
 * The per-score counts (migration 0008) are kept by triggers; ranks and totals read them. After sign-ups,
 * score changes and deletions, every user's rank must still be the one a full sort gives — computed, and
 * through the rank cache (kept per ranking version, migration 0009), on this handle and on a second one.
 */
describe.each(TEST_ENGINES)('score counts and ranks on %s', (engine) => {
  let t: TTestApp;
  beforeEach(async () => {
    t = await createTestApp(engine);
  });
  afterEach(async () => t.close());

  const at = (second: number) => {
    const iso = new Date(Date.UTC(2025, 0, 1) + second * 1000).toISOString();
    return engine === 'postgres' ? new Date(iso) : iso;
  };

  /** A second handle on the same database: another instance of the server. */
  let other: TDatabase | undefined;
  afterEach(async () => other?.close());
  function otherInstance(): TDatabase {
    if (engine === 'sqlite') {
      other = openDatabase({ dataDir: path.dirname(t.database.sqlite!.name) });
    } else {
      const url = (t.database.pool as unknown as { options: { connectionString: string } }).options.connectionString;
      other = openDatabase({ databaseUrl: url, dataDir: '/tmp', poolSize: 2 });
    }
    return other;
  }

  async function expectRanksMatchAFullSort(instances: TDatabase[] = [t.database]) {
    const rows = await t.database.db.selectFrom('users').select(['id', 'score', 'createdAt']).execute();
    const key = (r: (typeof rows)[number]) => new Date(r.createdAt).getTime();
    const sorted = [...rows].sort(
      (a, b) => b.score - a.score || key(a) - key(b) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
    );
    expect(await countUsers(t.database.db)).toBe(rows.length);
    for (const [index, row] of sorted.entries()) {
      const tiedWith = rows.filter((r) => r.score === row.score).length - 1;
      expect(await findStanding(t.database.db, row.id)).toEqual({ rank: index + 1, tiedWith });
      for (const database of instances) {
        expect(await standingOf(database, row.id)).toEqual({ rank: index + 1, tiedWith });
      }
    }
    const counts = await t.database.db.selectFrom('scoreCounts').selectAll().where('users', '>', 0).execute();
    const expected = new Map<number, number>();
    for (const r of rows) expected.set(r.score, (expected.get(r.score) ?? 0) + 1);
    expect(new Map(counts.map((c) => [Number(c.score), Number(c.users)]))).toEqual(expected);
  }

  it('keeps every rank exact through sign-ups, score changes and deletions', async () => {
    // 60 users over 4 scores, several signing up in the same second (ties broken by id).
    await t.database.db
      .insertInto('users')
      .values(
        Array.from({ length: 60 }, (_, i) => ({
          id: `user-${String((i * 37) % 60).padStart(2, '0')}`,
          displayName: `User ${i}`,
          email: `user${i}@example.test`,
          emailVerified: engine === 'postgres' ? false : 0,
          createdAt: at(Math.floor(i / 3)),
          updatedAt: at(Math.floor(i / 3)),
          score: [0, 10, 25, 10][i % 4]!,
        })),
      )
      .execute();
    const second = otherInstance();
    await expectRanksMatchAFullSort([t.database, second]);

    await t.database.db.updateTable('users').set({ score: 40 }).where('id', 'in', ['user-03', 'user-17']).execute();
    await t.database.db.updateTable('users').set({ score: 0 }).where('id', '=', 'user-44').execute();
    // An update that leaves the score as it was changes no count.
    await t.database.db.updateTable('users').set({ displayName: 'Renamed' }).where('id', '=', 'user-05').execute();
    await t.database.db.deleteFrom('users').where('id', 'in', ['user-10', 'user-11', 'user-12']).execute();
    await expectRanksMatchAFullSort([t.database, second]);

    // A change made through the other instance reaches this one's cached ranks too.
    await second.db.updateTable('users').set({ score: 100 }).where('id', '=', 'user-59').execute();
    await expectRanksMatchAFullSort([t.database, second]);
    expect(await standingOf(t.database, 'user-59')).toEqual({ rank: 1, tiedWith: 0 });
  });

  it('counts a user who signs up through the API', async () => {
    const signUp = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: {
        name: 'New Debater',
        email: 'new@example.test',
        password: 'correct horse battery',
        birthMonth: '1990-01',
      },
    });
    expect(signUp.statusCode).toBe(200);
    await expectRanksMatchAFullSort();
    expect(await countUsers(t.database.db)).toBe(1);
  });
});
