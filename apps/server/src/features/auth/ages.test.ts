/**
 * Age, asked neutrally, on both engines: the month of birth is required at sign-up and asked of
 * accounts that have none; under 13 signs up only through a team's join link, as a team-managed account limited to
 * its teams; only admins change a month once set and name verified judges, both logged.
 */
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BIRTH_MONTH_MESSAGES, REFUSALS, type TSessionUser } from '@resolved/shared';
import { createTestApp, TEST_ENGINES, type TTestApp } from '../../test/harness';
import { buildUser, cookieHeaderFrom, DEFAULT_TEST_PASSWORD } from '../../test/factories';
import { ask, connectClient, listenOnFreePort } from '../chat/chat-test-client';

type TWho = { user: TSessionUser; cookie: string };

/** A month that makes someone `years` old now (born in January, so the birthday of this year has passed by February). */
function monthAged(years: number): string {
  const now = new Date();
  // January birthdays are past from February on; in January itself, one year more keeps the age.
  const year = now.getUTCFullYear() - years - (now.getUTCMonth() === 0 ? 1 : 0);
  return `${year}-01`;
}

describe.each(TEST_ENGINES)('ages on %s', (engine) => {
  let t: TTestApp;
  beforeEach(async () => {
    t = await createTestApp(engine);
  });
  afterEach(async () => t.close());

  const send = (who: TWho | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: who ? { cookie: who.cookie } : {}, ...(payload ? { payload } : {}) });
  const signUp = (payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/auth/sign-up/email', payload });
  const userRow = (email: string) =>
    t.database.db
      .selectFrom('users')
      .select(['id', 'birthMonth', 'isTeamManaged', 'managedBy'])
      .where('email', '=', email)
      .executeTakeFirst();
  const sessionOf = async (cookie: string) =>
    (await t.app.inject({ method: 'GET', url: '/api/session', headers: { cookie } })).json<{ user: TSessionUser }>()
      .user;

  async function teamOf(coach: TWho) {
    const res = await send(coach, 'POST', '/api/teams', { name: 'Northside Debate', school: 'Northside Middle' });
    expect(res.statusCode).toBe(201);
    return res.json<{ team: { id: number; joinCode: string } }>().team;
  }

  it('requires a real month of birth at sign-up: missing, impossible, future or 120+ is a 400 with its message', async () => {
    const base = { name: 'Someone', email: 'someone@example.test', password: DEFAULT_TEST_PASSWORD };
    const nextMonth = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth() + 1, 1));
    const cases: [unknown, string][] = [
      [undefined, BIRTH_MONTH_MESSAGES.required],
      ['', BIRTH_MONTH_MESSAGES.required],
      ['2010-00', BIRTH_MONTH_MESSAGES.invalid],
      ['2010-13', BIRTH_MONTH_MESSAGES.invalid],
      ['10/2010', BIRTH_MONTH_MESSAGES.invalid],
      [
        `${nextMonth.getUTCFullYear()}-${String(nextMonth.getUTCMonth() + 1).padStart(2, '0')}`,
        BIRTH_MONTH_MESSAGES.future,
      ],
      [`${new Date().getUTCFullYear() - 130}-01`, BIRTH_MONTH_MESSAGES.tooOld],
    ];
    for (const [birthMonth, message] of cases) {
      const res = await signUp({ ...base, ...(birthMonth === undefined ? {} : { birthMonth }) });
      expect(res.statusCode, String(birthMonth)).toBe(400);
      expect(res.json().error.message).toContain(message);
    }
    expect(await userRow(base.email)).toBeUndefined();
  });

  it('refuses a direct sign-up under 13 with the coach message, storing nothing', async () => {
    const res = await signUp({
      name: 'Young One',
      email: 'young@example.test',
      password: DEFAULT_TEST_PASSWORD,
      birthMonth: monthAged(12),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatchObject({ reason: 'under_13', message: REFUSALS.under_13.message });
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(await userRow('young@example.test')).toBeUndefined();
  });

  it('signs up under 13 through a join link as team-managed by the coach who owns it, on the team at once', async () => {
    const coach = await buildUser(t, { displayName: 'Coach Rivera' });
    const team = await teamOf(coach);
    const res = await signUp({
      name: 'Young One',
      email: 'young@example.test',
      password: DEFAULT_TEST_PASSWORD,
      birthMonth: monthAged(12),
      joinCode: team.joinCode,
    });
    expect(res.statusCode).toBe(200);
    const row = await userRow('young@example.test');
    expect(row).toMatchObject({ birthMonth: monthAged(12), managedBy: coach.user.id });
    expect(Boolean(row?.isTeamManaged)).toBe(true);
    const cookie = cookieHeaderFrom(res.headers['set-cookie']);
    expect(await sessionOf(cookie)).toMatchObject({ ageBand: 'child', isTeamManaged: true });
    const teams = (await send({ user: {} as TSessionUser, cookie }, 'GET', '/api/teams')).json().teams;
    expect(teams.map((x: { id: number }) => x.id)).toEqual([team.id]);
  });

  it('joins an adult through a join link too, without making the account team-managed', async () => {
    const coach = await buildUser(t);
    const team = await teamOf(coach);
    const res = await signUp({
      name: 'Grown Up',
      email: 'grown@example.test',
      password: DEFAULT_TEST_PASSWORD,
      birthMonth: '1995-04',
      joinCode: team.joinCode,
    });
    expect(res.statusCode).toBe(200);
    expect(Boolean((await userRow('grown@example.test'))?.isTeamManaged)).toBe(false);
    const cookie = cookieHeaderFrom(res.headers['set-cookie']);
    expect((await send({ user: {} as TSessionUser, cookie }, 'GET', '/api/teams')).json().teams).toHaveLength(1);
  });

  it('refuses an under-13 sign-up through a join link that is switched off or wrong, storing nothing', async () => {
    const coach = await buildUser(t);
    const team = await teamOf(coach);
    expect((await send(coach, 'POST', `/api/teams/${team.id}/join-code`, { enabled: false })).statusCode).toBe(200);
    const off = await signUp({
      name: 'Young One',
      email: 'young@example.test',
      password: DEFAULT_TEST_PASSWORD,
      birthMonth: monthAged(11),
      joinCode: team.joinCode,
    });
    expect(off.statusCode).toBe(403);
    expect(off.json().error.reason).toBe('join_code_off');
    const wrong = await signUp({
      name: 'Young One',
      email: 'young@example.test',
      password: DEFAULT_TEST_PASSWORD,
      birthMonth: monthAged(11),
      joinCode: 'ZZZZZZZZ',
    });
    expect([400, 404]).toContain(wrong.statusCode);
    expect(await userRow('young@example.test')).toBeUndefined();
  });

  it('refuses an under-13 sign-up through the link of a team that has no coach left, storing nothing', async () => {
    const coach = await buildUser(t);
    const team = await teamOf(coach);
    // The coach's account is gone (deleted); the team and its link stay, with no one responsible for a child.
    await t.database.db.deleteFrom('users').where('id', '=', coach.user.id).execute();
    const child = {
      name: 'Young One',
      email: 'young@example.test',
      password: DEFAULT_TEST_PASSWORD,
      birthMonth: monthAged(11),
      joinCode: team.joinCode,
    };
    const refused = await signUp(child);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({
      reason: 'team_no_coach',
      message: 'This team has no coach right now, so it cannot take new accounts under 13.',
    });
    expect(await userRow('young@example.test')).toBeUndefined();
    // Someone 13 or over still joins it through the same link.
    const teen = await signUp({ ...child, email: 'teen@example.test', birthMonth: monthAged(15) });
    expect(teen.statusCode).toBe(200);
  });

  it('asks an account without a month once: PUT sets it while unset, then only an admin may change it', async () => {
    const old = await buildUser(t, { birthMonth: null });
    expect((await sessionOf(old.cookie)).ageBand).toBeUndefined();
    expect((await send(old, 'GET', '/api/users/me/birth-month')).json()).toEqual({ birthMonth: null });

    const bad = await send(old, 'PUT', '/api/users/me/birth-month', { birthMonth: '2031-02' });
    expect(bad.statusCode).toBe(400);
    const set = await send(old, 'PUT', '/api/users/me/birth-month', { birthMonth: '2009-03' });
    expect(set.statusCode).toBe(200);
    expect(set.json().user).toMatchObject({ id: old.user.id, ageBand: 'minor' });
    expect(set.json().user).not.toHaveProperty('birthMonth');
    expect((await send(old, 'GET', '/api/users/me/birth-month')).json()).toEqual({ birthMonth: '2009-03' });

    const again = await send(old, 'PUT', '/api/users/me/birth-month', { birthMonth: '1980-03' });
    expect(again.statusCode).toBe(403);
    expect(again.json().error).toMatchObject({ reason: 'birth_month_set', message: REFUSALS.birth_month_set.message });
    expect((await userRow(old.user.email))?.birthMonth).toBe('2009-03');
  });

  it('refuses the doors that depend on age until the month is given (age_required)', async () => {
    const old = await buildUser(t, { birthMonth: null });
    const other = await buildUser(t);
    const expectAgeRequired = (res: { statusCode: number; json: () => { error: { reason?: string } } }) => {
      expect(res.statusCode).toBe(403);
      expect(res.json().error.reason).toBe('age_required');
    };
    expectAgeRequired(await send(old, 'POST', '/api/debates/queue', { formatId: 'ld' }));
    expectAgeRequired(await send(old, 'POST', '/api/debates/challenges', { formatId: 'ld' }));
    const { challenge } = (await send(other, 'POST', '/api/debates/challenges', { formatId: 'ld' })).json();
    expectAgeRequired(await send(old, 'POST', `/api/debates/challenges/${challenge.token}/accept`));
    expectAgeRequired(await send(old, 'GET', '/api/chat/messages'));
    // A live round between two others: the judge's seat.
    const third = await buildUser(t);
    const { challenge: c2 } = (await send(other, 'POST', '/api/debates/challenges', { formatId: 'ld' })).json();
    const { debateId } = (await send(third, 'POST', `/api/debates/challenges/${c2.token}/accept`)).json();
    expectAgeRequired(await send(old, 'POST', `/api/debates/${debateId}/judge`));

    const baseUrl = await listenOnFreePort(t.app);
    const socket = await connectClient(baseUrl, old.cookie);
    try {
      const joined = await ask(socket, 'chat.join', {});
      expect(joined).toMatchObject({ ok: false, error: { reason: 'age_required' } });
      const sent = await ask(socket, 'message.send', { text: 'hello', clientId: randomUUID() });
      expect(sent).toMatchObject({ ok: false, error: { reason: 'age_required' } });
    } finally {
      socket.disconnect();
    }

    // Once given, the doors open.
    expect((await send(old, 'PUT', '/api/users/me/birth-month', { birthMonth: '1990-06' })).statusCode).toBe(200);
    expect((await send(old, 'GET', '/api/chat/messages')).statusCode).toBe(200);
  });

  it('keeps a team-managed account to its team: no queue, challenges, chat, outside judging or public profile', async () => {
    const coach = await buildUser(t);
    const child = await buildUser(t, { birthMonth: monthAged(12), teamManagedBy: coach.user.id });
    const stranger = await buildUser(t);
    expect(child.user).toMatchObject({ ageBand: 'child', isTeamManaged: true });
    const expectTeamManaged = (res: { statusCode: number; json: () => { error: { reason?: string } } }) => {
      expect(res.statusCode).toBe(403);
      expect(res.json().error.reason).toBe('team_managed');
    };
    expectTeamManaged(await send(child, 'POST', '/api/debates/queue', { formatId: 'ld' }));
    expectTeamManaged(await send(child, 'POST', '/api/debates/challenges', { formatId: 'ld' }));
    const { challenge } = (await send(stranger, 'POST', '/api/debates/challenges', { formatId: 'ld' })).json();
    expectTeamManaged(await send(child, 'POST', `/api/debates/challenges/${challenge.token}/accept`));
    expectTeamManaged(await send(child, 'GET', '/api/chat/messages'));
    const other = await buildUser(t);
    const { debateId } = (await send(other, 'POST', `/api/debates/challenges/${challenge.token}/accept`)).json();
    expectTeamManaged(await send(child, 'POST', `/api/debates/${debateId}/judge`));

    const baseUrl = await listenOnFreePort(t.app);
    const socket = await connectClient(baseUrl, child.cookie);
    try {
      expect(await ask(socket, 'chat.join', {})).toMatchObject({ ok: false, error: { reason: 'team_managed' } });
    } finally {
      socket.disconnect();
    }

    // No public profile: others get 404, the account itself its own; the leaderboard does not link it.
    expect((await send(stranger, 'GET', `/api/users/${child.user.id}`)).statusCode).toBe(404);
    expect((await send(stranger, 'GET', `/api/users/${child.user.id}/debates`)).statusCode).toBe(404);
    expect((await send(child, 'GET', `/api/users/${child.user.id}`)).statusCode).toBe(200);
    const entries = (await send(null, 'GET', '/api/leaderboard')).json().entries as {
      id: string;
      hasNoProfile?: true;
    }[];
    expect(entries.find((e) => e.id === child.user.id)?.hasNoProfile).toBe(true);
    expect(entries.find((e) => e.id === stranger.user.id)).not.toHaveProperty('hasNoProfile');

    // It cannot change its own month either.
    expect((await send(child, 'PUT', '/api/users/me/birth-month', { birthMonth: '1990-01' })).statusCode).toBe(403);
  });

  it('drops the leaderboard’s “no profile” mark when a child turns 13, though nothing in the table changed', async () => {
    // The last day of a month: someone born in this month of 13 years ago is 12 today and 13 tomorrow.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(new Date('2026-11-30T23:00:00Z'));
      const child = await buildUser(t, { birthMonth: '2013-11' });
      expect(child.user.ageBand).toBe('child');
      const rowOf = async () =>
        ((await send(null, 'GET', '/api/leaderboard')).json().entries as { id: string; hasNoProfile?: true }[]).find(
          (e) => e.id === child.user.id,
        );
      expect((await rowOf())?.hasNoProfile).toBe(true);
      vi.setSystemTime(new Date('2026-12-01T00:30:00Z'));
      expect(await rowOf()).not.toHaveProperty('hasNoProfile');
    } finally {
      vi.useRealTimers();
    }
  });

  it('lets a team-managed account leave a team only while it has another; its coach may remove it', async () => {
    const coach = await buildUser(t);
    const first = await teamOf(coach);
    const second = await teamOf(coach);
    const child = await buildUser(t, { birthMonth: monthAged(12), teamManagedBy: coach.user.id });
    // Each join waits for the coach's approval (a child joining; then a team with a child on it).
    const joinApproved = async (who: TWho, team: { id: number; joinCode: string }) => {
      expect((await send(who, 'POST', `/api/teams/join/${team.joinCode}`)).json().isPending).toBe(true);
      const approved = await send(coach, 'POST', `/api/teams/${team.id}/members/${who.user.id}/approve`);
      expect(approved.statusCode).toBe(200);
    };
    for (const team of [first, second]) await joinApproved(child, team);
    // Its profile is the team's, not the public's: its coach, a teammate and staff see it (name and record only).
    const teammate = await buildUser(t);
    await joinApproved(teammate, second);
    const moderator = await buildUser(t, { role: 'moderator' });
    for (const viewer of [coach, teammate, moderator]) {
      const profile = await send(viewer, 'GET', `/api/users/${child.user.id}`);
      expect(profile.statusCode).toBe(200);
      expect(profile.json().profile).toMatchObject({ isLimited: true, score: null });
      expect((await send(viewer, 'GET', `/api/users/${child.user.id}/debates`)).statusCode).toBe(200);
    }
    expect((await send(await buildUser(t), 'GET', `/api/users/${child.user.id}`)).statusCode).toBe(404);
    expect((await send(child, 'DELETE', `/api/teams/${first.id}/members/${child.user.id}`)).statusCode).toBe(204);
    const last = await send(child, 'DELETE', `/api/teams/${second.id}/members/${child.user.id}`);
    expect(last.statusCode).toBe(403);
    expect(last.json().error.reason).toBe('team_managed');
    expect((await send(coach, 'DELETE', `/api/teams/${second.id}/members/${child.user.id}`)).statusCode).toBe(204);
  });

  it('makes an under-13 account that signed up another way team-managed when it joins through a link', async () => {
    const coach = await buildUser(t);
    const team = await teamOf(coach);
    const late = await buildUser(t, { birthMonth: null });
    expect((await send(late, 'PUT', '/api/users/me/birth-month', { birthMonth: monthAged(12) })).statusCode).toBe(200);
    // Under 13 and not yet on a team: held to the team limits already.
    expect((await send(late, 'POST', '/api/debates/queue', { formatId: 'ld' })).json().error.reason).toBe(
      'team_managed',
    );
    expect((await send(late, 'POST', `/api/teams/join/${team.joinCode}`)).statusCode).toBe(200);
    const row = await userRow(late.user.email);
    expect(Boolean(row?.isTeamManaged)).toBe(true);
    expect(row?.managedBy).toBe(coach.user.id);
  });

  it('an admin’s change of a month of birth pairs at once two who wait and may now meet', async () => {
    const admin = await buildUser(t, { role: 'admin' });
    const teen = await buildUser(t, { birthMonth: monthAged(16) });
    const adult = await buildUser(t, { birthMonth: monthAged(30) });
    for (const who of [teen, adult]) {
      expect((await send(who, 'POST', '/api/debates/queue', { formatId: 'ld' })).json().status).toBe('waiting');
    }
    // The month was mistyped: the "teen" is an adult, and meets the adult waiting without queueing again.
    const changed = await send(admin, 'PUT', `/api/users/${teen.user.id}/birth-month`, { birthMonth: monthAged(25) });
    expect(changed.statusCode).toBe(200);
    const [teenQueue, adultQueue] = await Promise.all(
      [teen, adult].map(async (who) => (await send(who, 'GET', '/api/debates/queue')).json().queue),
    );
    expect(teenQueue).toMatchObject({ waiting: null, activeDebateId: expect.any(Number) });
    expect(adultQueue.activeDebateId).toBe(teenQueue.activeDebateId);
  });

  it('lets admins change a month of birth and grant or revoke verified judge, each logged; no one else', async () => {
    const admin = await buildUser(t, { role: 'admin', displayName: 'Admin Ada' });
    const person = await buildUser(t, { displayName: 'Volunteer Judge' });
    const moderator = await buildUser(t, { role: 'moderator' });
    expect(
      (await send(person, 'PUT', `/api/users/${person.user.id}/birth-month`, { birthMonth: '2000-01' })).statusCode,
    ).toBe(403);
    expect(
      (await send(moderator, 'PUT', `/api/users/${person.user.id}/verified-judge`, { isVerifiedJudge: true }))
        .statusCode,
    ).toBe(403);

    const bad = await send(admin, 'PUT', `/api/users/${person.user.id}/birth-month`, { birthMonth: '1850-01' });
    expect(bad.statusCode).toBe(400);
    expect((await send(admin, 'PUT', '/api/users/nobody/verified-judge', { isVerifiedJudge: true })).statusCode).toBe(
      404,
    );
    expect(
      (await send(admin, 'PUT', `/api/users/${person.user.id}/verified-judge`, { isVerifiedJudge: 'yes' })).statusCode,
    ).toBe(400);

    expect(
      (await send(admin, 'PUT', `/api/users/${person.user.id}/birth-month`, { birthMonth: '2009-07' })).statusCode,
    ).toBe(200);
    expect((await sessionOf(person.cookie)).ageBand).toBe('minor');
    expect(
      (await send(admin, 'PUT', `/api/users/${person.user.id}/verified-judge`, { isVerifiedJudge: true })).statusCode,
    ).toBe(200);
    expect((await sessionOf(person.cookie)).isVerifiedJudge).toBe(true);
    const listed = (await send(admin, 'GET', '/api/users'))
      .json()
      .users.find((u: { id: string }) => u.id === person.user.id);
    expect(listed).toMatchObject({ birthMonth: '2009-07', isVerifiedJudge: true, isTeamManaged: false });
    expect(
      (await send(admin, 'PUT', `/api/users/${person.user.id}/verified-judge`, { isVerifiedJudge: false })).statusCode,
    ).toBe(200);
    expect((await sessionOf(person.cookie)).isVerifiedJudge).toBeUndefined();

    const log = (await send(admin, 'GET', `/api/moderation/log?targetId=${person.user.id}`)).json();
    const entries = (Array.isArray(log) ? log : log.entries) as { action: string; reason: string }[];
    expect(entries.map((e) => e.action).sort()).toEqual([
      'grant_verified_judge',
      'revoke_verified_judge',
      'set_birth_month',
    ]);
    // The log says what changed, never the month itself.
    expect(JSON.stringify(entries)).not.toContain('2009');
  });

  it('never shows the month of birth to others, and includes it in the account’s own data', async () => {
    const me = await buildUser(t, { birthMonth: '2008-11' });
    const other = await buildUser(t);
    const profile = await send(other, 'GET', `/api/users/${me.user.id}`);
    expect(profile.body).not.toContain('2008-11');
    expect((await send(null, 'GET', '/api/leaderboard')).body).not.toContain('2008-11');
    const data = (await send(me, 'GET', '/api/users/me/export')).json();
    expect(data.account).toMatchObject({ birthMonth: '2008-11', isTeamManaged: false });
  });
});
