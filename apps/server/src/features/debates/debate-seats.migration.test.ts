/** Migration 0056 seats every existing round from its two debater columns, with each one's arrival and choices. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Migrator, type Kysely } from 'kysely';
import { createTestDatabase, TEST_ENGINES, type TTestDatabase } from '../../test/harness';
import { migrationProvider } from '../../db/migrations';
import { migrateToLatest } from '../../db/database';

describe.each(TEST_ENGINES)('migration 0056 backfills debate seats on %s', (engine) => {
  let database: TTestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase(engine);
  });
  afterEach(async () => database.destroy());

  it('gives each round side A’s and side B’s debater a first seat with their arrival, consent and watch toggle', async () => {
    const migrator = new Migrator({ db: database.db, provider: migrationProvider(database.engine) });
    expect((await migrator.migrateTo('0055-sfu-rooms-outlive-rounds')).error).toBeUndefined();
    const db = database.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
    const now = new Date().toISOString();
    const flag = (value: boolean) => (engine === 'postgres' ? value : value ? 1 : 0);
    await db
      .insertInto('users')
      .values(
        ['u1', 'u2', 'u3'].map((id) => ({
          id,
          displayName: id,
          email: `${id}@example.test`,
          emailVerified: flag(false),
          createdAt: now,
          updatedAt: now,
        })),
      )
      .execute();
    const insert = async (extra: Record<string, unknown>) =>
      Number(
        (
          await db
            .insertInto('debates')
            .values({
              formatId: 'ld',
              resolution: 'R',
              topicId: null,
              status: 'live',
              clockPhase: 'idle',
              clockSpeechIndex: 0,
              clockIsPaused: 0,
              clockElapsedBeforeMs: 0,
              prepRemainingAMs: 0,
              prepRemainingBMs: 0,
              clockVersion: 0,
              createdAt: now,
              ...extra,
            })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id,
      );
    const first = await insert({
      debaterAId: 'u1',
      debaterBId: 'u2',
      debaterAJoinedAt: now,
      recordConsentB: 1,
      spectatorWatchA: 0,
      spectatorWatchB: 1,
    });
    const second = await insert({ debaterAId: 'u3', debaterBId: 'u1' });

    await migrateToLatest(database);
    const seats = await database.db.selectFrom('debateSeats').selectAll().orderBy('debateId').orderBy('side').execute();
    expect(
      seats.map((s) => [
        Number(s.debateId),
        s.side,
        Number(s.seat),
        s.position,
        s.userId,
        s.joinedAt,
        Number(s.recordConsent),
        s.spectatorWatch === null ? null : Number(s.spectatorWatch),
      ]),
    ).toEqual([
      [first, 'a', 1, null, 'u1', now, 0, 0],
      [first, 'b', 1, null, 'u2', null, 1, 1],
      [second, 'a', 1, null, 'u3', null, 0, null],
      [second, 'b', 1, null, 'u1', null, 0, null],
    ]);
  });
});
