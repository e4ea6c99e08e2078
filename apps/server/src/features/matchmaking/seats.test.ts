/**
 * The seat rule (a ban or a suspension keeps a person out of rounds) at every path that seats someone, through the real
 * API on both engines: a moderator's ban or suspension takes the queue place and revokes open challenge links at once;
 * the queue sweep, a challenge's acceptance, the judge's seat, a coach's pairing and the opening of a round paired for
 * later each read it again, so a restriction written by any instance, or one that raced the withdrawal, holds too.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TSessionUser, TTeam, TTeamRound } from '@resolved/shared';
import { createTestApp, TEST_ENGINES, type TTestApp } from '../../test/harness';
import type { TDomainEvent } from '../../lib/events';
import { buildUser } from '../../test/factories';
import { announceDueRounds } from '../teams/team-rounds.service';

type TCookieUser = { user: TSessionUser; cookie: string };

describe.each(TEST_ENGINES)('the seat rule on %s', (engine) => {
  let t: TTestApp;
  beforeEach(async () => {
    t = await createTestApp(engine);
  });
  afterEach(async () => {
    vi.useRealTimers();
    await t.close();
  });

  const call = (who: TCookieUser | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: who ? { cookie: who.cookie } : {}, ...(payload ? { payload } : {}) });
  const queue = (who: TCookieUser) => call(who, 'POST', '/api/debates/queue', { formatId: 'ld' });
  const queueRows = (userId: string) =>
    t.database.db.selectFrom('debateQueue').select('id').where('userId', '=', userId).execute();

  async function moderate(target: TCookieUser, action: 'ban' | 'suspend') {
    const moderator = await buildUser(t, { role: 'admin' });
    const payload = action === 'ban' ? { action, reason: 'Abuse' } : { action, reason: 'Abuse', hours: 24 };
    const res = await call(moderator, 'POST', `/api/moderation/users/${target.user.id}/actions`, payload);
    expect(res.statusCode).toBe(200);
  }

  /** A restriction written straight to the row, as another instance's moderator would leave it: no withdrawal ran. */
  async function restrictQuietly(target: TCookieUser, action: 'ban' | 'suspend') {
    const isPostgres = engine === 'postgres';
    const values =
      action === 'ban'
        ? { banned: isPostgres ? true : 1, banReason: 'Abuse' }
        : { suspendedUntil: new Date(Date.now() + 3_600_000).toISOString() };
    await t.database.db.updateTable('users').set(values).where('id', '=', target.user.id).execute();
  }

  async function challengeBy(who: TCookieUser): Promise<string> {
    const res = await call(who, 'POST', '/api/debates/challenges', { formatId: 'ld' });
    expect(res.statusCode).toBe(201);
    return res.json().challenge.token as string;
  }

  // By the moderator's action (which withdraws at once), and written straight to the row (the sweep and the acceptance
  // must then read the rule themselves, at pairing time, not only at join).
  for (const action of ['ban', 'suspend'] as const) {
    for (const via of ['action', 'row'] as const) {
      it(`a ${action} (${via === 'action' ? 'a moderator’s action' : 'no withdrawal'}): no queue place, no pairing, links dead`, async () => {
        const [waiting, linker, next, taker] = [
          await buildUser(t),
          await buildUser(t),
          await buildUser(t),
          await buildUser(t),
        ];
        // Joined over HTTP, with no socket open: nothing but the rule can take the place away.
        expect((await queue(waiting)).json().status).toBe('waiting');
        const token = await challengeBy(linker);
        for (const who of [waiting, linker]) await (via === 'action' ? moderate : restrictQuietly)(who, action);
        // The next one to join waits: nobody restricted is left to be matched with.
        expect((await queue(next)).json().status).toBe('waiting');
        expect(await queueRows(waiting.user.id)).toEqual([]);
        const accepted = await call(taker, 'POST', `/api/debates/challenges/${token}/accept`);
        expect(accepted.statusCode).toBe(404);
        expect(accepted.json().error.message).toBe('That challenge link is not valid.');
        expect(await t.database.db.selectFrom('debates').select('id').execute()).toEqual([]);
      });
    }
  }

  it('the accepter of a challenge is held to the rule too', async () => {
    const [linker, taker] = [await buildUser(t), await buildUser(t)];
    const token = await challengeBy(linker);
    await moderate(taker, 'suspend');
    const accepted = await call(taker, 'POST', `/api/debates/challenges/${token}/accept`);
    expect(accepted.statusCode).toBe(403);
    expect(accepted.json().error.reason).toBe('suspended');
  });

  async function teamWith(coach: TCookieUser, members: TCookieUser[]): Promise<TTeam> {
    const res = await call(coach, 'POST', '/api/teams', { name: 'Westview Debate', school: 'Westview High' });
    const team = res.json().team as TTeam;
    for (const m of members) expect((await call(m, 'POST', `/api/teams/join/${team.joinCode}`)).statusCode).toBe(200);
    return team;
  }

  it('a coach’s pairing with a suspended member, or a suspended coach, is a clear conflict naming them', async () => {
    const coach = await buildUser(t, { displayName: 'Coach Carter' });
    const [ann, ben] = [await buildUser(t, { displayName: 'Ann' }), await buildUser(t, { displayName: 'Ben' })];
    const team = await teamWith(coach, [ann, ben]);
    await moderate(ben, 'suspend');
    const pair = (a: TCookieUser, b: TCookieUser) =>
      call(coach, 'POST', `/api/teams/${team.id}/rounds`, {
        mode: 'manual',
        formatId: 'ld',
        pairs: [{ aUserId: a.user.id, bUserId: b.user.id }],
      });
    const refused = await pair(ann, ben);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toEqual({
      code: 'conflict',
      reason: 'seat_unavailable',
      message: 'Ben cannot take part in rounds right now. Pair them with someone else.',
    });
    await moderate(coach, 'suspend');
    const self = await pair(coach, ann);
    expect(self.statusCode).toBe(409);
    expect(self.json().error.message).toBe(
      'Coach Carter cannot take part in rounds right now. Pair them with someone else.',
    );
    expect(await t.database.db.selectFrom('debates').select('id').execute()).toEqual([]);
  });

  it('a suspended judge may not take a judge’s seat', async () => {
    const [a, b, judge] = [await buildUser(t), await buildUser(t), await buildUser(t)];
    const token = await challengeBy(a);
    const debateId = (await call(b, 'POST', `/api/debates/challenges/${token}/accept`)).json().debateId as number;
    await moderate(judge, 'suspend');
    const seat = await call(judge, 'POST', `/api/debates/${debateId}/judge`);
    expect(seat.statusCode).toBe(403);
    expect(seat.json().error.reason).toBe('suspended');
  });

  it('a round paired for later whose debater is suspended before its start does not open; the others are told neutrally', async () => {
    const events: TDomainEvent[] = [];
    t.app.context.events.subscribe((e) => events.push(e));
    const deps = { database: t.app.context.database, events: t.app.context.events };
    const coach = await buildUser(t);
    const [ann, ben] = [await buildUser(t), await buildUser(t)];
    const team = await teamWith(coach, [ann, ben]);
    const startsAt = new Date(Date.now() + 10 * 60_000);
    const res = await call(coach, 'POST', `/api/teams/${team.id}/rounds`, {
      mode: 'manual',
      formatId: 'ld',
      pairs: [{ aUserId: ann.user.id, bUserId: ben.user.id }],
      startsAt: startsAt.toISOString(),
    });
    expect(res.statusCode).toBe(201);
    const round = res.json().rounds[0] as TTeamRound;
    await moderate(ben, 'suspend');
    vi.useFakeTimers({ toFake: ['Date'], now: startsAt.getTime() + 1_000 });
    expect(await announceDueRounds(deps)).toBe(0);
    expect(events.filter((e) => e.name === 'team.round_opened')).toEqual([]);
    const ended = events.filter((e) => e.name === 'debate.ended_early');
    expect(ended.map((e) => e.room).sort()).toEqual([`user:${ann.user.id}`, `user:${ben.user.id}`].sort());
    expect(ended.map((e) => e.payload)).toEqual([{ debateId: round.debateId }, { debateId: round.debateId }]);
    const { debate } = (await call(ann, 'GET', `/api/debates/${round.debateId}`)).json();
    expect(debate).toMatchObject({ status: 'abandoned', isEndedEarly: true, winnerSide: null });
    // Ann is free again: nothing of the round holds her.
    expect((await call(ann, 'GET', '/api/debates/queue')).json().queue.activeDebateId).toBeNull();
  });
});
