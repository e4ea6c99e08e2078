/**
 * A round of teams through the media server (issue 40, item 7), against a real Janus and real WebRTC pages (a
 * headless Chromium): every debater and judge receives the others from the server, and the server holds the rules.
 * While prep runs, a subscription to the other team's feed carries no audio (its video still flows), a new one made
 * then neither, and the judge stays heard; after prep everyone hears everyone. Spectators of a round whose debaters
 * have not all allowed watching get nothing, while the participants keep receiving each other. Skips locally without
 * janus or Chromium, saying why; in CI it must run.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TAck, TDebateJoined, TSfuFeed, TSfuGrant, TSessionUser } from '@resolved/shared';
import { createTestApp, TEST_ENGINES, type TTestApp } from '../../test/harness';
import { buildUser } from '../../test/factories';
import { janusMissing, startJanus, type TJanusServer } from '../../test/janus';
import {
  chromiumMissing,
  startMediaBrowser,
  type TMediaBrowser,
  type TPublisherPage,
  type TSubscriberPage,
} from '../../test/media-browser';
import { ask, connectClient, listenOnFreePort, nextEvent, type TTestSocket } from '../chat/chat-test-client';
import { openSeatedRound } from '../debates/round-seating';
import { SfuKeys } from './sfu-tokens';

type TCookieUser = { user: TSessionUser; cookie: string };
type TCall = { socket: TTestSocket; sfu?: TSfuGrant };

/** Months of birth by age now: 15 is a minor. */
function bornYearsAgo(years: number): string {
  const now = new Date();
  return `${now.getUTCFullYear() - years - 1}-${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** Under this many audio bytes in the wait below, nothing was relayed (an oscillator's Opus is kilobytes a second). */
const SILENT = 300;
const GROWTH_MS = 1500;

const missing = janusMissing() ?? chromiumMissing();
const describeWithJanus = missing && !process.env.CI ? describe.skip : describe;
if (missing && !process.env.CI) console.warn(`[tests] ${missing}: the media server call tests are skipped.`);

describeWithJanus('a round of teams through the media server', () => {
  let janus: TJanusServer;
  let browser: TMediaBrowser;
  const pages: { close(): Promise<void> }[] = [];

  beforeAll(async () => {
    if (missing) throw new Error(`${missing}: the media server tests must run in CI.`);
    janus = await startJanus();
    browser = await startMediaBrowser();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await janus?.stop();
  });

  describe.each(TEST_ENGINES)('on %s', (engine) => {
    let t: TTestApp;
    let baseUrl: string;
    let keys: SfuKeys;
    const sockets: TTestSocket[] = [];

    beforeEach(async () => {
      t = await createTestApp(engine, { ...janus.env, SPECTATOR_LIMIT: '1' });
      baseUrl = await listenOnFreePort(t.app);
      keys = new SfuKeys(t.config.authSecret!);
    });
    afterEach(async () => {
      for (const s of sockets.splice(0)) s.disconnect();
      for (const p of pages.splice(0)) await p.close().catch(() => {});
      await t.close();
    });

    const call = (who: TCookieUser, method: 'POST' | 'PUT', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: { cookie: who.cookie }, ...(payload ? { payload } : {}) });

    /** A live Public Forum round of two teams of two (and `judge`, when given), seated as the queue seats one. */
    async function teamRound(people: TCookieUser[], judge: TCookieUser | null): Promise<number> {
      const [a1, a2, b1, b2] = people as [TCookieUser, TCookieUser, TCookieUser, TCookieUser];
      const seat = (who: TCookieUser, side: 'a' | 'b', position: string) => ({ userId: who.user.id, side, position });
      return openSeatedRound(
        { database: t.database },
        {
          kind: 'challenge',
          formatId: 'pf',
          resolution: 'This house would meet through the media server.',
          topicId: null,
          debaters: [seat(a1, 'a', 'first'), seat(a2, 'a', 'second'), seat(b1, 'b', 'first'), seat(b2, 'b', 'second')],
          judgeId: judge?.user.id ?? null,
        },
      );
    }

    /** The person's socket, joined to the round: its grant. */
    async function joined(who: TCookieUser, debateId: number): Promise<{ socket: TTestSocket; sfu?: TSfuGrant }> {
      const socket = await connectClient(baseUrl, who.cookie);
      sockets.push(socket);
      const reply = await ask<TDebateJoined>(socket, 'debate.join', { debateId });
      if (!reply.ok) throw new Error(`join failed: ${reply.error.message}`);
      return { socket, ...(reply.data.sfu ? { sfu: reply.data.sfu } : {}) };
    }

    async function publish(socket: TTestSocket, debateId: number, grant: TSfuGrant): Promise<TPublisherPage> {
      const page = await browser.publisher();
      pages.push(page);
      const reply = await ask<{ answer: string }>(socket, 'sfu.publish', {
        debateId,
        token: grant.token,
        offer: await page.offer(),
      });
      if (!reply.ok) throw new Error(`publish failed: ${reply.error.message}`);
      await page.accept(reply.data.answer);
      await page.connected(15_000);
      return page;
    }

    /** Asks for the round's feeds until `count` are up (Janus lists a feed once its connection is). */
    async function feedsOf(socket: TTestSocket, debateId: number, grant: TSfuGrant, count: number) {
      let last: TAck<{ feeds: TSfuFeed[] }> | undefined;
      for (let tries = 0; tries < 100; tries++) {
        last = await ask<{ feeds: TSfuFeed[] }>(socket, 'sfu.feeds', { debateId, token: grant.token });
        if (!last.ok || last.data.feeds.length >= count) return last;
        await new Promise((r) => setTimeout(r, 100));
      }
      return last!;
    }

    /** Subscribes `socket` to `feedUserId`'s feed with a real receiving page, connected. */
    async function receive(
      socket: TTestSocket,
      debateId: number,
      grant: TSfuGrant,
      feedUserId: string,
    ): Promise<TSubscriberPage> {
      const subscribed = await ask<{ subscriptionId: string; offer: string }>(socket, 'sfu.subscribe', {
        debateId,
        token: grant.token,
        feedUserId,
      });
      if (!subscribed.ok) throw new Error(`subscribe failed: ${subscribed.error.message}`);
      const page = await browser.subscriber();
      pages.push(page);
      const started = await ask(socket, 'sfu.start', {
        debateId,
        token: grant.token,
        subscriptionId: subscribed.data.subscriptionId,
        answer: await page.answer(subscribed.data.offer),
      });
      expect(started).toEqual({ ok: true, data: undefined });
      await page.connected(15_000);
      return page;
    }

    /** What the page received over GROWTH_MS, in bytes. */
    async function growth(page: TSubscriberPage): Promise<{ audio: number; video: number }> {
      const before = await page.received();
      await new Promise((r) => setTimeout(r, GROWTH_MS));
      const after = await page.received();
      return { audio: after.audio - before.audio, video: after.video - before.video };
    }

    const hears = async (page: TSubscriberPage) => (await growth(page)).audio > SILENT;

    it('each participant receives the others from the server; in prep the other team’s audio is held there', async () => {
      const [a1, a2, b1, b2, judge, watcher] = await Promise.all(
        ['A1', 'A2', 'B1', 'B2', 'Judge', 'Watcher'].map((displayName) => buildUser(t, { displayName })),
      );
      const debateId = await teamRound([a1!, a2!, b1!, b2!], judge!);
      const calls = await Promise.all([a1!, a2!, b1!, b2!, judge!].map((who) => joined(who, debateId)));
      for (const seat of calls) expect(seat.sfu?.role).toBe('publisher');
      const [a1Call, a2Call, b1Call, b2Call, judgeCall] = calls as [TCall, TCall, TCall, TCall, TCall];
      await publish(a1Call.socket, debateId, a1Call.sfu!);
      await publish(judgeCall.socket, debateId, judgeCall.sfu!);
      // A participant's list leaves out their own feed.
      const a1Feeds = await feedsOf(a1Call.socket, debateId, a1Call.sfu!, 1);
      expect(a1Feeds).toMatchObject({ ok: true, data: { feeds: [{ userId: judge!.user.id }] } });
      expect(await feedsOf(b1Call.socket, debateId, b1Call.sfu!, 2)).toMatchObject({ ok: true });

      const partnerHearsA1 = await receive(a2Call.socket, debateId, a2Call.sfu!, a1!.user.id);
      const otherHearsA1 = await receive(b1Call.socket, debateId, b1Call.sfu!, a1!.user.id);
      const otherHearsJudge = await receive(b1Call.socket, debateId, b1Call.sfu!, judge!.user.id);
      await expect.poll(() => hears(otherHearsA1), { timeout: 15_000 }).toBe(true);
      expect(await hears(partnerHearsA1)).toBe(true);
      // The participants' subscriptions are not viewers: the one spectator the limit allows still gets in.
      const watching = await joined(watcher!, debateId);
      expect(watching.sfu?.role).toBe('viewer');
      const spectatorHearsA1 = await receive(watching.socket, debateId, watching.sfu!, a1!.user.id);

      // Prep: the other team and the spectator stop receiving a1's audio (its video goes on); the partner still hears
      // a1, and b1 still hears the judge.
      expect((await call(a1!, 'POST', `/api/debates/${debateId}/clock`, { action: 'start_prep' })).statusCode).toBe(
        200,
      );
      await expect.poll(() => hears(otherHearsA1), { timeout: 10_000 }).toBe(false);
      const held = await growth(otherHearsA1);
      expect(held.audio).toBeLessThan(SILENT);
      expect(held.video).toBeGreaterThan(SILENT);
      expect(await hears(spectatorHearsA1)).toBe(false);
      expect(await hears(partnerHearsA1)).toBe(true);
      expect(await hears(otherHearsJudge)).toBe(true);
      // A subscription made during prep is held before its offer leaves the server: b2 never gets a1's audio.
      const lateOther = await receive(b2Call.socket, debateId, b2Call.sfu!, a1!.user.id);
      const late = await growth(lateOther);
      expect((await lateOther.received()).audio).toBeLessThan(SILENT);
      expect(late.video).toBeGreaterThan(SILENT);

      // Prep ends: everyone hears a1 again.
      expect((await call(a1!, 'POST', `/api/debates/${debateId}/clock`, { action: 'end_prep' })).statusCode).toBe(200);
      await expect.poll(() => hears(otherHearsA1), { timeout: 10_000 }).toBe(true);
      expect(await hears(lateOther)).toBe(true);
      expect(await hears(spectatorHearsA1)).toBe(true);
    }, 120_000);

    it('spectators get nothing until every debater allows watching; the participants receive each other all along', async () => {
      const minors = await Promise.all(
        ['A1', 'A2', 'B1', 'B2'].map((displayName) => buildUser(t, { displayName, birthMonth: bornYearsAgo(15) })),
      );
      const [a1, a2] = minors as [TCookieUser, TCookieUser];
      const debateId = await teamRound(minors, null);
      const a1Call = await joined(a1, debateId);
      const a2Call = await joined(a2, debateId);
      await publish(a1Call.socket, debateId, a1Call.sfu!);
      await feedsOf(a2Call.socket, debateId, a2Call.sfu!, 1);
      const partner = await receive(a2Call.socket, debateId, a2Call.sfu!, a1.user.id);
      await expect.poll(() => hears(partner), { timeout: 15_000 }).toBe(true);

      // A spectator is granted nothing, and a viewer's grant made for them opens nothing either.
      const watcher = await buildUser(t);
      const watching = await joined(watcher, debateId);
      expect(watching.sfu).toBeUndefined();
      const forged = keys.signGrant({
        debateId,
        userId: watcher.user.id,
        role: 'viewer',
        expiresAt: Date.now() + 60_000,
      });
      const notWatching = { ok: false, error: { code: 'forbidden', reason: 'spectators_not_watching' } };
      expect(await ask(watching.socket, 'sfu.feeds', { debateId, token: forged })).toMatchObject(notWatching);
      expect(
        await ask(watching.socket, 'sfu.subscribe', { debateId, token: forged, feedUserId: a1.user.id }),
      ).toMatchObject(notWatching);

      // Every debater allows: the spectator watches. One withdraws: the spectator's feed ends, the partner's stays.
      for (const who of minors) {
        expect((await call(who, 'PUT', `/api/debates/${debateId}/spectator-watch`, { allow: true })).statusCode).toBe(
          200,
        );
      }
      const allowed = await joined(watcher, debateId);
      expect(allowed.sfu?.role).toBe('viewer');
      await receive(allowed.socket, debateId, allowed.sfu!, a1.user.id);
      const ended = nextEvent(allowed.socket, 'sfu.ended');
      await call(a2, 'PUT', `/api/debates/${debateId}/spectator-watch`, { allow: false });
      expect(await ended).toEqual({ debateId, reason: 'watch_withdrawn' });
      expect(await ask(allowed.socket, 'sfu.feeds', { debateId, token: allowed.sfu!.token })).toMatchObject(
        notWatching,
      );
      expect(await hears(partner)).toBe(true);
    }, 120_000);

    it('keeps the debaters of a one-on-one round on the mesh: their grant receives nothing from the server', async () => {
      const [ada, bo] = [await buildUser(t), await buildUser(t)];
      const { challenge } = (
        await t.app.inject({
          method: 'POST',
          url: '/api/debates/challenges',
          headers: { cookie: ada.cookie },
          payload: { formatId: 'ld' },
        })
      ).json();
      const accepted = await call(bo, 'POST', `/api/debates/challenges/${challenge.token}/accept`);
      const debateId = accepted.json().debateId as number;
      const { socket, sfu } = await joined(ada, debateId);
      expect(sfu?.role).toBe('publisher');
      expect(await ask(socket, 'sfu.feeds', { debateId, token: sfu!.token })).toMatchObject({
        ok: false,
        error: {
          code: 'forbidden',
          message: 'The debaters and the judge are in the call itself: they do not watch it.',
        },
      });
      expect(await ask(socket, 'sfu.subscribe', { debateId, token: sfu!.token, feedUserId: bo.user.id })).toMatchObject(
        {
          ok: false,
          error: { code: 'forbidden' },
        },
      );
    });
  });
});
