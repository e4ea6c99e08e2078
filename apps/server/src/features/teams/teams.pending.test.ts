/**
 * Pending team members through the real API on both engines: joining a team with anyone under 18
 * (or whose coach asks for it) waits for a coach's approval, and until then the one waiting is no teammate — not
 * matched across ages with the team's minors, no team-managed child's profile, no team rounds, not paired, not a
 * coach of anyone's team; only the team's coaches approve or decline, and say clearly when there is nothing to do.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TDebate, TSessionUser, TTeam } from '@resolved/shared';
import { createTestApp, TEST_ENGINES, type TTestApp } from '../../test/harness';
import { buildUser, cookieHeaderFrom, DEFAULT_TEST_PASSWORD } from '../../test/factories';
import type { TDomainEvent } from '../../lib/events';

type TCookieUser = { user: TSessionUser; cookie: string };

/** Months of birth by age now (the birthday counted at the month's end, as the app does). */
function bornYearsAgo(years: number): string {
  const now = new Date();
  return `${now.getUTCFullYear() - years - 1}-${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
}

describe.each(TEST_ENGINES)('pending team members on %s', (engine) => {
  let t: TTestApp;
  let events: TDomainEvent[];
  beforeEach(async () => {
    t = await createTestApp(engine);
    events = [];
    t.app.context.events.subscribe((e) => events.push(e));
  });
  afterEach(async () => t.close());

  const call = (who: TCookieUser | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: who ? { cookie: who.cookie } : {}, ...(payload ? { payload } : {}) });
  const queue = (who: TCookieUser) => call(who, 'POST', '/api/debates/queue', { formatId: 'ld' });
  const teamAs = async (who: TCookieUser, teamId: number) =>
    (await call(who, 'GET', `/api/teams/${teamId}`)).json().team as TTeam;
  const approve = (coach: TCookieUser, teamId: number, who: TCookieUser) =>
    call(coach, 'POST', `/api/teams/${teamId}/members/${who.user.id}/approve`);
  const decline = (coach: TCookieUser, teamId: number, who: TCookieUser) =>
    call(coach, 'POST', `/api/teams/${teamId}/members/${who.user.id}/decline`);

  async function newTeam(coach: TCookieUser): Promise<{ id: number; joinCode: string }> {
    const res = await call(coach, 'POST', '/api/teams', { name: 'Northside', school: 'Northside High' });
    expect(res.statusCode).toBe(201);
    return res.json().team;
  }

  /** A coach's team with a 15-year-old on it (approved) and an under-13 account the coach manages (approved). */
  async function teamWithMinors() {
    const coach = await buildUser(t, { displayName: 'Coach Cy' });
    const team = await newTeam(coach);
    const teen = await buildUser(t, { displayName: 'Tia', birthMonth: bornYearsAgo(15) });
    const child = await buildUser(t, {
      displayName: 'Kit',
      birthMonth: bornYearsAgo(11),
      teamManagedBy: coach.user.id,
    });
    for (const student of [teen, child]) {
      const joined = await call(student, 'POST', `/api/teams/join/${team.joinCode}`);
      // A student under 18 joining waits for the coach too: the coach decides who the team's minors meet.
      expect(joined.json()).toMatchObject({ isNewMember: true, isPending: true });
      expect((await approve(coach, team.id, student)).statusCode).toBe(200);
    }
    return { coach, team, teen, child };
  }

  it('an adult joining by code a team with minors waits: no match, no child’s profile, no pairing; approved, matched', async () => {
    const { coach, team, teen, child } = await teamWithMinors();
    const stranger = await buildUser(t, { displayName: 'Stranger Sam', birthMonth: bornYearsAgo(30) });
    events.length = 0;
    const joined = await call(stranger, 'POST', `/api/teams/join/${team.joinCode}`);
    expect(joined.statusCode).toBe(200);
    expect(joined.json()).toEqual({ teamId: team.id, teamName: 'Northside', isNewMember: true, isPending: true });
    // The coach is told at once; the team's members hear nothing of someone who is not on it.
    expect(events).toContainEqual({
      name: 'team.join_requested',
      room: `user:${coach.user.id}`,
      payload: { teamId: team.id, teamName: 'Northside', userId: stranger.user.id, displayName: 'Stranger Sam' },
    });
    expect(events.some((e) => e.room === `user:${teen.user.id}`)).toBe(false);

    // What the one waiting sees: the team's name and that they wait; nothing of its members or rounds.
    expect(await teamAs(stranger, team.id)).toEqual({ id: team.id, name: 'Northside', myRole: null, isPending: true });
    expect((await call(stranger, 'GET', '/api/teams')).json().teams).toEqual([
      { id: team.id, name: 'Northside', school: 'Northside High', myRole: null, memberCount: 3, isPending: true },
    ]);
    expect((await call(stranger, 'GET', `/api/teams/${team.id}/rounds`)).statusCode).toBe(403);
    // The coach sees them waiting, apart from the roster.
    const coachView = await teamAs(coach, team.id);
    expect(coachView.pendingMembers.map((p) => p.displayName)).toEqual(['Stranger Sam']);
    expect(coachView.members.map((m) => m.displayName)).not.toContain('Stranger Sam');
    expect(coachView.memberCount).toBe(3);
    expect(coachView.joinApproval).toEqual({ isRequired: false, isForced: true });
    // A member of the team does not see who waits.
    expect((await teamAs(teen, team.id)).pendingMembers).toEqual([]);

    // Not the team's minor's teammate in the queue: both wait.
    expect((await queue(teen)).json().status).toBe('waiting');
    expect((await queue(stranger)).json().status).toBe('waiting');
    // Not the team-managed child's teammate either: its profile does not exist for them.
    expect((await call(stranger, 'GET', `/api/users/${child.user.id}`)).statusCode).toBe(404);
    // And the coach cannot pair them.
    const paired = await call(coach, 'POST', `/api/teams/${team.id}/rounds`, {
      mode: 'manual',
      formatId: 'pf',
      pairs: [{ aUserId: stranger.user.id, bUserId: teen.user.id }],
    });
    expect(paired.statusCode).toBe(400);
    expect(paired.json().error).toMatchObject({ reason: 'not_team_member' });

    // Approved: a member, told so, and a teammate everywhere.
    events.length = 0;
    const approved = await approve(coach, team.id, stranger);
    expect(approved.statusCode).toBe(200);
    expect((approved.json().team as TTeam).pendingMembers).toEqual([]);
    expect(events.some((e) => e.name === 'team.changed' && e.room === `user:${stranger.user.id}`)).toBe(true);
    expect(await teamAs(stranger, team.id)).toMatchObject({ myRole: 'member', isPending: false, memberCount: 4 });
    expect((await call(stranger, 'GET', `/api/users/${child.user.id}`)).statusCode).toBe(200);
    // The approval pairs the two still waiting at once, without either queueing again: both are told, and both are
    // in the round.
    const matchedTo = (who: TCookieUser) =>
      events.find((e) => e.name === 'debate.matched' && e.room === `user:${who.user.id}`)?.payload;
    const told = matchedTo(stranger) as { debateId: number } | undefined;
    expect(told).toBeDefined();
    expect(matchedTo(teen)).toEqual(told);
    for (const who of [stranger, teen]) {
      expect((await call(who, 'GET', '/api/debates/queue')).json().queue).toMatchObject({
        waiting: null,
        activeDebateId: told!.debateId,
      });
    }
    const round = (await call(teen, 'GET', `/api/debates/${told!.debateId}`)).json().debate as TDebate;
    expect(new Set([round.debaters.a.userId, round.debaters.b.userId])).toEqual(
      new Set([teen.user.id, stranger.user.id]),
    );
  });

  it('a student waiting for approval has no coach yet: the team’s coach is not among their minor round’s coaches', async () => {
    const coach = await buildUser(t, { displayName: 'Coach Dee' });
    const team = await newTeam(coach);
    const [teen, other] = [
      await buildUser(t, { birthMonth: bornYearsAgo(15) }),
      await buildUser(t, { birthMonth: bornYearsAgo(16) }),
    ];
    expect((await call(teen, 'POST', `/api/teams/join/${team.joinCode}`)).json().isPending).toBe(true);
    const { challenge } = (await call(teen, 'POST', '/api/debates/challenges', { formatId: 'ld' })).json();
    const accepted = await call(other, 'POST', `/api/debates/challenges/${challenge.token}/accept`);
    const debateId = accepted.json().debateId as number;
    const debateOf = async () => (await call(teen, 'GET', `/api/debates/${debateId}`)).json().debate as TDebate;
    expect((await debateOf()).minors).toEqual({ hasMinor: true, coachIds: [] });
    expect((await approve(coach, team.id, teen)).statusCode).toBe(200);
    expect((await debateOf()).minors).toEqual({ hasMinor: true, coachIds: [coach.user.id] });
  });

  it('decline removes the pending join: off the coach’s list and the student’s teams, free to ask again', async () => {
    const { coach, team } = await teamWithMinors();
    const adult = await buildUser(t, { displayName: 'Asker' });
    expect((await call(adult, 'POST', `/api/teams/join/${team.joinCode}`)).json().isPending).toBe(true);
    events.length = 0;
    const declined = await decline(coach, team.id, adult);
    expect(declined.statusCode).toBe(200);
    expect((declined.json().team as TTeam).pendingMembers).toEqual([]);
    expect(events.some((e) => e.name === 'team.changed' && e.room === `user:${adult.user.id}`)).toBe(true);
    expect((await call(adult, 'GET', '/api/teams')).json().teams).toEqual([]);
    expect(await teamAs(adult, team.id)).toEqual({ id: team.id, name: 'Northside', myRole: null, isPending: false });
    const row = await t.database.db
      .selectFrom('teamMembers')
      .select('userId')
      .where('teamId', '=', team.id)
      .where('userId', '=', adult.user.id)
      .executeTakeFirst();
    expect(row).toBeUndefined();
    // Asking again waits again.
    expect((await call(adult, 'POST', `/api/teams/join/${team.joinCode}`)).json()).toMatchObject({
      isNewMember: true,
      isPending: true,
    });
  });

  it('only a coach of that team approves or declines; anyone else gets a JSON 403 (or 401), nothing changes', async () => {
    const { coach, team, teen } = await teamWithMinors();
    const waiting = await buildUser(t, { displayName: 'Waiting Wren' });
    await call(waiting, 'POST', `/api/teams/join/${team.joinCode}`);
    const otherCoach = await buildUser(t);
    await newTeam(otherCoach);
    const others = [
      teen, // a member of the team
      waiting, // the one waiting, approving themselves
      otherCoach, // a coach of another team
      await buildUser(t), // an outsider
      await buildUser(t, { role: 'moderator' }),
      await buildUser(t, { role: 'admin' }),
    ];
    for (const who of others) {
      for (const action of [approve, decline]) {
        const res = await action(who, team.id, waiting);
        expect(res.statusCode, who.user.displayName).toBe(403);
        expect(res.json().error).toMatchObject({ code: 'forbidden', reason: 'not_team_member' });
      }
    }
    for (const action of ['approve', 'decline']) {
      const res = await call(null, 'POST', `/api/teams/${team.id}/members/${waiting.user.id}/${action}`);
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe('unauthenticated');
    }
    const missing = await call(coach, 'POST', `/api/teams/999999/members/${waiting.user.id}/approve`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('not_found');
    expect((await teamAs(coach, team.id)).pendingMembers.map((p) => p.displayName)).toEqual(['Waiting Wren']);
  });

  it('approving twice, or anyone not waiting, is a clear 4xx', async () => {
    const { coach, team, teen } = await teamWithMinors();
    const adult = await buildUser(t);
    await call(adult, 'POST', `/api/teams/join/${team.joinCode}`);
    expect((await approve(coach, team.id, adult)).statusCode).toBe(200);
    for (const [action, who] of [
      [approve, adult], // twice
      [approve, teen], // a member already
      [decline, adult], // declining a member: removing is another action
      [approve, coach], // the coach
    ] as const) {
      const res = await action(coach, team.id, who);
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toMatchObject({
        code: 'conflict',
        reason: 'already_member',
        message: 'That person is on the team already.',
      });
    }
    const stranger = await buildUser(t);
    for (const action of [approve, decline]) {
      const res = await action(coach, team.id, stranger);
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toMatchObject({
        code: 'not_found',
        message: 'That person is not waiting to join this team.',
      });
    }
    expect((await teamAs(adult, team.id)).myRole).toBe('member');
  });

  it('a team of adults lets adults in at once until its coach requires approval; a possible minor always needs it', async () => {
    const coach = await buildUser(t);
    const team = await newTeam(coach);
    const first = await buildUser(t);
    expect((await call(first, 'POST', `/api/teams/join/${team.joinCode}`)).json().isPending).toBe(false);
    expect((await teamAs(coach, team.id)).joinApproval).toEqual({ isRequired: false, isForced: false });
    const on = await call(coach, 'PUT', `/api/teams/${team.id}/join-approval`, { isRequired: true });
    expect(on.statusCode).toBe(200);
    expect((on.json().team as TTeam).joinApproval).toEqual({ isRequired: true, isForced: false });
    expect((await call(first, 'PUT', `/api/teams/${team.id}/join-approval`, { isRequired: false })).statusCode).toBe(
      403,
    );
    const second = await buildUser(t);
    expect((await call(second, 'POST', `/api/teams/join/${team.joinCode}`)).json().isPending).toBe(true);
    // Switched off again: an adult joins at once, a minor still waits, and then everyone after them does.
    await call(coach, 'PUT', `/api/teams/${team.id}/join-approval`, { isRequired: false });
    expect((await call(await buildUser(t), 'POST', `/api/teams/join/${team.joinCode}`)).json().isPending).toBe(false);
    const teen = await buildUser(t, { birthMonth: bornYearsAgo(14) });
    expect((await call(teen, 'POST', `/api/teams/join/${team.joinCode}`)).json().isPending).toBe(true);
    expect((await teamAs(coach, team.id)).joinApproval).toEqual({ isRequired: false, isForced: true });
    expect((await call(await buildUser(t), 'POST', `/api/teams/join/${team.joinCode}`)).json().isPending).toBe(true);
    // Someone who has not given an age yet may be a minor: on another team of adults, their join waits too.
    const other = await newTeam(coach);
    const unknownAge = await buildUser(t, { birthMonth: null });
    expect((await call(unknownAge, 'POST', `/api/teams/join/${other.joinCode}`)).json().isPending).toBe(true);
  });

  it('a child’s sign-up through the join link waits for the coach, seeing only that it waits', async () => {
    const coach = await buildUser(t, { displayName: 'Coach Rivera' });
    const team = await newTeam(coach);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: {
        name: 'Young One',
        email: 'young-pending@example.test',
        password: DEFAULT_TEST_PASSWORD,
        birthMonth: bornYearsAgo(11),
        joinCode: team.joinCode,
      },
    });
    expect(res.statusCode).toBe(200);
    const child = { user: {} as TSessionUser, cookie: cookieHeaderFrom(res.headers['set-cookie']) };
    expect((await call(child, 'GET', '/api/teams')).json().teams).toMatchObject([
      { id: team.id, myRole: null, isPending: true },
    ]);
    expect(await teamAs(child, team.id)).toEqual({ id: team.id, name: 'Northside', myRole: null, isPending: true });
    expect((await call(child, 'GET', `/api/teams/${team.id}/rounds`)).statusCode).toBe(403);
    const waiting = (await teamAs(coach, team.id)).pendingMembers;
    expect(waiting.map((p) => p.displayName)).toEqual(['Young One']);
    expect(events.some((e) => e.name === 'team.join_requested' && e.room === `user:${coach.user.id}`)).toBe(true);
    const approved = await call(coach, 'POST', `/api/teams/${team.id}/members/${waiting[0]!.userId}/approve`);
    expect(approved.statusCode).toBe(200);
    expect((await teamAs(child, team.id)).myRole).toBe('member');
  });
});
