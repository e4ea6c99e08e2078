/**
 * Teams through the real API on both engines: who may manage, join, pair and judge; join codes (rotation, switching
 * off, guessing); bulk pairing of everyone present; a practice round played to a ballot that moves ratings and points
 * and shows in the coach's view of the member.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FORMATS, type TDebate, type TSessionUser, type TTeam, type TTeamRound } from '@resolved/shared';
import { createTestApp, TEST_ENGINES, type TTestApp } from '../../test/harness';
import { buildUser } from '../../test/factories';
import type { TDomainEvent } from '../../lib/events';
import { listLiveDebaters, notePresent } from '../debates/debates.service';
import { announceDueRounds } from './team-rounds.service';
import { abandon } from '../results/results.service';

type TCookieUser = { user: TSessionUser; cookie: string };

describe.each(TEST_ENGINES)('teams on %s', (engine) => {
  let t: TTestApp;
  beforeEach(async () => {
    t = await createTestApp(engine);
  });
  afterEach(async () => {
    vi.useRealTimers();
    await t.close();
  });

  const call = (
    who: TCookieUser | null,
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    payload?: object,
  ) => t.app.inject({ method, url, headers: who ? { cookie: who.cookie } : {}, ...(payload ? { payload } : {}) });

  async function newTeam(coach: TCookieUser): Promise<TTeam> {
    const res = await call(coach, 'POST', '/api/teams', { name: 'Westview Debate', school: 'Westview High' });
    expect(res.statusCode).toBe(201);
    return res.json().team;
  }

  async function join(who: TCookieUser, code: string) {
    return call(who, 'POST', `/api/teams/join/${code}`);
  }

  it('a coach creates a team; students join by code; outsiders see its name only', async () => {
    const coach = await buildUser(t, { displayName: 'Coach Carter' });
    const team = await newTeam(coach);
    expect(team).toMatchObject({ name: 'Westview Debate', myRole: 'coach', memberCount: 1 });
    expect(team.joinCode).toMatch(/^[A-Z2-9]{10}$/);
    const student = await buildUser(t, { displayName: 'Sam' });
    // Typed the way a class reads it out: lower case, with the dash.
    const typed = `${team.joinCode!.slice(0, 5).toLowerCase()}-${team.joinCode!.slice(5)}`;
    expect((await call(null, 'GET', `/api/teams/join/${typed}`)).json().team).toEqual({
      id: team.id,
      name: 'Westview Debate',
      school: 'Westview High',
    });
    expect((await join(student, typed)).json()).toEqual({
      teamId: team.id,
      teamName: 'Westview Debate',
      isNewMember: true,
      isPending: false,
    });
    expect((await join(student, typed)).statusCode).toBe(200); // twice: still one membership
    const seen = (await call(student, 'GET', `/api/teams/${team.id}`)).json().team as TTeam;
    expect(seen.myRole).toBe('member');
    expect(seen.joinCode).toBeNull(); // only coaches see the code
    expect(seen.members.map((m) => [m.displayName, m.role])).toEqual([
      ['Coach Carter', 'coach'],
      ['Sam', 'member'],
    ]);
    const outsider = await buildUser(t);
    expect((await call(outsider, 'GET', `/api/teams/${team.id}`)).json().team).toEqual({
      id: team.id,
      name: 'Westview Debate',
      myRole: null,
      isPending: false,
    });
    expect((await call(outsider, 'GET', `/api/teams/${team.id}/rounds`)).statusCode).toBe(403);
    expect((await call(null, 'POST', `/api/teams/join/${team.joinCode}`)).statusCode).toBe(401);
    expect((await call(student, 'GET', '/api/teams')).json().teams).toEqual([
      {
        id: team.id,
        name: 'Westview Debate',
        school: 'Westview High',
        myRole: 'member',
        memberCount: 2,
        isPending: false,
      },
    ]);
  });

  it('rotating the code retires the old one; switching it off stops joining; guessing is limited', async () => {
    const coach = await buildUser(t);
    const team = await newTeam(coach);
    const member = await buildUser(t);
    await join(member, team.joinCode!);
    expect((await call(member, 'POST', `/api/teams/${team.id}/join-code`, { enabled: true })).statusCode).toBe(403);
    const rotated = (await call(coach, 'POST', `/api/teams/${team.id}/join-code`, { enabled: true })).json().team;
    expect(rotated.joinCode).not.toBe(team.joinCode);
    const late = await buildUser(t);
    expect((await join(late, team.joinCode!)).statusCode).toBe(404);
    expect((await join(late, rotated.joinCode)).statusCode).toBe(200);
    const off = (await call(coach, 'POST', `/api/teams/${team.id}/join-code`, { enabled: false })).json().team;
    expect(off.joinCode).toBeNull();
    const later = await buildUser(t);
    expect((await join(later, rotated.joinCode)).statusCode).toBe(403); // joining is off: said so below
    expect((await join(later, 'not a code')).json().error.code).toBe('validation_failed');
    // A guesser runs into the limit, with a clear 429.
    const guesser = await buildUser(t);
    let last = 0;
    for (let i = 0; i < 31; i += 1) last = (await join(guesser, 'ABCDEFGHJK')).statusCode;
    expect(last).toBe(429);
  });

  it('a code of a team whose joining is off says so, not "not valid"; switching on makes a new code', async () => {
    const coach = await buildUser(t);
    const team = await newTeam(coach);
    const member = await buildUser(t);
    expect((await join(member, team.joinCode!)).json()).toEqual({
      teamId: team.id,
      teamName: 'Westview Debate',
      isNewMember: true,
      isPending: false,
    });
    await call(coach, 'POST', `/api/teams/${team.id}/join-code`, { enabled: false });
    const student = await buildUser(t);
    for (const res of [
      await join(student, team.joinCode!),
      await call(null, 'GET', `/api/teams/join/${team.joinCode!}`),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toEqual({
        code: 'forbidden',
        reason: 'join_code_off',
        message: 'This team is not taking new members; ask your coach.',
      });
    }
    // Someone already on the team who types the old code is simply on it, told so.
    expect((await join(member, team.joinCode!)).json()).toEqual({
      teamId: team.id,
      teamName: 'Westview Debate',
      isNewMember: false,
      isPending: false,
    });
    // An unknown code is still "not valid".
    const unknown = await join(student, 'ABCDEFGHJK');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe('That team code is not valid. Check it with your coach.');
    // Switching joining on again makes a new code; the old one is retired, as a rotated one is.
    const on = (await call(coach, 'POST', `/api/teams/${team.id}/join-code`, { enabled: true })).json().team;
    expect(on.joinCode).toMatch(/^[A-Z2-9]{10}$/);
    expect(on.joinCode).not.toBe(team.joinCode);
    expect((await join(student, team.joinCode!)).statusCode).toBe(404);
    expect((await join(student, on.joinCode)).json()).toMatchObject({ teamId: team.id, isNewMember: true });
  });

  it('only coaches manage; a member may leave; the last coach stays until there is another', async () => {
    const coach = await buildUser(t);
    const team = await newTeam(coach);
    const [ann, ben] = [await buildUser(t), await buildUser(t)];
    await join(ann, team.joinCode!);
    await join(ben, team.joinCode!);
    const url = (u: TCookieUser) => `/api/teams/${team.id}/members/${u.user.id}`;
    expect((await call(ann, 'DELETE', url(ben))).statusCode).toBe(403);
    expect((await call(ann, 'PATCH', url(ann), { role: 'coach' })).statusCode).toBe(403);
    expect(
      (await call(ann, 'PUT', `/api/teams/${team.id}`, { name: 'Mine now', school: 'Xavier High' })).statusCode,
    ).toBe(403);
    expect((await call(ann, 'DELETE', url(ann))).statusCode).toBe(204); // leaving
    const leaving = await call(coach, 'DELETE', url(coach));
    expect(leaving.json().error).toMatchObject({ code: 'conflict', reason: 'last_coach' });
    expect((await call(coach, 'PATCH', url(coach), { role: 'member' })).json().error.reason).toBe('last_coach');
    expect((await call(coach, 'PATCH', url(ben), { role: 'coach' })).json().team.members).toContainEqual(
      expect.objectContaining({ userId: ben.user.id, role: 'coach' }),
    );
    expect((await call(coach, 'DELETE', url(coach))).statusCode).toBe(204);
    expect((await call(ben, 'GET', `/api/teams/${team.id}`)).json().team.members).toHaveLength(1);
  });

  it('pairs twenty-one present members in one action: ten rounds, the odd one out judging; nobody twice', async () => {
    const coach = await buildUser(t);
    const team = await newTeam(coach);
    const members: TCookieUser[] = [];
    for (let i = 0; i < 21; i += 1) {
      const m = await buildUser(t, { displayName: `Member ${i}` });
      await join(m, team.joinCode!);
      members.push(m);
    }
    const present = members.map((m) => m.user.id);
    expect(
      (
        await call(members[0]!, 'POST', `/api/teams/${team.id}/rounds`, {
          mode: 'auto',
          formatId: 'ld',
          sides: 'random',
          presentUserIds: present,
        })
      ).statusCode,
    ).toBe(403);
    const res = await call(coach, 'POST', `/api/teams/${team.id}/rounds`, {
      mode: 'auto',
      formatId: 'ld',
      sides: 'balanced',
      presentUserIds: present,
      judgeUserId: coach.user.id,
    });
    expect(res.statusCode).toBe(201);
    const rounds = res.json().rounds as TTeamRound[];
    expect(rounds).toHaveLength(10);
    const debaters = rounds.flatMap((r) => [r.debaters.a.userId, r.debaters.b.userId]);
    expect(new Set(debaters).size).toBe(20);
    const oddOut = present.find((id) => !debaters.includes(id))!;
    expect(rounds[0]!.judge?.userId).toBe(oddOut);
    expect(rounds[1]!.judge?.userId).toBe(coach.user.id);
    expect(rounds.slice(2).every((r) => r.judge === null)).toBe(true);
    // The paired rounds are open rounds of theirs, on the dashboard.
    const mine = (await call(members[3]!, 'GET', '/api/teams/rounds/mine')).json().rounds as TTeamRound[];
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ teamName: 'Westview Debate', status: 'live' });
    // From every seat: both debaters and the judge.
    const seated = rounds[0]!;
    for (const id of [seated.debaters.a.userId, seated.debaters.b.userId, seated.judge!.userId]) {
      const who = [...members, coach].find((m) => m.user.id === id)!;
      const theirs = (await call(who, 'GET', '/api/teams/rounds/mine')).json().rounds as TTeamRound[];
      expect(theirs.map((r) => r.debateId)).toEqual([seated.debateId]);
    }
    // Pairing them again while their rounds are live is refused, naming who is busy.
    const again = await call(coach, 'POST', `/api/teams/${team.id}/rounds`, {
      mode: 'manual',
      formatId: 'pf',
      pairs: [{ aUserId: debaters[0], bUserId: debaters[1] }],
    });
    expect(again.json().error).toMatchObject({ code: 'conflict', reason: 'team_member_busy' });
    expect((await call(coach, 'GET', `/api/teams/${team.id}/rounds`)).json().rounds).toHaveLength(10);
  });

  it('the coach seats any member not debating as judge; a free seat is taken by coaches and named judges only', async () => {
    const coach = await buildUser(t);
    const team = await newTeam(coach);
    const [ann, ben, jo, kim, lee] = [
      await buildUser(t),
      await buildUser(t),
      await buildUser(t),
      await buildUser(t),
      await buildUser(t),
    ];
    for (const m of [ann, ben, jo, kim, lee]) await join(m, team.joinCode!);
    const pair = (judgeUserId?: string) =>
      call(coach, 'POST', `/api/teams/${team.id}/rounds`, {
        mode: 'manual',
        formatId: 'ld',
        pairs: [{ aUserId: ann.user.id, bUserId: ben.user.id, ...(judgeUserId ? { judgeUserId } : {}) }],
      });
    const outsider = await buildUser(t);
    expect((await pair(outsider.user.id)).json().error.reason).toBe('not_team_member');
    // A member debating in the same pairing cannot judge one of its rounds.
    const both = await call(coach, 'POST', `/api/teams/${team.id}/rounds`, {
      mode: 'manual',
      formatId: 'ld',
      pairs: [
        { aUserId: ann.user.id, bUserId: ben.user.id, judgeUserId: kim.user.id },
        { aUserId: kim.user.id, bUserId: lee.user.id },
      ],
    });
    expect(both.json().error).toMatchObject({ code: 'validation_failed' });
    expect(both.json().error.message).toContain('cannot debate and judge in the same pairing');
    // A member who is not a named judge, chosen by the coach, judges the round.
    const judged = (await pair(kim.user.id)).json().rounds[0] as TTeamRound;
    expect(judged.judge?.userId).toBe(kim.user.id);
    expect((await call(coach, 'DELETE', `/api/teams/${team.id}/rounds/${judged.debateId}`)).statusCode).toBe(204);
    const created = (await pair()).json().rounds[0] as TTeamRound;
    // Nobody outside the team's judges takes the seat, not even a member who is not named a judge.
    for (const who of [outsider, jo]) {
      expect((await call(who, 'POST', `/api/debates/${created.debateId}/judge`, {})).json().error.reason).toBe(
        'not_team_judge',
      );
    }
    await call(coach, 'PATCH', `/api/teams/${team.id}/members/${jo.user.id}`, { isJudge: true });
    const seated = await call(jo, 'POST', `/api/debates/${created.debateId}/judge`, {});
    expect(seated.json().debate).toMatchObject({ judge: { userId: jo.user.id }, team: { name: 'Westview Debate' } });
  });

  it('a practice round runs to the judge’s ballot; ratings and points move; the coach sees it in the member’s progress', async () => {
    const coach = await buildUser(t, { displayName: 'Coach' });
    const team = await newTeam(coach);
    const [ann, ben, jo] = [
      await buildUser(t, { displayName: 'Ann' }),
      await buildUser(t, { displayName: 'Ben' }),
      await buildUser(t, { displayName: 'Jo' }),
    ];
    for (const m of [ann, ben, jo]) await join(m, team.joinCode!);
    await call(coach, 'PATCH', `/api/teams/${team.id}/members/${jo.user.id}`, { isJudge: true });
    const round = (
      await call(coach, 'POST', `/api/teams/${team.id}/rounds`, {
        mode: 'manual',
        formatId: 'ld',
        pairs: [{ aUserId: ann.user.id, bUserId: ben.user.id, judgeUserId: jo.user.id }],
      })
    ).json().rounds[0] as TTeamRound;
    const { debate } = (await call(ann, 'GET', `/api/debates/${round.debateId}`)).json() as { debate: TDebate };
    expect(debate.judge?.userId).toBe(jo.user.id);
    const a = debate.debaters.a.userId === ann.user.id ? ann : ben;
    const b = a === ann ? ben : ann;
    // Every speech runs its full time (faked), so the round counts.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    for (const speech of FORMATS.ld.speeches) {
      const speaker = speech.speaker === 'b' ? b : a;
      expect(
        (await call(speaker, 'POST', `/api/debates/${debate.id}/clock`, { action: 'start_speech' })).statusCode,
      ).toBe(200);
      vi.setSystemTime(Date.now() + speech.minutes * 60_000);
      expect(
        (await call(speaker, 'POST', `/api/debates/${debate.id}/clock`, { action: 'end_speech' })).statusCode,
      ).toBe(200);
    }
    const ballot = await call(jo, 'POST', `/api/debates/${debate.id}/ballots`, {
      winnerSide: 'a',
      speakerPoints: { a: 29, b: 28 },
      reason: 'Clearer weighing on the value.',
    });
    expect(ballot.statusCode).toBe(201);
    const after = (await call(coach, 'GET', `/api/teams/${team.id}`)).json().team as TTeam;
    const winner = after.members.find((m) => m.userId === a.user.id)!;
    const loser = after.members.find((m) => m.userId === b.user.id)!;
    expect(winner.points).toBeGreaterThan(0);
    expect(winner.ratings[0]!.rating).toBeGreaterThan(1500);
    expect(loser.ratings[0]!.rating).toBeLessThan(1500);
    expect(winner.roundsThisWeek).toBe(1);
    expect(after.roundsThisWeek).toBe(1);
    const progress = (await call(coach, 'GET', `/api/teams/${team.id}/members/${a.user.id}/progress`)).json().progress;
    expect(progress).toMatchObject({
      wins: 1,
      losses: 0,
      averageSpeakerPoints: 29,
      formats: [{ formatId: 'ld', rounds: 1, wins: 1, losses: 0 }],
      lastBallots: [{ result: 'win', reason: 'Clearer weighing on the value.', judgeName: 'Jo', speakerPoints: 29 }],
    });
    expect(progress.ratingHistory[0].points).toHaveLength(1);
    expect(progress.ratingHistory[0].points[0].rating).toBeGreaterThan(1500);
    // A member sees their own progress, not a teammate's; the dashboard has the same about oneself.
    expect((await call(b, 'GET', `/api/teams/${team.id}/members/${a.user.id}/progress`)).statusCode).toBe(403);
    expect((await call(b, 'GET', `/api/teams/${team.id}/members/${b.user.id}/progress`)).statusCode).toBe(200);
    // Each rating point carries its round's result, for the rating chart's tooltip and table.
    expect(progress.ratingHistory[0].points[0].result).toBe('win');
    // A debater's own read (the Debates page's "Your progress") carries the judge's reason too.
    expect((await call(b, 'GET', '/api/debates/progress')).json().progress).toMatchObject({
      userId: b.user.id,
      wins: 0,
      losses: 1,
      ratingHistory: [{ formatId: 'ld', points: [{ result: 'loss' }] }],
      lastBallots: [{ result: 'loss', reason: 'Clearer weighing on the value.', judgeName: 'Jo', speakerPoints: 28 }],
    });
  });

  it('a round paired for later opens at its start time: the clock waits, one notice per seat, no early forfeit', async () => {
    const events: TDomainEvent[] = [];
    t.app.context.events.subscribe((e) => events.push(e));
    const deps = { database: t.app.context.database, events: t.app.context.events };
    const coach = await buildUser(t);
    const team = await newTeam(coach);
    const [ann, ben] = [await buildUser(t), await buildUser(t)];
    for (const m of [ann, ben]) await join(m, team.joinCode!);
    const startsAt = new Date(Date.now() + 10 * 60_000);
    // Any offset is accepted and stored in UTC.
    const withOffset = new Date(startsAt.getTime() + 2 * 3_600_000).toISOString().replace('Z', '+02:00');
    const res = await call(coach, 'POST', `/api/teams/${team.id}/rounds`, {
      mode: 'manual',
      formatId: 'ld',
      pairs: [{ aUserId: ann.user.id, bUserId: ben.user.id }],
      startsAt: withOffset,
    });
    expect(res.statusCode).toBe(201);
    const round = res.json().rounds[0] as TTeamRound;
    expect(round.startsAt).toBe(startsAt.toISOString());
    const opened = () => events.filter((e) => e.name === 'team.round_opened');
    // Paired for later: the members' pages refresh, but nobody is told it is open yet.
    expect(opened()).toHaveLength(0);
    expect(events.some((e) => e.name === 'team.changed' && e.room === `user:${ann.user.id}`)).toBe(true);
    const aSide = round.debaters.a.userId === ann.user.id ? ann : ben;
    const start = () => call(aSide, 'POST', `/api/debates/${round.debateId}/clock`, { action: 'start_speech' });
    expect((await start()).json().error).toMatchObject({ code: 'conflict', reason: 'round_not_started' });
    expect(await announceDueRounds(deps)).toBe(0);
    // Nobody has come yet and the round has not started: a restarted instance watches no one for a forfeit.
    expect((await listLiveDebaters(deps)).filter((d) => d.debateId === round.debateId)).toEqual([]);

    vi.useFakeTimers({ toFake: ['Date'], now: startsAt.getTime() + 1_000 });
    // Every instance sweeps; exactly one announces (two sweeps at once here).
    await Promise.all([announceDueRounds(deps), announceDueRounds(deps)]);
    await announceDueRounds(deps);
    expect(
      opened()
        .map((e) => e.room)
        .sort(),
    ).toEqual([`user:${ann.user.id}`, `user:${ben.user.id}`].sort());
    // Both came, but until the round is under way absence forfeits nothing (the coach deals with it); then it does.
    for (const m of [ann, ben]) await notePresent(deps, round.debateId, m.user.id);
    const watched = async () => (await listLiveDebaters(deps)).filter((d) => d.debateId === round.debateId);
    expect(await watched()).toEqual([]);
    expect((await start()).statusCode).toBe(200);
    expect((await watched()).map((d) => d.userId).sort()).toEqual([ann.user.id, ben.user.id].sort());
  });

  it('a coach cancels a live round: no result, and its debaters can be paired again', async () => {
    const coach = await buildUser(t);
    const team = await newTeam(coach);
    const [ann, ben] = [await buildUser(t), await buildUser(t)];
    for (const m of [ann, ben]) await join(m, team.joinCode!);
    const pair = () =>
      call(coach, 'POST', `/api/teams/${team.id}/rounds`, {
        mode: 'manual',
        formatId: 'ld',
        pairs: [{ aUserId: ann.user.id, bUserId: ben.user.id }],
      });
    const round = (await pair()).json().rounds[0] as TTeamRound;
    expect((await pair()).json().error.reason).toBe('team_member_busy');
    const url = `/api/teams/${team.id}/rounds/${round.debateId}`;
    expect((await call(ann, 'DELETE', url)).statusCode).toBe(403);
    // A round of another team is not this team's to cancel.
    const other = await newTeam(await buildUser(t));
    expect((await call(coach, 'DELETE', `/api/teams/${other.id}/rounds/${round.debateId}`)).statusCode).toBe(403);
    expect((await call(coach, 'DELETE', `/api/teams/${team.id}/rounds/999999`)).statusCode).toBe(404);
    expect((await call(coach, 'DELETE', `/api/teams/${team.id}/rounds/abc`)).json().error.code).toBe(
      'validation_failed',
    );
    expect((await call(coach, 'DELETE', url)).statusCode).toBe(204);
    expect((await call(coach, 'DELETE', url)).json().error).toMatchObject({ code: 'conflict', reason: 'round_over' });
    const { debate } = (await call(ann, 'GET', `/api/debates/${round.debateId}`)).json() as { debate: TDebate };
    // Cancelled, told apart from a round both debaters left.
    expect(debate).toMatchObject({ status: 'abandoned', winnerSide: null, isCancelled: true });
    const listed = (await call(coach, 'GET', `/api/teams/${team.id}/rounds`)).json().rounds as TTeamRound[];
    expect(listed.find((r) => r.debateId === round.debateId)).toMatchObject({ isCancelled: true });
    const history = (await call(ann, 'GET', '/api/debates/history')).json().debates as { id: number }[];
    expect(history.find((d) => d.id === round.debateId)).toMatchObject({ status: 'abandoned', isCancelled: true });
    const again = (await pair()).json().rounds[0] as TTeamRound;
    expect(again.isCancelled).toBe(false);
    // Both debaters away: abandoned, not cancelled.
    const deps = { database: t.app.context.database, events: t.app.context.events };
    await abandon(deps, again.debateId);
    const left = (await call(ann, 'GET', `/api/debates/${again.debateId}`)).json().debate as TDebate;
    expect(left).toMatchObject({ status: 'abandoned', isCancelled: false });
  });

  it('someone who waits in the queue until too close to their practice round leaves it unmatched', async () => {
    const coach = await buildUser(t);
    const team = await newTeam(coach);
    const [ann, ben, stranger] = [await buildUser(t), await buildUser(t), await buildUser(t)];
    for (const m of [ann, ben]) await join(m, team.joinCode!);
    const startsAt = new Date(Date.now() + 2 * 3_600_000);
    await call(coach, 'POST', `/api/teams/${team.id}/rounds`, {
      mode: 'manual',
      formatId: 'ld',
      pairs: [{ aUserId: ann.user.id, bUserId: ben.user.id }],
      startsAt: startsAt.toISOString(),
    });
    expect((await call(ann, 'POST', '/api/debates/queue', { formatId: 'ld' })).json().status).toBe('waiting');
    // Forty minutes before the start a Lincoln Douglas round could run into it: the next sweep leaves Ann out.
    vi.useFakeTimers({ toFake: ['Date'], now: startsAt.getTime() - 40 * 60_000 });
    expect((await call(stranger, 'POST', '/api/debates/queue', { formatId: 'ld' })).json().status).toBe('waiting');
    expect((await call(ann, 'GET', '/api/debates/queue')).json().queue).toMatchObject({
      waiting: null,
      activeDebateId: null,
    });
    // A challenge from Ann's opponent-to-be is refused for the same reason.
    const link = (await call(stranger, 'POST', '/api/debates/challenges', { formatId: 'ld' })).json();
    const token = link.challenge?.token as string;
    expect((await call(ann, 'POST', `/api/debates/challenges/${token}/accept`)).json().error.reason).toBe(
      'round_starts_soon',
    );
  });

  it('a round paired for later is upcoming: its debaters are free until a random round would run into its start', async () => {
    const deps = { database: t.app.context.database, events: t.app.context.events };
    const coach = await buildUser(t);
    const team = await newTeam(coach);
    const [ann, ben, carl, dan] = [await buildUser(t), await buildUser(t), await buildUser(t), await buildUser(t)];
    for (const m of [ann, ben, carl, dan]) await join(m, team.joinCode!);
    const pairAt = (a: TCookieUser, b: TCookieUser, startsAt?: Date) =>
      call(coach, 'POST', `/api/teams/${team.id}/rounds`, {
        mode: 'manual',
        formatId: 'ld',
        pairs: [{ aUserId: a.user.id, bUserId: b.user.id }],
        ...(startsAt ? { startsAt: startsAt.toISOString() } : {}),
      });
    const tomorrow = new Date(Date.now() + 24 * 3_600_000);
    const tomorrowRound = (await pairAt(ann, ben, tomorrow)).json().rounds[0] as TTeamRound;
    const queue = async (who: TCookieUser) => (await call(who, 'GET', '/api/debates/queue')).json().queue;
    // Until its start the round is upcoming, not the debate they are in.
    expect(await queue(ann)).toMatchObject({
      activeDebateId: null,
      upcomingRound: { debateId: tomorrowRound.debateId, formatId: 'ld', startsAt: tomorrow.toISOString() },
    });
    // The same for the other side of it.
    expect(await queue(ben)).toMatchObject({ upcomingRound: { debateId: tomorrowRound.debateId } });
    const history = (await call(ann, 'GET', '/api/debates/history')).json().debates as { id: number }[];
    expect(history.find((d) => d.id === tomorrowRound.debateId)).toMatchObject({
      status: 'live',
      startsAt: tomorrow.toISOString(),
    });
    // Nor is it among the live debates.
    const live = (await call(ann, 'GET', '/api/debates')).json().debates as { id: number }[];
    expect(live.map((d) => d.id)).not.toContain(tomorrowRound.debateId);
    // A random round would be over long before: Ann may wait for an opponent.
    expect((await call(ann, 'POST', '/api/debates/queue', { formatId: 'ld' })).json().status).toBe('waiting');
    expect((await call(ann, 'DELETE', '/api/debates/queue')).statusCode).toBe(204);

    // One starting in half an hour: a Lincoln Douglas round (up to 50 minutes) would run into it, and is refused.
    const soon = new Date(Date.now() + 30 * 60_000);
    const soonRound = (await pairAt(carl, dan, soon)).json().rounds[0] as TTeamRound;
    const refused = await call(carl, 'POST', '/api/debates/queue', { formatId: 'ld' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({
      code: 'conflict',
      reason: 'round_starts_soon',
      details: { debateId: soonRound.debateId, startsAt: soon.toISOString() },
    });
    expect(refused.json().error.message).toContain(
      `starts at ${soon.toISOString().slice(0, 10)} ${soon.toISOString().slice(11, 16)} UTC`,
    );
    expect((await call(dan, 'POST', '/api/debates/queue', { formatId: 'ld' })).json().error.reason).toBe(
      'round_starts_soon',
    );
    // The coach cannot pair Carl into a round now either, nor into one that would overlap either scheduled round.
    expect((await pairAt(carl, ann)).json().error.reason).toBe('team_member_busy');
    expect((await pairAt(ann, dan, new Date(tomorrow.getTime() + 20 * 60_000))).json().error.reason).toBe(
      'team_member_busy',
    );
    // Ann, free until tomorrow, may be paired for a round now.
    const nowRound = (await pairAt(ann, ben)).json().rounds[0] as TTeamRound;
    expect((await queue(ann)).activeDebateId).toBe(nowRound.debateId);
    await call(coach, 'DELETE', `/api/teams/${team.id}/rounds/${nowRound.debateId}`);

    // At its start the round is theirs: the queue sends them back to it, and the opening takes their guards.
    vi.useFakeTimers({ toFake: ['Date'], now: soon.getTime() + 1_000 });
    expect(await queue(carl)).toMatchObject({ activeDebateId: soonRound.debateId, upcomingRound: null });
    expect((await call(carl, 'POST', '/api/debates/queue', { formatId: 'pf' })).json().error.reason).toBe(
      'already_in_debate',
    );
    await announceDueRounds(deps);
    const guards = await t.app.context.database.db.selectFrom('activeDebaters').selectAll().execute();
    expect(
      guards
        .filter((g) => Number(g.debateId) === soonRound.debateId)
        .map((g) => g.userId)
        .sort(),
    ).toEqual([carl.user.id, dan.user.id].sort());
    expect((await queue(ann)).activeDebateId).toBeNull();
  });
});
