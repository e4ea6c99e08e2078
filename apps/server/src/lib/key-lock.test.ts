/**
 * Keyed locks on PostgreSQL (SQLite has one writer, so they are no-ops there): transactions locking different keys
 * run side by side, one locking a held key waits for it; a coach's pairing (the matching lock shared) runs beside
 * another pairing and keeps a queue sweep (the matching lock exclusive) waiting.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, createTestDatabase, TEST_ENGINES, type TTestDatabase } from '../test/harness';
import { buildUser } from '../test/factories';
import { lockKeys } from './key-lock';
import { lockMatching } from '../features/matchmaking/queue.service';
import { debatesDb } from '../features/debates/rounds.service';

describe.skipIf(!TEST_ENGINES.includes('postgres'))('keyed locks on postgres', () => {
  let database: TTestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase('postgres');
  });
  afterEach(async () => database.destroy());

  /** How many advisory lock requests are waiting in this database. */
  const waiting = async (db = database.db) =>
    Number(
      (
        await sql<{ n: string }>`select count(*) as n from pg_locks
          where locktype = 'advisory' and not granted and database = (select oid from pg_database where datname = current_database())`.execute(
          db,
        )
      ).rows[0]!.n,
    );

  /** A transaction that takes its locks, says so, and holds them until released. */
  function holder(
    name: string,
    events: string[],
    lock: (trx: Parameters<typeof lockKeys>[0]) => Promise<void>,
    db = database.db,
  ) {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const done = db.transaction().execute(async (trx) => {
      await lock(trx);
      events.push(`${name} locked`);
      locked();
      await released;
      events.push(`${name} done`);
    });
    return { release, isLocked, done };
  }

  it('different keys run side by side; a held key makes the next one wait', async () => {
    const events: string[] = [];
    const first = holder('first', events, (trx) => lockKeys(trx, 'postgres', ['team:1', 'user:a', 'user:b']));
    await first.isLocked;
    const other = holder('other team', events, (trx) => lockKeys(trx, 'postgres', ['team:2', 'user:c']));
    await other.isLocked;
    const same = holder('same user', events, (trx) => lockKeys(trx, 'postgres', ['team:3', 'user:b']));
    await expect.poll(waiting).toBe(1);
    expect(events).toEqual(['first locked', 'other team locked']);
    other.release();
    first.release();
    await same.isLocked;
    same.release();
    await Promise.all([first.done, other.done, same.done]);
    expect(events).toEqual([
      'first locked',
      'other team locked',
      'other team done',
      'first done',
      'same user locked',
      'same user done',
    ]);
  });

  it('pairings share the matching lock with each other, and a sweep waits for them', async () => {
    const events: string[] = [];
    const shared = (trx: Parameters<typeof lockKeys>[0]) =>
      lockMatching(debatesDb(trx), 'postgres', { isShared: true });
    const pairingA = holder('pairing A', events, shared);
    const pairingB = holder('pairing B', events, shared);
    await Promise.all([pairingA.isLocked, pairingB.isLocked]);
    const sweep = holder('sweep', events, (trx) => lockMatching(debatesDb(trx), 'postgres'));
    await expect.poll(waiting).toBe(1);
    pairingA.release();
    pairingB.release();
    await sweep.isLocked;
    sweep.release();
    await Promise.all([pairingA.done, pairingB.done, sweep.done]);
    expect(events.indexOf('sweep locked')).toBeGreaterThan(events.indexOf('pairing B done'));
    expect(events.indexOf('sweep locked')).toBeGreaterThan(events.indexOf('pairing A done'));
  });

  it('a coach’s pairing runs beside another pairing, and waits for a member another transaction holds', async () => {
    const t = await createTestApp('postgres');
    try {
      const coach = await buildUser(t);
      const call = (url: string, payload: object, cookie = coach.cookie) =>
        t.app.inject({ method: 'POST', url, headers: { cookie }, payload });
      const team = (await call('/api/teams', { name: 'Westview', school: 'Westview High' })).json().team;
      const [ann, ben, cy, dee] = [await buildUser(t), await buildUser(t), await buildUser(t), await buildUser(t)];
      for (const m of [ann, ben, cy, dee]) await call(`/api/teams/join/${team.joinCode}`, {}, m.cookie);
      const pair = (a: string, b: string, events: string[]) =>
        call(`/api/teams/${team.id}/rounds`, {
          mode: 'manual',
          formatId: 'ld',
          pairs: [{ aUserId: a, bUserId: b }],
        }).then((res) => void events.push(`paired ${res.statusCode}`));
      /** Another pairing under way: the matching lock shared, and its own member. */
      const otherPairing = (userId: string) => (trx: Parameters<typeof lockKeys>[0]) =>
        lockMatching(debatesDb(trx), 'postgres', { isShared: true }).then(() =>
          lockKeys(trx, 'postgres', [`user:${userId}`]),
        );

      // It holds Dee: pairing Ann and Ben goes ahead meanwhile.
      const beside: string[] = [];
      const holdingDee = holder('other pairing', beside, otherPairing(dee.user.id), t.database.db);
      await holdingDee.isLocked;
      await pair(ann.user.id, ben.user.id, beside);
      holdingDee.release();
      await holdingDee.done;
      expect(beside).toEqual(['other pairing locked', 'paired 201', 'other pairing done']);

      // It holds Dee again: pairing Cy and Dee waits for it.
      const after: string[] = [];
      const holdingDeeAgain = holder('other pairing', after, otherPairing(dee.user.id), t.database.db);
      await holdingDeeAgain.isLocked;
      const waitingPair = pair(cy.user.id, dee.user.id, after);
      await expect.poll(() => waiting(t.database.db)).toBe(1);
      holdingDeeAgain.release();
      await Promise.all([holdingDeeAgain.done, waitingPair]);
      expect(after).toEqual(['other pairing locked', 'other pairing done', 'paired 201']);
    } finally {
      await t.close();
    }
  });
});
