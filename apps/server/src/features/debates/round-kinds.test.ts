/**
 * Round kinds: every round records how it came to be — the queue, a challenge link, a coach's pairing, a tournament's
 * draw — and the rules read that, not whether the round has a team. Also the backfill of migration 0029 on both
 * engines.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Migrator, sql, type Kysely } from 'kysely';
import type { TDebate, TSessionUser, TTeamRound } from '@resolved/shared';
import { createTestApp, createTestDatabase, TEST_ENGINES, type TTestApp, type TTestDatabase } from '../../test/harness';
import { buildUser } from '../../test/factories';
import { migrationProvider } from '../../db/migrations';
import { migrateToLatest } from '../../db/database';

type TCookieUser = { user: TSessionUser; cookie: string };

describe.each(TEST_ENGINES)('round kinds on %s', (engine) => {
  let t: TTestApp;
  beforeEach(async () => {
    t = await createTestApp(engine);
  });
  afterEach(async () => t.close());

  const call = (who: TCookieUser, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: who.cookie }, ...(payload ? { payload } : {}) });
  const debateOf = async (who: TCookieUser, id: number) =>
    (await call(who, 'GET', `/api/debates/${id}`)).json().debate as TDebate;

  it('a queue match is matchmade', async () => {
    const first = await buildUser(t);
    const second = await buildUser(t);
    expect((await call(first, 'POST', '/api/debates/queue', { formatId: 'ld' })).json().status).toBe('waiting');
    const matched = (await call(second, 'POST', '/api/debates/queue', { formatId: 'ld' })).json();
    expect(matched.status).toBe('matched');
    expect((await debateOf(first, matched.debateId)).kind).toBe('matchmade');
  });

  it('a round from an accepted challenge link is a challenge', async () => {
    const host = await buildUser(t);
    const friend = await buildUser(t);
    const { token } = (await call(host, 'POST', '/api/debates/challenges', { formatId: 'pf' })).json().challenge;
    const accepted = await call(friend, 'POST', `/api/debates/challenges/${token}/accept`);
    expect(accepted.statusCode).toBe(200);
    expect((await debateOf(host, accepted.json().debateId)).kind).toBe('challenge');
  });

  it('a round a coach paired is a team round', async () => {
    const coach = await buildUser(t);
    const team = (await call(coach, 'POST', '/api/teams', { name: 'Westview Debate', school: 'Westview High' })).json()
      .team;
    const [a, b] = [await buildUser(t), await buildUser(t)];
    for (const member of [a, b]) await call(member, 'POST', `/api/teams/join/${team.joinCode}`);
    const paired = await call(coach, 'POST', `/api/teams/${team.id}/rounds`, {
      mode: 'manual',
      formatId: 'ld',
      pairs: [{ aUserId: a.user.id, bUserId: b.user.id }],
    });
    expect(paired.statusCode).toBe(201);
    const [round] = paired.json().rounds as TTeamRound[];
    const debate = await debateOf(a, round!.debateId);
    expect(debate.kind).toBe('team');
    // The rules read the kind: a debater of a team round cannot invite a judge by link.
    const invite = await call(a, 'POST', `/api/debates/${debate.id}/judge-invites`);
    expect(invite.json().error?.reason).toBe('not_team_judge');
  });

  it('a round a tournament’s draw opened is a tournament round', async () => {
    const admin = await buildUser(t, { role: 'admin' });
    const tournament = (
      await call(admin, 'POST', '/api/tournaments', {
        name: 'Kinds Open',
        formatId: 'parli',
        prelimRounds: 1,
        breakSize: 0,
        scheduleMode: 'fixed',
        entryMode: 'open',
      })
    ).json().tournament;
    const [a, b] = [await buildUser(t), await buildUser(t)];
    for (const entrant of [a, b]) await call(entrant, 'POST', `/api/tournaments/${tournament.id}/entrants`, {});
    const released = await call(admin, 'POST', `/api/tournaments/${tournament.id}/rounds/1/release`);
    expect(released.statusCode).toBe(201);
    const debateId = released.json().round.pairings[0].debateId as number;
    expect(await debateOf(a, debateId)).toMatchObject({ kind: 'tournament', formatId: 'parli', team: null });
    // Its hosts seat the judge: a debater does not invite one by link, and nobody takes the free seat themselves.
    const invite = await call(a, 'POST', `/api/debates/${debateId}/judge-invites`);
    expect(invite.statusCode).toBe(403);
    expect(invite.json().error).toMatchObject({
      reason: 'tournament_judge',
      message: 'A tournament’s hosts seat its judges from the judge pool: ask them.',
    });
    const passerBy = await buildUser(t);
    const seat = await call(passerBy, 'POST', `/api/debates/${debateId}/judge`, {});
    expect(seat.statusCode).toBe(403);
    expect(seat.json().error.reason).toBe('tournament_judge');
    expect((await debateOf(a, debateId)).judge).toBeNull();
    // A debater may still resign it (the other side wins), as any round.
    expect((await call(a, 'POST', `/api/debates/${debateId}/forfeit`)).statusCode).toBe(200);
    expect((await debateOf(a, debateId)).status).toBe('forfeited');
  });

  it('a team round stays one when its team row is gone (the team id is no longer what decides)', async () => {
    const coach = await buildUser(t);
    const team = (await call(coach, 'POST', '/api/teams', { name: 'Gone Debate', school: 'Westview High' })).json()
      .team;
    const [a, b] = [await buildUser(t), await buildUser(t)];
    for (const member of [a, b]) await call(member, 'POST', `/api/teams/join/${team.joinCode}`);
    const paired = await call(coach, 'POST', `/api/teams/${team.id}/rounds`, {
      mode: 'manual',
      formatId: 'ld',
      pairs: [{ aUserId: a.user.id, bUserId: b.user.id }],
    });
    const debateId = (paired.json().rounds as TTeamRound[])[0]!.debateId;
    // What the schema does when a team row goes (debates.teamId is `on delete set null`).
    await t.database.db.updateTable('debates').set({ teamId: null }).where('id', '=', debateId).execute();
    const debate = await debateOf(a, debateId);
    expect(debate).toMatchObject({ kind: 'team', team: null });
    expect((await call(a, 'POST', `/api/debates/${debateId}/judge-invites`)).json().error?.reason).toBe(
      'not_team_judge',
    );
  });
});

describe.each(TEST_ENGINES)('migration 0029 backfills round kinds on %s', (engine) => {
  let database: TTestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase(engine);
  });
  afterEach(async () => database.destroy());

  it('names team rounds, challenge rounds and the rest matchmade', async () => {
    const migrator = new Migrator({ db: database.db, provider: migrationProvider(database.engine) });
    const before = await migrator.migrateTo('0028-round-not-counted');
    expect(before.error).toBeUndefined();
    const db = database.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
    const now = new Date().toISOString();
    const flag = (value: boolean) => (engine === 'postgres' ? value : value ? 1 : 0);
    await db
      .insertInto('users')
      .values(
        ['u1', 'u2', 'coach'].map((id) => ({
          id,
          displayName: id,
          email: `${id}@example.test`,
          emailVerified: flag(false),
          createdAt: now,
          updatedAt: now,
        })),
      )
      .execute();
    await sql`INSERT INTO "teams" ("name", "school", "createdAt") VALUES ('Westview', '', ${now})`.execute(db);
    const teamId = Number((await sql<{ id: number }>`SELECT "id" FROM "teams"`.execute(db)).rows[0]!.id);
    const debate = (extra: Record<string, unknown>) => ({
      formatId: 'ld',
      resolution: 'R',
      topicId: null,
      status: 'completed',
      debaterAId: 'u1',
      debaterBId: 'u2',
      clockPhase: 'finished',
      clockSpeechIndex: 0,
      clockIsPaused: 0,
      clockElapsedBeforeMs: 0,
      prepRemainingAMs: 0,
      prepRemainingBMs: 0,
      clockVersion: 0,
      createdAt: now,
      ...extra,
    });
    const insert = async (extra: Record<string, unknown>) =>
      Number((await db.insertInto('debates').values(debate(extra)).returning('id').executeTakeFirstOrThrow()).id);
    const matchmade = await insert({});
    const challenge = await insert({});
    const team = await insert({ teamId });
    // A team round whose team was deleted (teamId set null) but that was scheduled, or cancelled by the coach.
    const scheduledOrphan = await insert({ startsAt: now });
    const cancelledOrphan = await insert({ cancelledAt: now, status: 'abandoned' });
    await db
      .insertInto('debateChallenges')
      .values([
        { token: 'used', userId: 'u1', formatId: 'ld', debateId: challenge, createdAt: now },
        { token: 'open', userId: 'u1', formatId: 'ld', debateId: null, createdAt: now },
      ])
      .execute();

    await migrateToLatest(database);
    const rows = await database.db.selectFrom('debates').select(['id', 'kind']).orderBy('id').execute();
    expect(Object.fromEntries(rows.map((r) => [Number(r.id), r.kind]))).toEqual({
      [matchmade]: 'matchmade',
      [challenge]: 'challenge',
      [team]: 'team',
      [scheduledOrphan]: 'team',
      [cancelledOrphan]: 'team',
    });
  });
});
