/**
 * Partners queue together (issue 40), through the real API on both engines: a team (partners through a link, or
 * teammates) and two "find me a partner" debaters make one 2 v 2 round with positions and all four are told; one-on-one
 * is never mixed with team rounds; a person is never in two rounds; partner links work once and expire; bad input
 * (the same person twice, a partner from the other age band, a blocked or suspended partner, a one-on-one debater in
 * a team) is a clear 4xx and changes nothing; leaving takes the team out and tells the partner.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TSessionUser } from '@resolved/shared';
import { PARTNER_LINK_TTL_MS } from '@resolved/shared';
import { createTestApp, TEST_ENGINES, type TTestApp } from '../../test/harness';
import type { TDomainEvent } from '../../lib/events';
import { buildUser } from '../../test/factories';

type TCookieUser = { user: TSessionUser; cookie: string };

function bornYearsAgo(years: number): string {
  const now = new Date();
  return `${now.getUTCFullYear() - years - 1}-${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
}

describe.each(TEST_ENGINES)('partners in the queue on %s', (engine) => {
  let t: TTestApp;
  let events: TDomainEvent[];
  beforeEach(async () => {
    t = await createTestApp(engine);
    events = [];
    t.app.context.events.subscribe((e) => events.push(e));
  });
  afterEach(async () => {
    vi.useRealTimers();
    await t.close();
  });

  const call = (who: TCookieUser, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: who.cookie }, ...(payload ? { payload } : {}) });
  const queue = (who: TCookieUser, payload: object) => call(who, 'POST', '/api/debates/queue', payload);
  const solo = (who: TCookieUser) => queue(who, { formatId: 'pf', mode: 'solo' });
  const withPartner = (who: TCookieUser, partner: TCookieUser, formatId = 'pf') =>
    queue(who, { formatId, mode: 'team', partnerIds: [partner.user.id] });
  /** `b` accepts `a`'s partner link in `formatId`. */
  async function link(a: TCookieUser, b: TCookieUser, formatId = 'pf') {
    const made = await call(a, 'POST', '/api/debates/partner-links', { formatId });
    expect(made.statusCode).toBe(201);
    const token = made.json().link.token as string;
    const accepted = await call(b, 'POST', `/api/debates/partner-links/${token}/accept`);
    expect(accepted.statusCode).toBe(200);
    return token;
  }
  const seats = () =>
    t.database.db
      .selectFrom('debateSeats')
      .select(['debateId', 'side', 'position', 'userId'])
      .orderBy('debateId')
      .orderBy('side')
      .orderBy('seat')
      .execute();
  const queueRows = () => t.database.db.selectFrom('debateQueue').select(['userId', 'mode']).execute();
  const debateCount = async () => (await t.database.db.selectFrom('debates').select('id').execute()).length;
  const matchedTo = (userId: string) =>
    events.filter((e) => e.name === 'debate.matched' && e.room === `user:${userId}`).map((e) => e.payload);

  it('a team through a partner link and two solo debaters make one 2 v 2 round with positions; all four are told', async () => {
    const [ada, bea, cy, dee] = [await buildUser(t), await buildUser(t), await buildUser(t), await buildUser(t)];
    await link(ada, bea);
    // Ada names Bea: the team waits for Bea, who sees the invitation.
    const first = await withPartner(ada, bea);
    expect(first.json()).toMatchObject({
      status: 'waiting',
      queue: { waiting: { mode: 'team', partners: [{ userId: bea.user.id, hasJoined: false }] } },
    });
    const invited = (await call(bea, 'GET', '/api/debates/queue')).json().queue;
    expect(invited.partnerInvites).toEqual([
      { userId: ada.user.id, displayName: ada.user.displayName, formatId: 'pf' },
    ]);
    const ready = await withPartner(bea, ada);
    expect(ready.json().queue.waiting.partners).toEqual([
      { userId: ada.user.id, displayName: ada.user.displayName, hasJoined: true },
    ]);
    expect((await solo(cy)).json().status).toBe('waiting');
    const matched = await solo(dee);
    expect(matched.json().status).toBe('matched');
    const { debateId } = matched.json() as { debateId: number };

    const seated = await seats();
    expect(seated.every((s) => s.debateId === debateId)).toBe(true);
    const sideOf = (u: TCookieUser) => seated.find((s) => s.userId === u.user.id)!;
    // Partners on one side, in the order they joined; the formed team on the other.
    expect(sideOf(ada).side).toBe(sideOf(bea).side);
    expect(sideOf(cy).side).toBe(sideOf(dee).side);
    expect(sideOf(ada).side).not.toBe(sideOf(cy).side);
    expect([sideOf(ada).position, sideOf(bea).position]).toEqual(['first', 'second']);
    expect([sideOf(cy).position, sideOf(dee).position]).toEqual(['first', 'second']);
    for (const who of [ada, bea, cy, dee]) expect(matchedTo(who.user.id)).toEqual([{ debateId }]);
    expect(await queueRows()).toEqual([]);
    // Each of the four is in that round now: the queue sends them back to it.
    const again = await solo(ada);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.details).toEqual({ debateId });
  });

  it('teammates queue together in Parliamentary, in the positions of its sides', async () => {
    const coach = await buildUser(t);
    const [pm, mg, lo, mo] = [await buildUser(t), await buildUser(t), await buildUser(t), await buildUser(t)];
    const team = (await call(coach, 'POST', '/api/teams', { name: 'Northside', school: 'Northside High' })).json().team;
    for (const m of [pm, mg]) expect((await call(m, 'POST', `/api/teams/join/${team.joinCode}`)).statusCode).toBe(200);
    expect((await withPartner(pm, mg, 'parli')).json().status).toBe('waiting');
    expect((await withPartner(mg, pm, 'parli')).json().status).toBe('waiting');
    expect((await queue(lo, { formatId: 'parli', mode: 'solo' })).json().status).toBe('waiting');
    expect((await queue(mo, { formatId: 'parli', mode: 'solo' })).json().status).toBe('matched');
    const seated = await seats();
    const of = (u: TCookieUser) => seated.find((s) => s.userId === u.user.id)!;
    expect(of(pm).side).toBe(of(mg).side);
    // The one who joined first takes the side's first position.
    expect([of(pm).position, of(mg).position]).toEqual(of(pm).side === 'a' ? ['pm', 'mg'] : ['lo', 'mo']);
    expect([of(lo).position, of(mo).position]).toEqual(of(lo).side === 'a' ? ['pm', 'mg'] : ['lo', 'mo']);
  });

  it('one-on-one is never mixed with team rounds; a bare { formatId } in Public Forum is one-on-one', async () => {
    const [ada, bea, cy, dee] = [await buildUser(t), await buildUser(t), await buildUser(t), await buildUser(t)];
    expect((await queue(ada, { formatId: 'pf', mode: 'one-on-one' })).json().status).toBe('waiting');
    expect((await solo(bea)).json().status).toBe('waiting');
    expect((await solo(cy)).json().status).toBe('waiting');
    // Three people wait in Public Forum, but no team round has four and the one-on-one lane has one.
    expect(await debateCount()).toBe(0);
    const bare = await queue(dee, { formatId: 'pf' });
    expect(bare.json().status).toBe('matched');
    const seated = await seats();
    expect(seated.map((s) => s.userId).sort()).toEqual([ada.user.id, dee.user.id].sort());
    expect(seated.map((s) => s.position)).toEqual([null, null]);
    const rows = await queueRows();
    expect(rows.map((r) => r.mode)).toEqual(['solo', 'solo']);
  });

  it('refuses bad partners with a clear 4xx and changes nothing', async () => {
    const [ada, bea] = [await buildUser(t), await buildUser(t)];
    const stranger = await buildUser(t);
    const teen = await buildUser(t, { birthMonth: bornYearsAgo(15) });
    const expectRefused = async (res: Awaited<ReturnType<typeof call>>, status: number, message: string) => {
      expect(res.statusCode).toBe(status);
      expect(res.json().error.message).toBe(message);
      expect(await queueRows()).toEqual([]);
    };
    // Naming oneself, twice the same partner, the wrong number, a partner in LD.
    await expectRefused(await withPartner(ada, ada), 400, 'You cannot be your own partner.');
    await expectRefused(
      await queue(ada, { formatId: 'pf', mode: 'team', partnerIds: [bea.user.id, bea.user.id] }),
      400,
      'Choose each partner once.',
    );
    await expectRefused(
      await queue(ada, { formatId: 'ld', mode: 'team', partnerIds: [bea.user.id] }),
      400,
      'Lincoln Douglas is one debater a side: queue without a partner.',
    );
    // Someone who is neither a teammate nor linked.
    await expectRefused(
      await withPartner(ada, stranger),
      403,
      'You can queue with a teammate, or with someone who accepted your Public Forum partner link (or whose link you accepted).',
    );
    // A partner link from an adult to a 15-year-old stranger is refused at acceptance.
    const made = (await call(ada, 'POST', '/api/debates/partner-links', { formatId: 'pf' })).json().link;
    const acceptedByTeen = await call(teen, 'POST', `/api/debates/partner-links/${made.token}/accept`);
    expect(acceptedByTeen.statusCode).toBe(403);
    expect(acceptedByTeen.json().error.message).toMatch(/^You cannot be partners: students under 18 partner students/);
    expect((await call(ada, 'GET', `/api/debates/partner-links/${made.token}`)).json().link.status).toBe('open');
    // Linked, then blocked: the block refuses the team.
    await link(ada, bea);
    expect((await call(bea, 'PUT', `/api/blocks/${ada.user.id}`)).statusCode).toBeLessThan(300);
    await expectRefused(await withPartner(ada, bea), 403, 'You cannot be partners: one of you has blocked the other.');
  });

  it('a suspended partner, and a partner waiting one-on-one, are refused', async () => {
    const [ada, bea, cy] = [await buildUser(t), await buildUser(t), await buildUser(t)];
    await link(ada, bea);
    await link(ada, cy);
    await t.database.db
      .updateTable('users')
      .set({ suspendedUntil: new Date(Date.now() + 3_600_000).toISOString() })
      .where('id', '=', bea.user.id)
      .execute();
    const suspended = await withPartner(ada, bea);
    expect(suspended.statusCode).toBe(403);
    expect(suspended.json().error.message).toBe(
      `${bea.user.displayName} cannot debate right now, so you cannot be partners.`,
    );
    expect((await queue(cy, { formatId: 'pf', mode: 'one-on-one' })).json().status).toBe('waiting');
    const oneOnOne = await withPartner(ada, cy);
    expect(oneOnOne.statusCode).toBe(409);
    expect(oneOnOne.json().error.message).toBe(
      `${cy.user.displayName} is waiting in the queue for a one-on-one round: a one-on-one debater cannot join a team.`,
    );
    expect((await queueRows()).map((r) => r.userId)).toEqual([cy.user.id]);
  });

  it('a partner link works once, not for its maker, and expires after 24 hours', async () => {
    const [ada, bea, cy, dee] = [await buildUser(t), await buildUser(t), await buildUser(t), await buildUser(t)];
    const token = await link(ada, bea);
    const viewed = (await call(cy, 'GET', `/api/debates/partner-links/${token}`)).json().link;
    expect(viewed).toMatchObject({ status: 'accepted', formatId: 'pf', creator: { userId: ada.user.id } });
    const reused = await call(cy, 'POST', `/api/debates/partner-links/${token}/accept`);
    expect(reused.statusCode).toBe(409);
    expect(reused.json().error.message).toBe('This partner link has already been used.');
    expect(events.filter((e) => e.name === 'queue.partner_changed' && e.room === `user:${ada.user.id}`)).toHaveLength(
      1,
    );

    const own = (await call(cy, 'POST', '/api/debates/partner-links', { formatId: 'parli' })).json().link;
    const byMaker = await call(cy, 'POST', `/api/debates/partner-links/${own.token}/accept`);
    expect(byMaker.statusCode).toBe(400);
    expect(byMaker.json().error.message).toBe('This is your own partner link: send it to your partner.');
    const inLd = await call(cy, 'POST', '/api/debates/partner-links', { formatId: 'ld' });
    expect(inLd.statusCode).toBe(400);
    const missing = await call(cy, 'GET', '/api/debates/partner-links/AAAAAAAAAAAAAAAAAAAAAAAA');
    expect(missing.statusCode).toBe(404);

    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + PARTNER_LINK_TTL_MS + 1000 });
    const expired = await call(dee, 'POST', `/api/debates/partner-links/${own.token}/accept`);
    expect(expired.statusCode).toBe(409);
    expect(expired.json().error.message).toBe('This partner link has expired.');
    const row = await t.database.db
      .selectFrom('partnerLinks')
      .select(['accepterId'])
      .where('token', '=', own.token)
      .executeTakeFirstOrThrow();
    expect(row.accepterId).toBeNull();
  });

  it('leaving the queue takes the team out and tells the partner', async () => {
    const [ada, bea] = [await buildUser(t), await buildUser(t)];
    await link(ada, bea);
    await withPartner(ada, bea);
    await withPartner(bea, ada);
    expect(await queueRows()).toHaveLength(2);
    expect((await call(ada, 'DELETE', '/api/debates/queue')).statusCode).toBe(204);
    expect(await queueRows()).toEqual([]);
    expect(
      events
        .filter((e) => e.name === 'queue.partner_changed' && e.room === `user:${bea.user.id}`)
        .map((e) => e.payload),
    ).toContainEqual({ partnerId: ada.user.id, change: 'left' });
    expect((await call(bea, 'GET', '/api/debates/queue')).json().queue.waiting).toBeNull();
  });

  it('a moderator suspending a queued partner takes the team out and tells the other', async () => {
    const [ada, bea] = [await buildUser(t), await buildUser(t)];
    await link(ada, bea);
    await withPartner(ada, bea);
    await withPartner(bea, ada);
    const moderator = await buildUser(t, { role: 'admin' });
    const suspended = await call(moderator, 'POST', `/api/moderation/users/${ada.user.id}/actions`, {
      action: 'suspend',
      reason: 'Abuse',
      hours: 24,
    });
    expect(suspended.statusCode).toBe(200);
    expect(await queueRows()).toEqual([]);
    expect(
      events
        .filter((e) => e.name === 'queue.partner_changed' && e.room === `user:${bea.user.id}`)
        .map((e) => e.payload),
    ).toContainEqual({ partnerId: ada.user.id, change: 'left' });
  });

  it('partners who block each other while queued leave the queue; the blocked one is told', async () => {
    const [ada, bea] = [await buildUser(t), await buildUser(t)];
    await link(ada, bea);
    await withPartner(ada, bea);
    await withPartner(bea, ada);
    expect((await call(bea, 'PUT', `/api/blocks/${ada.user.id}`)).statusCode).toBeLessThan(300);
    expect(await queueRows()).toEqual([]);
    expect(
      events
        .filter((e) => e.name === 'queue.partner_changed' && e.room === `user:${ada.user.id}`)
        .map((e) => e.payload),
    ).toContainEqual({ partnerId: bea.user.id, change: 'left' });
  });

  it('lists teammates and linked partners as partner choices', async () => {
    const [ada, bea] = [await buildUser(t), await buildUser(t)];
    expect((await call(ada, 'GET', '/api/debates/partners?formatId=pf')).json().partners).toEqual([]);
    await link(bea, ada);
    expect((await call(ada, 'GET', '/api/debates/partners?formatId=pf')).json().partners).toEqual([
      { userId: bea.user.id, displayName: bea.user.displayName, via: 'link' },
    ]);
    expect((await call(ada, 'GET', '/api/debates/partners?formatId=parli')).json().partners).toEqual([]);
    expect((await call(ada, 'GET', '/api/debates/partners?formatId=xx')).statusCode).toBe(400);
  });
});
