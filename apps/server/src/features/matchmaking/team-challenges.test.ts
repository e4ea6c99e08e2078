/**
 * Challenges between teams (issue 40), through the real API on both engines: a PF challenge with partners on both
 * sides opens one 2 v 2 round at the accept with every seat in a position, all four told; a Policy or World Schools
 * challenge is a team's only; bad input (someone twice, the wrong team size, a partner not chosen, a partner of the
 * challenger's team, a block across the teams) is a clear 4xx and writes nothing.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TSessionUser } from '@resolved/shared';
import { createTestApp, TEST_ENGINES, type TTestApp } from '../../test/harness';
import type { TDomainEvent } from '../../lib/events';
import { buildUser } from '../../test/factories';

type TCookieUser = { user: TSessionUser; cookie: string };

describe.each(TEST_ENGINES)('challenges between teams on %s', (engine) => {
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
  async function link(a: TCookieUser, b: TCookieUser, formatId = 'pf') {
    const made = await call(a, 'POST', '/api/debates/partner-links', { formatId });
    expect(made.statusCode).toBe(201);
    const accepted = await call(b, 'POST', `/api/debates/partner-links/${made.json().link.token}/accept`);
    expect(accepted.statusCode).toBe(200);
  }
  async function challenge(who: TCookieUser, payload: object) {
    const res = await call(who, 'POST', '/api/debates/challenges', payload);
    expect(res.statusCode).toBe(201);
    return res.json().challenge.token as string;
  }
  const accept = (who: TCookieUser, token: string, partnerIds?: string[]) =>
    call(who, 'POST', `/api/debates/challenges/${token}/accept`, partnerIds ? { partnerIds } : {});
  const seats = () =>
    t.database.db
      .selectFrom('debateSeats')
      .select(['debateId', 'side', 'position', 'userId'])
      .orderBy('side')
      .orderBy('seat')
      .execute();
  const debateCount = async () => (await t.database.db.selectFrom('debates').select('id').execute()).length;
  async function fourLinked() {
    const [ada, bea, cy, dee] = [await buildUser(t), await buildUser(t), await buildUser(t), await buildUser(t)];
    await link(ada, bea);
    await link(cy, dee);
    return { ada, bea, cy, dee };
  }

  it('a PF challenge between two teams of two opens one round of four seated in positions; all four are told', async () => {
    const { ada, bea, cy, dee } = await fourLinked();
    const token = await challenge(ada, { formatId: 'pf', mode: 'team', partnerIds: [bea.user.id], prepMinutes: 2 });
    const viewed = (await call(cy, 'GET', `/api/debates/challenges/${token}`)).json().challenge;
    expect(viewed).toMatchObject({
      formatId: 'pf',
      mode: 'team',
      challenger: { userId: ada.user.id },
      partners: [{ userId: bea.user.id, displayName: bea.user.displayName }],
      debateId: null,
    });
    const accepted = await accept(cy, token, [dee.user.id]);
    expect(accepted.statusCode).toBe(200);
    const { debateId } = accepted.json() as { debateId: number };
    const seated = await seats();
    expect(seated).toHaveLength(4);
    expect(seated.every((s) => s.debateId === debateId)).toBe(true);
    const sideOf = (u: TCookieUser) => seated.find((s) => s.userId === u.user.id)!;
    expect(sideOf(ada).side).toBe(sideOf(bea).side);
    expect(sideOf(cy).side).toBe(sideOf(dee).side);
    expect(sideOf(ada).side).not.toBe(sideOf(cy).side);
    // Each team in order: its first member in the side's first position.
    expect([ada, bea, cy, dee].map((u) => sideOf(u).position)).toEqual(['first', 'second', 'first', 'second']);
    const round = (await call(bea, 'GET', `/api/debates/${debateId}`)).json();
    expect(round.debate.kind).toBe('challenge');
    for (const u of [ada, bea, cy, dee]) {
      expect(events.filter((e) => e.name === 'debate.matched' && e.room === `user:${u.user.id}`)).toHaveLength(1);
    }
    // The link works once.
    const again = await accept(cy, token, [dee.user.id]);
    expect(again.statusCode).toBe(409);
  });

  it('a team-only format is a team challenge only; a one-on-one challenge in PF still seats one a side', async () => {
    const [ada, bea, cy] = [await buildUser(t), await buildUser(t), await buildUser(t)];
    const policy = await call(ada, 'POST', '/api/debates/challenges', { formatId: 'policy', mode: 'one-on-one' });
    expect(policy.statusCode).toBe(400);
    expect(policy.json().error.message).toBe('Policy is debated in teams of two: it has no one-on-one rounds.');
    const ld = await call(ada, 'POST', '/api/debates/challenges', {
      formatId: 'ld',
      mode: 'team',
      partnerIds: [bea.user.id],
    });
    expect(ld.statusCode).toBe(400);
    expect(ld.json().error.message).toBe('Lincoln Douglas is one debater a side: challenge without a partner.');
    const token = await challenge(ada, { formatId: 'pf', mode: 'one-on-one' });
    const withPartner = await accept(cy, token, [bea.user.id]);
    expect(withPartner.statusCode).toBe(400);
    expect(withPartner.json().error.message).toBe('This challenge is one-on-one: accept it without a partner.');
    expect((await accept(cy, token)).statusCode).toBe(200);
    expect((await seats()).map((s) => s.position)).toEqual([null, null]);
  });

  it('a World Schools challenge names two partners a team, each one of the maker’s own, and seats six', async () => {
    const people: TCookieUser[] = [];
    for (let i = 0; i < 6; i++) people.push(await buildUser(t));
    const [ada, bea, cal, cy, dee, eve] = people as [
      TCookieUser,
      TCookieUser,
      TCookieUser,
      TCookieUser,
      TCookieUser,
      TCookieUser,
    ];
    for (const [a, b] of [
      [ada, bea],
      [ada, cal],
      [cy, dee],
      [cy, eve],
    ] as const) {
      await link(a, b, 'ws');
    }
    // One partner is not a team of three; a partner of a partner (Dee is Cy's, not Ada's) is not one's own.
    const one = await call(ada, 'POST', '/api/debates/challenges', {
      formatId: 'ws',
      mode: 'team',
      partnerIds: [bea.user.id],
    });
    expect(one.statusCode).toBe(400);
    expect(one.json().error.message).toBe('A World Schools team is 3 debaters: choose 2 partners.');
    const notMine = await call(ada, 'POST', '/api/debates/challenges', {
      formatId: 'ws',
      mode: 'team',
      partnerIds: [bea.user.id, dee.user.id],
    });
    expect(notMine.statusCode).toBe(403);
    const token = await challenge(ada, { formatId: 'ws', mode: 'team', partnerIds: [bea.user.id, cal.user.id] });
    const accepted = await accept(cy, token, [dee.user.id, eve.user.id]);
    expect(accepted.statusCode, accepted.body).toBe(200);
    const seated = await seats();
    const seatOf = (u: TCookieUser) => seated.find((s) => s.userId === u.user.id)!;
    expect(seated).toHaveLength(6);
    expect([ada, bea, cal, cy, dee, eve].map((u) => seatOf(u).position)).toEqual([
      'first',
      'second',
      'third',
      'first',
      'second',
      'third',
    ]);
    expect(new Set([ada, bea, cal].map((u) => seatOf(u).side)).size).toBe(1);
    expect(seatOf(ada).side).not.toBe(seatOf(cy).side);
  });

  it('names a partner under 18 to someone outside the team by first name and initials only', async () => {
    const teen = `${new Date().getUTCFullYear() - 16}-01`;
    const mia = await buildUser(t, { birthMonth: teen });
    const nia = await buildUser(t, { birthMonth: teen, displayName: 'Nia Lee Young' });
    await link(mia, nia);
    const token = await challenge(mia, { formatId: 'pf', mode: 'team', partnerIds: [nia.user.id] });
    const partnerAs = async (who: TCookieUser) =>
      (await call(who, 'GET', `/api/debates/challenges/${token}`)).json().challenge.partners[0].displayName as string;
    expect(await partnerAs(await buildUser(t))).toBe('Nia L. Y.');
    expect(await partnerAs(nia)).toBe('Nia Lee Young');
    expect(await partnerAs(mia)).toBe('Nia Lee Young');
  });

  it('refuses bad teams with a clear 4xx and writes nothing', async () => {
    const { ada, bea, cy, dee } = await fourLinked();
    const stranger = await buildUser(t);
    const refused = async (res: Awaited<ReturnType<typeof call>>, status: number, message: string | RegExp) => {
      expect(res.statusCode).toBe(status);
      expect(res.json().error.message).toMatch(message);
    };
    // At the making: someone twice, the wrong size, oneself, someone not chosen as a partner.
    const make = (payload: object) => call(ada, 'POST', '/api/debates/challenges', { formatId: 'pf', ...payload });
    await refused(
      await make({ mode: 'team', partnerIds: [bea.user.id, bea.user.id] }),
      400,
      'Choose each partner once.',
    );
    await refused(await make({ mode: 'team', partnerIds: [] }), 400, /choose 1 partner\.$/);
    await refused(await make({ mode: 'team', partnerIds: [ada.user.id] }), 400, 'You cannot be your own partner.');
    await refused(
      await make({ mode: 'team', partnerIds: [stranger.user.id] }),
      403,
      /^You can challenge with a teammate/,
    );
    const token = await challenge(ada, { formatId: 'pf', mode: 'team', partnerIds: [bea.user.id] });
    // At the accept: no partner, the challenger's partner, a partner not chosen, the challenger's partner accepting.
    await refused(await accept(cy, token), 400, /^This challenge is between teams\. A Public Forum team is 2/);
    await refused(await accept(cy, token, [bea.user.id]), 400, /is on the challenger’s team/);
    await refused(await accept(cy, token, [stranger.user.id]), 403, /^You can challenge with a teammate/);
    await refused(
      await accept(bea, token, [cy.user.id]),
      400,
      'You are on the challenger’s team: you cannot accept their challenge.',
    );
    // A block across the teams: the seat rule over every seat refuses, naming the two.
    expect((await call(dee, 'PUT', `/api/blocks/${bea.user.id}`)).statusCode).toBeLessThan(300);
    const blocked = await accept(cy, token, [dee.user.id]);
    expect(blocked.statusCode).toBeGreaterThanOrEqual(400);
    expect(blocked.statusCode).toBeLessThan(500);
    expect(blocked.json().error.message).toContain(dee.user.displayName);
    expect(await debateCount()).toBe(0);
    expect((await call(cy, 'GET', `/api/debates/challenges/${token}`)).json().challenge.debateId).toBeNull();
  });
});
