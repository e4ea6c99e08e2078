/**
 * A coach pairs a round of a team format (issue 40), through the real API on both engines: two sides of two members
 * in Public Forum open one round with every seat in its position and a judge, all told; the wrong side size, someone
 * twice, an outsider, a format of one a side and a block between any two seated are clear 4xx and write nothing.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TSessionUser, TTeam } from '@resolved/shared';
import { createTestApp, TEST_ENGINES, type TTestApp } from '../../test/harness';
import { buildUser } from '../../test/factories';
import type { TDomainEvent } from '../../lib/events';
import { announceDueRounds } from './team-rounds.service';

type TCookieUser = { user: TSessionUser; cookie: string };

describe.each(TEST_ENGINES)('a coach pairs teams on %s', (engine) => {
  let t: TTestApp;
  let events: TDomainEvent[];
  beforeEach(async () => {
    t = await createTestApp(engine);
    events = [];
    t.app.context.events.subscribe((e) => events.push(e));
  });
  afterEach(async () => {
    await t.close();
  });

  const call = (who: TCookieUser, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: who.cookie }, ...(payload ? { payload } : {}) });

  async function teamOf(size: number) {
    const coach = await buildUser(t, { displayName: 'Coach Carter' });
    const res = await call(coach, 'POST', '/api/teams', { name: 'Westview Debate', school: 'Westview High' });
    expect(res.statusCode).toBe(201);
    const team = res.json().team as TTeam;
    const members: TCookieUser[] = [];
    for (let i = 0; i < size; i++) {
      const member = await buildUser(t, { displayName: `Member ${i}` });
      expect((await call(member, 'POST', `/api/teams/join/${team.joinCode}`)).statusCode).toBe(200);
      members.push(member);
    }
    return { coach, team, members };
  }
  const seats = () =>
    t.database.db
      .selectFrom('debateSeats')
      .select(['debateId', 'side', 'position', 'userId'])
      .orderBy('side')
      .orderBy('seat')
      .execute();
  const debateCount = async () => (await t.database.db.selectFrom('debates').select('id').execute()).length;

  it('two sides of two in Public Forum open one round, every seat in its position, a judge, all told', async () => {
    const { coach, team, members } = await teamOf(5);
    const [a1, a2, b1, b2, judge] = members.map((m) => m.user.id) as [string, string, string, string, string];
    const res = await call(coach, 'POST', `/api/teams/${team.id}/rounds`, {
      mode: 'teams',
      formatId: 'pf',
      sideA: [a1, a2],
      sideB: [b1, b2],
      judgeUserId: judge,
    });
    expect(res.statusCode).toBe(201);
    const [round] = res.json().rounds as { debateId: number; judge: { userId: string } | null }[];
    expect(round!.judge?.userId).toBe(judge);
    expect(await seats()).toEqual([
      { debateId: round!.debateId, side: 'a', position: 'first', userId: a1 },
      { debateId: round!.debateId, side: 'a', position: 'second', userId: a2 },
      { debateId: round!.debateId, side: 'b', position: 'first', userId: b1 },
      { debateId: round!.debateId, side: 'b', position: 'second', userId: b2 },
    ]);
    for (const id of [a1, a2, b1, b2, judge]) {
      expect(events.filter((e) => e.name === 'team.round_opened' && e.room === `user:${id}`)).toHaveLength(1);
    }
    // Seated now: the same member cannot be paired again while the round runs.
    const again = await call(coach, 'POST', `/api/teams/${team.id}/rounds`, {
      mode: 'teams',
      formatId: 'pf',
      sideA: [a1, judge],
      sideB: [b1, b2],
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toContain('in another debate right now');
  });

  it('a round of teams paired for later opens at its start, and a partner is not booked twice meanwhile', async () => {
    const deps = { database: t.app.context.database, events: t.app.context.events };
    const { coach, team, members } = await teamOf(8);
    const [m0, m1, m2, m3, m4, m5, m6, m7] = members.map((m) => m.user.id) as [
      string,
      string,
      string,
      string,
      string,
      string,
      string,
      string,
    ];
    const startsAt = new Date(Date.now() + 3 * 3_600_000).toISOString();
    const pair = (body: object) => call(coach, 'POST', `/api/teams/${team.id}/rounds`, body);
    const res = await pair({
      mode: 'teams',
      formatId: 'pf',
      sideA: [m0, m1],
      sideB: [m2, m3],
      judgeUserId: m4,
      startsAt,
    });
    expect(res.statusCode, res.body).toBe(201);
    const [round] = res.json().rounds as { debateId: number; startsAt: string | null }[];
    expect(round!.startsAt).toBe(startsAt);
    // Paired for later: nobody is told it is open, and its debaters are free now for a round over by its start.
    const opened = () =>
      events
        .filter((e) => e.name === 'team.round_opened' && e.payload.round.debateId === round!.debateId)
        .map((e) => e.room);
    expect(opened()).toEqual([]);
    const now = await pair({ mode: 'manual', formatId: 'ld', pairs: [{ aUserId: m1, bUserId: m5 }] });
    expect(now.statusCode, now.body).toBe(201);
    // A partner (the side's second seat) is booked at that time: another round then is refused, naming them.
    const clash = await pair({ mode: 'teams', formatId: 'pf', sideA: [m6, m1], sideB: [m7, m5], startsAt });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().error.message).toMatch(/^Member 1 has a practice round at .* that this one would run into\.$/);
    // At its start every seat and the judge are told.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.parse(startsAt) + 1_000 });
    try {
      expect(await announceDueRounds(deps)).toBe(1);
    } finally {
      vi.useRealTimers();
    }
    expect(opened().sort()).toEqual([m0, m1, m2, m3, m4].map((id) => `user:${id}`).sort());
  });

  it('refuses a bad pairing with a clear 4xx and writes nothing', async () => {
    const { coach, team, members } = await teamOf(4);
    const [a1, a2, b1, b2] = members.map((m) => m.user.id) as [string, string, string, string];
    const outsider = await buildUser(t);
    const pair = (payload: object) =>
      call(coach, 'POST', `/api/teams/${team.id}/rounds`, { mode: 'teams', formatId: 'pf', ...payload });
    const refused = async (res: Awaited<ReturnType<typeof call>>, status: number, message: string | RegExp) => {
      expect(res.statusCode).toBe(status);
      expect(res.json().error.message).toMatch(message);
    };
    await refused(await pair({ sideA: [a1], sideB: [b1, b2] }), 400, 'A Public Forum side is 2 debaters.');
    await refused(await pair({ sideA: [a1, a2], sideB: [a2, b2] }), 400, 'Seat each member once.');
    await refused(
      await pair({ sideA: [a1, a2], sideB: [b1, b2], judgeUserId: a1 }),
      400,
      'A debater cannot judge their own round.',
    );
    await refused(
      await pair({ formatId: 'ld', sideA: [a1], sideB: [b1] }),
      400,
      'Lincoln Douglas is one debater a side: pair two debaters instead.',
    );
    await refused(
      await pair({ sideA: [a1, outsider.user.id], sideB: [b1, b2] }),
      400,
      'Pair members of this team only.',
    );
    // A member may not pair rounds.
    expect(
      (
        await call(members[0]!, 'POST', `/api/teams/${team.id}/rounds`, {
          mode: 'teams',
          formatId: 'pf',
          sideA: [a1, a2],
          sideB: [b1, b2],
        })
      ).statusCode,
    ).toBe(403);
    // A block between two partners on one side: the seat rule over every seat names them.
    expect((await call(members[1]!, 'PUT', `/api/blocks/${a1}`)).statusCode).toBeLessThan(300);
    const blocked = await pair({ sideA: [a1, a2], sideB: [b1, b2] });
    expect(blocked.statusCode).toBeGreaterThanOrEqual(400);
    expect(blocked.statusCode).toBeLessThan(500);
    expect(blocked.json().error.message).toContain('Member 0');
    expect(await debateCount()).toBe(0);
  });
});
