/**
 * The team caps hold under bursts on both engines: the count and the insert are one step
 * (per team for joins, per person for creation), so simultaneous requests fill the cap exactly and the rest are
 * refused with a clear 409. On two instances sharing one PostgreSQL database the step holds too.
 */
import { randomBytes } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TEAM_LIMITS, type TTeam } from '@resolved/shared';
import { createTestApp, TEST_ENGINES, type TTestApp } from '../../test/harness';
import { buildUser } from '../../test/factories';
import { describeCluster } from '../../test/cluster';

/** Fills a team with `count` members straight in the database (signing 200 people up would take minutes). */
async function addFillerMembers(t: Pick<TTestApp, 'database'>, teamId: number, count: number): Promise<void> {
  const now = new Date().toISOString();
  const users = Array.from({ length: count }, (_, n) => ({
    id: `filler-${randomBytes(6).toString('hex')}-${n}`,
    displayName: `Filler ${n}`,
    email: `filler-${randomBytes(6).toString('hex')}-${n}@example.test`,
    createdAt: now,
    updatedAt: now,
  }));
  await t.database.db.insertInto('users').values(users).execute();
  await t.database.db
    .insertInto('teamMembers')
    .values(users.map((u) => ({ teamId, userId: u.id, role: 'member' as const, joinedAt: now })))
    .execute();
}

async function memberCount(t: Pick<TTestApp, 'database'>, teamId: number): Promise<number> {
  const row = await t.database.db
    .selectFrom('teamMembers')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('teamId', '=', teamId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function teamsCreatedBy(t: Pick<TTestApp, 'database'>, userId: string): Promise<number> {
  const row = await t.database.db
    .selectFrom('teams')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('createdBy', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

const BURST = 8;
/** Places left before the burst: fewer than the burst, so the old count-then-insert overshot. */
const LEFT = 3;

describe.each(TEST_ENGINES)('team caps under a burst on %s', (engine) => {
  let t: TTestApp;
  beforeEach(async () => {
    t = await createTestApp(engine);
  });
  afterEach(async () => {
    await t.close();
  });
  const post = (cookie: string, url: string, payload?: object) =>
    t.app.inject({ method: 'POST', url, headers: { cookie }, ...(payload ? { payload } : {}) });

  it('simultaneous joins fill a team to its cap and no further', async () => {
    const coach = await buildUser(t);
    const team = (await post(coach.cookie, '/api/teams', { name: 'Full House', school: 'Cap High' })).json()
      .team as TTeam;
    await addFillerMembers(t, team.id, TEAM_LIMITS.membersMax - 1 - LEFT);
    const students = await Promise.all(Array.from({ length: BURST }, () => buildUser(t)));
    const burst = await Promise.all(students.map((s) => post(s.cookie, `/api/teams/join/${team.joinCode}`)));
    const statuses = burst.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(LEFT);
    expect(statuses.filter((s) => s === 409)).toHaveLength(BURST - LEFT);
    expect(burst.find((r) => r.statusCode === 409)!.json().error.message).toBe(
      `This team is full (${TEAM_LIMITS.membersMax} members).`,
    );
    expect(await memberCount(t, team.id)).toBe(TEAM_LIMITS.membersMax);
  });

  it('simultaneous creations stop at the per-person cap', async () => {
    const coach = await buildUser(t);
    for (let n = 0; n < TEAM_LIMITS.createdPerUser - LEFT; n++) {
      expect((await post(coach.cookie, '/api/teams', { name: `Squad ${n}`, school: 'Cap High' })).statusCode).toBe(201);
    }
    const burst = await Promise.all(
      Array.from({ length: BURST }, (_, n) =>
        post(coach.cookie, '/api/teams', { name: `Burst ${n}`, school: 'Cap High' }),
      ),
    );
    const statuses = burst.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(LEFT);
    expect(statuses.filter((s) => s === 409)).toHaveLength(BURST - LEFT);
    expect(await teamsCreatedBy(t, coach.user.id)).toBe(TEAM_LIMITS.createdPerUser);
  });
});

describeCluster('team caps on two instances', ({ startInstance, asTestApp }) => {
  it('joins sent to both instances at once fill a team to its cap and no further', async () => {
    const [a, b] = [await startInstance(), await startInstance()];
    const coach = await buildUser(asTestApp(a));
    const created = await a.app.inject({
      method: 'POST',
      url: '/api/teams',
      headers: { cookie: coach.cookie },
      payload: { name: 'Two Doors', school: 'Cap High' },
    });
    const team = created.json().team as TTeam;
    await addFillerMembers(asTestApp(a), team.id, TEAM_LIMITS.membersMax - 1 - LEFT);
    const students = await Promise.all(Array.from({ length: BURST }, () => buildUser(asTestApp(a))));
    const burst = await Promise.all(
      students.map((s, n) =>
        (n % 2 ? a : b).app.inject({
          method: 'POST',
          url: `/api/teams/join/${team.joinCode}`,
          headers: { cookie: s.cookie },
        }),
      ),
    );
    expect(burst.filter((r) => r.statusCode === 200)).toHaveLength(LEFT);
    expect(await memberCount(asTestApp(a), team.id)).toBe(TEAM_LIMITS.membersMax);
  });
});
