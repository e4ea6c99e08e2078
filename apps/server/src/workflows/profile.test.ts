/**
 * Debater profiles through the real API on both engines: what every signed-in user sees of a debater (never an
 * e-mail), which of their finished rounds each viewer is shown (a team's practice rounds only to its team and the
 * round's debaters and judge), the rounds they judged (also on their own Debates page), paging, and the error model
 * for unknown and malformed ids.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  FORMATS,
  PROFILE_ROUNDS_PAGE_SIZE,
  type TDebate,
  type THistoryResponse,
  type TProfileJudgedRoundsResponse,
  type TProfileRoundsResponse,
  type TPublicProfile,
  type TSessionUser,
  type TTeam,
  type TTeamRound,
} from '@resolved/shared';
import { createTestApp, TEST_ENGINES, type TTestApp } from '../test/harness';
import { buildUser } from '../test/factories';

type TCookieUser = { user: TSessionUser; cookie: string };

describe.each(TEST_ENGINES)('debater profiles on %s', (engine) => {
  let t: TTestApp;
  beforeEach(async () => {
    t = await createTestApp(engine);
  });
  afterEach(async () => {
    vi.useRealTimers();
    await t.close();
  });

  const call = (who: TCookieUser | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: who ? { cookie: who.cookie } : {}, ...(payload ? { payload } : {}) });

  /** A challenge-link round between `host` and `guest`, ended by `loser` forfeiting (null: left live). */
  async function publicRound(host: TCookieUser, guest: TCookieUser, loser: TCookieUser | null): Promise<number> {
    const created = await call(host, 'POST', '/api/debates/challenges', { formatId: 'ld' });
    const accepted = await call(guest, 'POST', `/api/debates/challenges/${created.json().challenge.token}/accept`);
    const id = accepted.json().debateId as number;
    if (loser) expect((await call(loser, 'POST', `/api/debates/${id}/forfeit`)).statusCode).toBe(200);
    return id;
  }

  const rounds = async (viewer: TCookieUser, of: TCookieUser, query = '') => {
    const res = await call(viewer, 'GET', `/api/users/${of.user.id}/debates${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as TProfileRoundsResponse;
  };

  it('shows a debater’s name, points, record and ratings to signed-in users, and nothing private', async () => {
    const ada = await buildUser(t, { displayName: 'Ada Profile', score: 40 });
    const bob = await buildUser(t, { displayName: 'Bob Profile' });
    const viewer = await buildUser(t);
    await publicRound(ada, bob, bob);
    await publicRound(bob, ada, ada);
    await publicRound(ada, bob, bob);

    // Her judge's paradigm is on her profile, as debaters read it wherever she judges.
    const paradigm = 'Line by line, please; I vote on the clearest weighing.';
    expect((await call(ada, 'PUT', '/api/users/me/paradigm', { paradigm })).statusCode).toBe(200);

    const res = await call(viewer, 'GET', `/api/users/${ada.user.id}`);
    expect(res.statusCode).toBe(200);
    const { profile } = res.json() as { profile: TPublicProfile };
    expect(profile).toEqual({
      id: ada.user.id,
      displayName: 'Ada Profile',
      isLimited: false,
      score: 40,
      rank: 1,
      memberSince: ada.user.createdAt,
      record: { wins: 2, losses: 1, noDecision: 0, averageSpeakerPoints: null },
      ratings: [],
      paradigm,
    });
    // One without a paradigm shows none.
    expect((await call(viewer, 'GET', `/api/users/${bob.user.id}`)).json().profile.paradigm).toBeNull();
    // Nothing from the account beyond that: no e-mail (anyone's), no role.
    for (const email of [ada.user.email, bob.user.email, viewer.user.email]) expect(res.body).not.toContain(email);
    expect(res.body).not.toContain('"role"');
    const listed = await call(viewer, 'GET', `/api/users/${ada.user.id}/debates`);
    for (const email of [ada.user.email, bob.user.email, viewer.user.email]) expect(listed.body).not.toContain(email);

    // Signed-in users only.
    expect((await call(null, 'GET', `/api/users/${ada.user.id}`)).statusCode).toBe(401);
    expect((await call(null, 'GET', `/api/users/${ada.user.id}/debates`)).statusCode).toBe(401);
  });

  it('gives a team-run adult’s paradigm only to those who may see their profile', async () => {
    const coach = await buildUser(t, { displayName: 'Coach Paradigm' });
    const team = (await call(coach, 'POST', '/api/teams', { name: 'Paradigm Prep', school: 'Paradigm High' })).json()
      .team as { id: number; joinCode: string };
    const judge = await buildUser(t, { displayName: 'Team-run Judge', teamManagedBy: coach.user.id });
    const joined = await call(judge, 'POST', `/api/teams/join/${team.joinCode}`);
    expect(joined.json()).toMatchObject({ isNewMember: true, isPending: false });
    const paradigm = 'Tabula rasa; weigh for me.';
    expect((await call(judge, 'PUT', '/api/users/me/paradigm', { paradigm })).statusCode).toBe(200);

    const outsider = await buildUser(t);
    expect((await call(outsider, 'GET', `/api/users/${judge.user.id}`)).statusCode).toBe(404);
    expect((await call(outsider, 'GET', `/api/users/${judge.user.id}/paradigm`)).json()).toEqual({ paradigm: null });
    expect((await call(coach, 'GET', `/api/users/${judge.user.id}/paradigm`)).json()).toEqual({ paradigm });
  });

  it('lists finished rounds each linking to a replay the viewer may open; a team’s rounds only to its team', async () => {
    const coach = await buildUser(t, { displayName: 'Coach' });
    const ada = await buildUser(t, { displayName: 'Ada' });
    const bob = await buildUser(t, { displayName: 'Bob' });
    const teammate = await buildUser(t, { displayName: 'Teammate' });
    const stranger = await buildUser(t, { displayName: 'Stranger' });
    const judge = await buildUser(t, { displayName: 'Outside Judge' });

    const team = (await call(coach, 'POST', '/api/teams', { name: 'Westview Debate', school: 'Westview High' })).json()
      .team as TTeam;
    for (const who of [ada, bob, teammate]) await call(who, 'POST', `/api/teams/join/${team.joinCode}`);

    const older = await publicRound(ada, bob, bob);
    const paired = await call(coach, 'POST', `/api/teams/${team.id}/rounds`, {
      mode: 'manual',
      formatId: 'pf',
      pairs: [{ aUserId: ada.user.id, bUserId: bob.user.id }],
    });
    expect(paired.statusCode, paired.body).toBe(201);
    const teamRound = (paired.json().rounds as TTeamRound[])[0]!.debateId;
    await call(ada, 'POST', `/api/debates/${teamRound}/forfeit`);
    // A public round with a judge from outside, then one still live: the live one is listed to no one.
    const judged = await publicRound(bob, ada, null);
    await call(judge, 'POST', `/api/debates/${judged}/judge`);
    await call(ada, 'POST', `/api/debates/${judged}/forfeit`);
    await publicRound(ada, stranger, null);

    const seenBy = async (viewer: TCookieUser) => (await rounds(viewer, ada)).rounds.map((r) => r.id);
    // Outsiders (a stranger, the judge of another round) see the public rounds only, newest first.
    expect(await seenBy(stranger)).toEqual([judged, older]);
    expect(await seenBy(judge)).toEqual([judged, older]);
    // The team's members and the round's debaters see its practice round too; each one opens as a replay.
    for (const viewer of [teammate, coach, ada, bob]) expect(await seenBy(viewer)).toEqual([judged, teamRound, older]);
    for (const id of [judged, older]) {
      expect((await call(stranger, 'GET', `/api/debates/${id}/replay`)).statusCode).toBe(200);
    }
    expect((await call(stranger, 'GET', `/api/debates/${teamRound}/replay`)).statusCode).toBe(403);
    expect((await call(teammate, 'GET', `/api/debates/${teamRound}/replay`)).statusCode).toBe(200);

    // Each round from the profile's debater's side: side, opponent, result.
    const page = await rounds(teammate, ada);
    expect(page.nextBefore).toBeNull();
    expect(page.rounds.map((r) => [r.result, r.opponent.displayName, r.isTeamRound, r.status])).toEqual([
      ['loss', 'Bob', false, 'forfeited'],
      ['loss', 'Bob', true, 'forfeited'],
      ['win', 'Bob', false, 'forfeited'],
    ]);
    expect(page.rounds[0]!.judge?.displayName).toBe('Outside Judge');
    // The record counts every finished round of theirs, the team's too.
    const { profile } = (await call(stranger, 'GET', `/api/users/${ada.user.id}`)).json() as {
      profile: TPublicProfile;
    };
    expect(profile.record).toMatchObject({ wins: 1, losses: 2 });
  });

  /** Seats `judge` in round `id`, then gives every speech its full time (Date faked), leaving the ballot to write. */
  async function speakJudgedRound(id: number, judge: TCookieUser, debaters: TCookieUser[]): Promise<void> {
    expect((await call(judge, 'POST', `/api/debates/${id}/judge`)).statusCode).toBe(200);
    const debate = (await call(judge, 'GET', `/api/debates/${id}`)).json().debate as TDebate;
    const seated = (side: 'a' | 'b') => debaters.find((d) => d.user.id === debate.debaters[side].userId)!;
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    for (const speech of FORMATS[debate.formatId].speeches) {
      const speaker = seated(speech.speaker === 'b' ? 'b' : 'a');
      expect((await call(speaker, 'POST', `/api/debates/${id}/clock`, { action: 'start_speech' })).statusCode).toBe(
        200,
      );
      vi.setSystemTime(Date.now() + speech.minutes * 60_000);
      expect((await call(speaker, 'POST', `/api/debates/${id}/clock`, { action: 'end_speech' })).statusCode).toBe(200);
    }
    vi.useRealTimers();
  }

  it('lists the rounds a user judged with result and ballot; never a live one; private and team rounds not to outsiders', async () => {
    const coach = await buildUser(t, { displayName: 'Coach' });
    const ada = await buildUser(t, { displayName: 'Ada' });
    const bob = await buildUser(t, { displayName: 'Bob' });
    const teammate = await buildUser(t);
    const stranger = await buildUser(t);
    const judge = await buildUser(t, { displayName: 'Jo Judge' });
    const team = (await call(coach, 'POST', '/api/teams', { name: 'Judged Team', school: 'Judged High' })).json()
      .team as TTeam;
    for (const who of [ada, bob, teammate]) await call(who, 'POST', `/api/teams/join/${team.joinCode}`);

    // A round Jo judges to the end: the ballot goes to side b.
    const balloted = await publicRound(ada, bob, null);
    await speakJudgedRound(balloted, judge, [ada, bob]);
    // Another Jo judged that ended by a forfeit (a result, no ballot), then kept private by a debater.
    const kept = await publicRound(bob, ada, null);
    await call(judge, 'POST', `/api/debates/${kept}/judge`);
    expect((await call(ada, 'PUT', `/api/debates/${kept}/replay-privacy`, { isPrivate: true })).statusCode).toBe(200);
    await call(ada, 'POST', `/api/debates/${kept}/forfeit`);
    // A team's practice round its coach judged, forfeited.
    const paired = await call(coach, 'POST', `/api/teams/${team.id}/rounds`, {
      mode: 'manual',
      formatId: 'pf',
      pairs: [{ aUserId: ada.user.id, bUserId: bob.user.id }],
    });
    const practice = (paired.json().rounds as TTeamRound[])[0]!.debateId;
    expect((await call(coach, 'POST', `/api/debates/${practice}/judge`)).statusCode).toBe(200);
    await call(bob, 'POST', `/api/debates/${practice}/forfeit`);
    // One still live, with Jo in the seat: listed to no one.
    const live = await publicRound(ada, bob, null);
    expect((await call(judge, 'POST', `/api/debates/${live}/judge`)).statusCode).toBe(200);

    const history = async (who: TCookieUser) => {
      const res = await call(who, 'GET', '/api/debates/history');
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as THistoryResponse;
    };
    const judgedBy = async (viewer: TCookieUser, of: TCookieUser) => {
      const res = await call(viewer, 'GET', `/api/users/${of.user.id}/judged-debates`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as TProfileJudgedRoundsResponse;
    };

    // On Jo's own Debates page: every round Jo judged that is not live, the one waiting for Jo's ballot too.
    expect((await history(judge)).judged.map((r) => [r.id, r.status, r.ballot])).toEqual([
      [kept, 'forfeited', null],
      [balloted, 'awaiting_ballot', null],
    ]);
    // Jo's profile lists finished rounds only.
    expect((await judgedBy(judge, judge)).rounds.map((r) => r.id)).toEqual([kept]);

    const ballot = { winnerSide: 'b', speakerPoints: { a: 27.5, b: 28.5 }, reason: 'The rebuttal held.' };
    expect((await call(judge, 'POST', `/api/debates/${balloted}/ballots`, ballot)).statusCode).toBe(201);
    const mine = (await history(judge)).judged;
    expect(mine.map((r) => r.id)).toEqual([kept, balloted]);
    expect(mine[1]).toMatchObject({
      status: 'judged',
      winnerSide: 'b',
      judge: { userId: judge.user.id, displayName: 'Jo Judge' },
      ballot: { winnerSide: 'b', speakerPoints: { a: 27.5, b: 28.5 }, reason: 'The rebuttal held.' },
      isTeamRound: false,
    });
    // Ada forfeited the private round (sides are drawn): Bob's side won it.
    expect(mine[0]).toMatchObject({ status: 'forfeited', ballot: null });
    expect(mine[0]!.debaters[mine[0]!.winnerSide!].userId).toBe(bob.user.id);
    // The debaters' history is unchanged: the judged list is the judge's.
    expect((await history(ada)).judged).toEqual([]);

    // Jo's profile: the private round only to its debaters and judge.
    for (const viewer of [judge, ada, bob]) {
      expect((await judgedBy(viewer, judge)).rounds.map((r) => r.id)).toEqual([kept, balloted]);
    }
    const seen = await judgedBy(stranger, judge);
    expect(seen).toEqual({ rounds: [expect.objectContaining({ id: balloted, winnerSide: 'b' })], nextBefore: null });
    expect((await call(stranger, 'GET', `/api/debates/${balloted}/replay`)).statusCode).toBe(200);
    expect((await call(stranger, 'GET', `/api/debates/${kept}/replay`)).statusCode).toBe(403);
    // The coach's profile: the practice round they judged only to the team and its debaters.
    expect((await history(coach)).judged.map((r) => [r.id, r.isTeamRound])).toEqual([[practice, true]]);
    for (const viewer of [coach, teammate, ada]) {
      expect((await judgedBy(viewer, coach)).rounds.map((r) => r.id)).toEqual([practice]);
    }
    expect((await judgedBy(stranger, coach)).rounds).toEqual([]);
    expect((await judgedBy(judge, coach)).rounds).toEqual([]);

    // Signed-in users only; an unknown user is a 404, a malformed cursor a 400.
    expect((await call(null, 'GET', `/api/users/${judge.user.id}/judged-debates`)).statusCode).toBe(401);
    expect((await call(stranger, 'GET', '/api/users/no-such-user/judged-debates')).statusCode).toBe(404);
    const badCursor = await call(stranger, 'GET', `/api/users/${judge.user.id}/judged-debates?before=abc`);
    expect(badCursor.json().error.code).toBe('validation_failed');
  });

  it('pages through many rounds with `before`, skipping rounds the viewer may not see', async () => {
    const coach = await buildUser(t);
    const ada = await buildUser(t);
    const bob = await buildUser(t);
    const stranger = await buildUser(t);
    const team = (await call(coach, 'POST', '/api/teams', { name: 'Paging Team', school: 'Paging High' })).json()
      .team as TTeam;
    for (const who of [ada, bob]) await call(who, 'POST', `/api/teams/join/${team.joinCode}`);
    const visible: number[] = [];
    for (let i = 0; i < PROFILE_ROUNDS_PAGE_SIZE + 2; i += 1) {
      visible.push(await publicRound(ada, bob, i % 2 === 0 ? bob : ada));
      if (i % 4 === 0) {
        const paired = await call(coach, 'POST', `/api/teams/${team.id}/rounds`, {
          mode: 'manual',
          formatId: 'ld',
          pairs: [{ aUserId: ada.user.id, bUserId: bob.user.id }],
        });
        await call(bob, 'POST', `/api/debates/${(paired.json().rounds as TTeamRound[])[0]!.debateId}/forfeit`);
      }
    }
    const newestFirst = [...visible].reverse();
    const first = await rounds(stranger, ada);
    expect(first.rounds.map((r) => r.id)).toEqual(newestFirst.slice(0, PROFILE_ROUNDS_PAGE_SIZE));
    expect(first.nextBefore).toBe(newestFirst[PROFILE_ROUNDS_PAGE_SIZE - 1]);
    const second = await rounds(stranger, ada, `?before=${first.nextBefore}`);
    expect(second.rounds.map((r) => r.id)).toEqual(newestFirst.slice(PROFILE_ROUNDS_PAGE_SIZE));
    expect(second.nextBefore).toBeNull();
  });

  it('answers 404 for an unknown debater and 400 in the one error model for a malformed id or cursor', async () => {
    const viewer = await buildUser(t);
    for (const url of ['/api/users/no-such-user', '/api/users/no-such-user/debates']) {
      const res = await call(viewer, 'GET', url);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: { code: 'not_found', message: 'That debater does not exist.' } });
    }
    for (const url of [
      `/api/users/${'x'.repeat(65)}`,
      '/api/users/bad%20id%3Cscript%3E/debates',
      `/api/users/${viewer.user.id}/debates?before=abc`,
      `/api/users/${viewer.user.id}/debates?before=-3`,
    ]) {
      const res = await call(viewer, 'GET', url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'validation_failed', message: expect.any(String) });
    }
  });
});
