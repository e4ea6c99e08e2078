import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TSessionUser } from '@resolved/shared';
import { createTestApp, TEST_ENGINES, type TTestApp } from '../../test/harness';
import { buildUser, cookieHeaderFrom, DEFAULT_TEST_PASSWORD } from '../../test/factories';
import * as results from '../results/results.service';

type TCookieUser = { user: TSessionUser; cookie: string };

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

describe.each(TEST_ENGINES)('behaviour limits (playban) on %s', (engine) => {
  let t: TTestApp;
  let now: number;
  beforeEach(async () => {
    t = await createTestApp(engine);
    now = Date.parse('2026-11-25T09:00:00.000Z');
    vi.useFakeTimers({ toFake: ['Date'], now });
  });
  afterEach(async () => {
    vi.useRealTimers();
    await t.close();
  });

  const deps = () => ({ database: t.database, events: t.app.context.events });
  const call = (who: TCookieUser, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: who.cookie }, ...(payload ? { payload } : {}) });
  const joinQueue = (who: TCookieUser) => call(who, 'POST', '/api/debates/queue', { formatId: 'ld' });
  const advance = (ms: number) => {
    now += ms;
    vi.setSystemTime(now);
  };

  /** `striker` is matched with a new opponent through the queue; returns the live round's id. */
  async function liveRound(striker: TCookieUser): Promise<{ debateId: number; opponent: TCookieUser }> {
    expect((await joinQueue(striker)).json().status).toBe('waiting');
    const opponent = await buildUser(t);
    const res = await joinQueue(opponent);
    expect(res.json().status).toBe('matched');
    return { debateId: res.json().debateId as number, opponent };
  }

  /** `striker` never comes to (or leaves) a live round: the forfeit watch settles it. */
  async function noShow(striker: TCookieUser) {
    const { debateId } = await liveRound(striker);
    const ended = await results.forfeit(deps(), debateId, striker.user.id, { absentIds: [striker.user.id] });
    expect(ended).toMatchObject({ status: 'forfeited', forfeitedBy: striker.user.id });
    advance(MINUTE);
  }

  async function expectCooldown(who: TCookieUser, minutes: number) {
    const refused = await joinQueue(who);
    expect(refused.statusCode).toBe(403);
    const until = new Date(now + minutes * MINUTE - MINUTE).toISOString();
    expect(refused.json().error).toMatchObject({
      code: 'forbidden',
      reason: 'playban',
      details: { cooldownUntil: until },
    });
    const status = (await call(who, 'GET', '/api/debates/queue')).json().queue;
    expect(status.cooldownUntil).toBe(until);
  }

  it('three quick no-shows bring a 10-minute cooldown that ends; the next three bring 30 minutes', async () => {
    const striker = await buildUser(t);
    await noShow(striker);
    await noShow(striker);
    // Two strikes: still free to queue.
    expect((await call(striker, 'GET', '/api/debates/queue')).json().queue.cooldownUntil).toBeNull();
    await noShow(striker);
    // The cooldown began at the third strike (a minute ago): 9 minutes left.
    await expectCooldown(striker, 10);
    expect((await joinQueue(striker)).json().error.message).toBe(
      'You left or missed three rounds within a day, so you cannot find an opponent for 9 minutes.',
    );
    // The cooldown ends.
    advance(9 * MINUTE);
    expect((await call(striker, 'GET', '/api/debates/queue')).json().queue.cooldownUntil).toBeNull();
    // One more strike after the cooldown is not a fourth of the same set: the earlier three were paid for.
    await noShow(striker);
    expect((await call(striker, 'GET', '/api/debates/queue')).json().queue.cooldownUntil).toBeNull();
    await noShow(striker);
    await noShow(striker);
    await expectCooldown(striker, 30);
    expect((await joinQueue(striker)).json().error.message).toContain('for 29 minutes');
  });

  it('the step goes on to 2 hours and 24 hours, and stays there', async () => {
    const striker = await buildUser(t);
    const expected = ['9 minutes', '29 minutes', '1 hour 59 minutes', '23 hours 59 minutes', '23 hours 59 minutes'];
    for (const left of expected) {
      for (let i = 0; i < 3; i++) await noShow(striker);
      expect((await joinQueue(striker)).json().error.message).toContain(`for ${left}.`);
      advance(DAY);
    }
  });

  it('strikes more than a day apart bring no cooldown', async () => {
    const striker = await buildUser(t);
    await noShow(striker);
    await noShow(striker);
    advance(DAY);
    await noShow(striker);
    expect((await joinQueue(striker)).json().status).toBe('waiting');
  });

  /** A new session for `who` (a session lapses over the weeks these tests skip). */
  async function signInAgain(who: TCookieUser, email: string) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email, password: DEFAULT_TEST_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    who.cookie = cookieHeaderFrom(res.headers['set-cookie']);
  }

  it('the step goes down after a clean week', async () => {
    const email = 'striker@example.test';
    const striker = await buildUser(t, { email });
    for (let i = 0; i < 3; i++) await noShow(striker);
    expect((await joinQueue(striker)).json().error.message).toContain('for 9 minutes.');
    // Six clean days are not a week: the next set is the second step.
    advance(6 * DAY);
    await signInAgain(striker, email);
    for (let i = 0; i < 3; i++) await noShow(striker);
    expect((await joinQueue(striker)).json().error.message).toContain('for 29 minutes.');
    // Two clean weeks take the step down twice: the next set is the first step again.
    advance(15 * DAY);
    await signInAgain(striker, email);
    for (let i = 0; i < 3; i++) await noShow(striker);
    expect((await joinQueue(striker)).json().error.message).toContain('for 9 minutes.');
  });

  it('the Forfeit button is a resignation, not a strike', async () => {
    const striker = await buildUser(t);
    for (let i = 0; i < 3; i++) {
      const { debateId } = await liveRound(striker);
      const res = await call(striker, 'POST', `/api/debates/${debateId}/forfeit`);
      expect(res.json().debate).toMatchObject({ status: 'forfeited', forfeitedBy: striker.user.id });
      advance(MINUTE);
    }
    expect((await joinQueue(striker)).json().status).toBe('waiting');
  });

  it('a round ended by a block or cancelled by a coach never counts, even when the watch falls due after', async () => {
    const striker = await buildUser(t);
    for (let i = 0; i < 2; i++) {
      const { debateId, opponent } = await liveRound(striker);
      // One of the two blocks the other: the round ends early, abandoned.
      expect((await call(opponent, 'PUT', `/api/blocks/${striker.user.id}`)).statusCode).toBeLessThan(300);
      expect(await results.forfeit(deps(), debateId, striker.user.id, { absentIds: [striker.user.id] })).toBeNull();
      await call(opponent, 'DELETE', `/api/blocks/${striker.user.id}`);
      advance(MINUTE);
    }
    for (let i = 0; i < 2; i++) {
      const { debateId } = await liveRound(striker);
      expect(await results.abandon(deps(), debateId, { isCancel: true })).toMatchObject({ status: 'abandoned' });
      expect(await results.forfeit(deps(), debateId, striker.user.id, { absentIds: [striker.user.id] })).toBeNull();
      advance(MINUTE);
    }
    expect((await joinQueue(striker)).json().status).toBe('waiting');
    const strikes = await t.database.db.selectFrom('playStrikes').selectAll().execute();
    expect(strikes).toEqual([]);
  });
});
