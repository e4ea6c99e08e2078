/**
 * The media server path against a real Janus (Debian's, started by the test) and real WebRTC publishers (a headless
 * Chromium): the join reply's grants, publishing, feeds, subscribing, each refusal (role, round, minors, blocks, the
 * viewer limit, a token of another round, at our door and at Janus's), and the room's end. Skips locally without
 * janus or Chromium, saying why; in CI it must run.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TAck, TDebateJoined, TSessionUser, TSfuFeed, TSfuGrant } from '@resolved/shared';
import { createTestApp, TEST_ENGINES, type TTestApp } from '../../test/harness';
import { buildUser } from '../../test/factories';
import { janusMissing, startJanus, type TJanusServer } from '../../test/janus';
import { chromiumMissing, startMediaBrowser, type TMediaBrowser, type TPublisherPage } from '../../test/media-browser';
import { subscriberAnswer } from '../../test/sdp';
import { ask, connectClient, listenOnFreePort, nextEvent, type TTestSocket } from '../chat/chat-test-client';
import { JANUS_ERROR, JanusClient, JanusError } from '../../lib/janus/janus-client';
import { SfuKeys } from './sfu-tokens';
import { ensureRoom, reconcileRooms } from './sfu-rooms';
import type { TSfuDeps } from './sfu.service';

type TCookieUser = { user: TSessionUser; cookie: string };

const quietLog = { warn: () => {}, info: () => {} };

/** An offer shaped as one (the schema's check) that the test needs refused for another reason first. */
const SHAPED_OFFER = 'v=0\r\nm=audio 9 UDP/TLS/RTP/SAVPF 111\r\n';

/** Months of birth by age now: 15 is a minor. */
function bornYearsAgo(years: number): string {
  const now = new Date();
  return `${now.getUTCFullYear() - years - 1}-${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
}

const missing = janusMissing() ?? chromiumMissing();
const describeWithJanus = missing && !process.env.CI ? describe.skip : describe;
if (missing && !process.env.CI) console.warn(`[tests] ${missing}: the media server tests are skipped.`);

describeWithJanus('the media server (Janus VideoRoom)', () => {
  let janus: TJanusServer;
  let browser: TMediaBrowser;
  let client: JanusClient;
  const pages: TPublisherPage[] = [];

  beforeAll(async () => {
    if (missing) throw new Error(`${missing}: the media server tests must run in CI.`);
    janus = await startJanus();
    browser = await startMediaBrowser();
    client = new JanusClient({ url: janus.url, apiSecret: janus.apiSecret, adminKey: janus.adminKey }, quietLog);
  }, 60_000);
  afterAll(async () => {
    await client?.close();
    await browser?.close();
    await janus?.stop();
  });

  describe.each(TEST_ENGINES)('on %s', (engine) => {
    let t: TTestApp;
    let baseUrl: string;
    let keys: SfuKeys;
    const sockets: TTestSocket[] = [];

    beforeEach(async () => {
      t = await createTestApp(engine, { ...janus.env, SPECTATOR_LIMIT: '2' });
      baseUrl = await listenOnFreePort(t.app);
      keys = new SfuKeys(t.config.authSecret!);
    });
    afterEach(async () => {
      for (const s of sockets.splice(0)) s.disconnect();
      for (const p of pages.splice(0)) await p.close().catch(() => {});
      await t.close();
    });

    const call = (who: TCookieUser, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: { cookie: who.cookie }, ...(payload ? { payload } : {}) });

    async function socketOf(who: TCookieUser): Promise<TTestSocket> {
      const socket = await connectClient(baseUrl, who.cookie);
      sockets.push(socket);
      return socket;
    }

    /** A live LD round between `a` (side a) and `b`, accepted through a challenge link. */
    async function roundOf(a: TCookieUser, b: TCookieUser): Promise<number> {
      const { challenge } = (await call(a, 'POST', '/api/debates/challenges', { formatId: 'ld' })).json();
      const accepted = await call(b, 'POST', `/api/debates/challenges/${challenge.token}/accept`);
      expect(accepted.statusCode).toBe(200);
      return accepted.json().debateId as number;
    }

    async function join(socket: TTestSocket, debateId: number): Promise<TDebateJoined> {
      const joined = await ask<TDebateJoined>(socket, 'debate.join', { debateId });
      if (!joined.ok) throw new Error(`join failed: ${joined.error.message}`);
      return joined.data;
    }

    /** Publishes a browser's feed through `socket` and waits for its connection to Janus. */
    async function publish(socket: TTestSocket, debateId: number, grant: TSfuGrant): Promise<TPublisherPage> {
      const page = await browser.publisher();
      pages.push(page);
      // The publisher's socket is in the round's room: the announcement of the feed (sent once its media is up) reaches
      // it too, and a test that listens for a later announcement must not take this one for it.
      // (ICE and DTLS take seconds on a loaded machine.)
      const announced = nextEvent(socket, 'sfu.feeds_changed', 15_000);
      const reply = await ask<{ answer: string }>(socket, 'sfu.publish', {
        debateId,
        token: grant.token,
        offer: await page.offer(),
      });
      if (!reply.ok) throw new Error(`publish failed: ${reply.error.message}`);
      await page.accept(reply.data.answer);
      await page.connected();
      expect(await announced).toEqual({ debateId });
      return page;
    }

    /** Asks for the round's feeds until `count` are up (Janus lists a feed once its connection is). */
    async function feedsOf(socket: TTestSocket, debateId: number, grant: TSfuGrant, count: number) {
      let last: TAck<{ feeds: TSfuFeed[] }> | undefined;
      for (let tries = 0; tries < 50; tries++) {
        last = await ask<{ feeds: TSfuFeed[] }>(socket, 'sfu.feeds', { debateId, token: grant.token });
        if (!last.ok || last.data.feeds.length >= count) return last;
        await new Promise((r) => setTimeout(r, 100));
      }
      return last!;
    }

    async function subscribe(socket: TTestSocket, debateId: number, grant: TSfuGrant, feedUserId: string) {
      return ask<{ subscriptionId: string; offer: string }>(socket, 'sfu.subscribe', {
        debateId,
        token: grant.token,
        feedUserId,
      });
    }

    const depsOf = (): TSfuDeps => ({
      database: t.database,
      events: t.app.context.events,
      janus: client,
      keys,
      spectatorLimit: 2,
      log: quietLog,
    });

    async function janusRoomOf(debateId: number) {
      return t.database.db.selectFrom('sfuRooms').selectAll().where('debateId', '=', debateId).executeTakeFirst();
    }

    /** A round with both debaters' sockets joined, and the first one's feed up. */
    async function publishedRound() {
      const [ada, bo] = [await buildUser(t, { displayName: 'Ada' }), await buildUser(t, { displayName: 'Bo' })];
      const debateId = await roundOf(ada, bo);
      const adaSocket = await socketOf(ada);
      const adaJoin = await join(adaSocket, debateId);
      await publish(adaSocket, debateId, adaJoin.sfu!);
      return { ada, bo, debateId, adaSocket, adaJoin };
    }

    it('grants the debaters and the judge a publisher’s token and a spectator a viewer’s, with the limit', async () => {
      const [ada, bo, judy, watcher] = [await buildUser(t), await buildUser(t), await buildUser(t), await buildUser(t)];
      const debateId = await roundOf(ada, bo);
      expect((await call(judy, 'POST', `/api/debates/${debateId}/judge`)).statusCode).toBe(200);
      const before = Date.now();
      for (const who of [ada, bo, judy]) {
        const { sfu } = await join(await socketOf(who), debateId);
        expect(sfu).toMatchObject({ role: 'publisher', viewerLimit: 2 });
        expect(sfu!.expiresAt).toBeGreaterThan(before + 60 * 60 * 1000);
        expect(keys.readGrant(sfu!.token)).toEqual({
          debateId,
          userId: who.user.id,
          role: 'publisher',
          expiresAt: sfu!.expiresAt,
        });
      }
      const { sfu } = await join(await socketOf(watcher), debateId);
      expect(sfu).toMatchObject({ role: 'viewer', viewerLimit: 2 });
      expect(keys.readGrant(sfu!.token)).toMatchObject({ userId: watcher.user.id, role: 'viewer' });
      // Nothing of Janus's own secrets reaches a browser.
      expect(JSON.stringify(sfu)).not.toContain(keys.roomToken(debateId));
    });

    it('publishes a debater’s feed, lists it, and lets a spectator subscribe and start', async () => {
      const { ada, debateId } = await publishedRound();
      const watcher = await buildUser(t);
      const watcherSocket = await socketOf(watcher);
      const { sfu } = await join(watcherSocket, debateId);
      const feeds = await feedsOf(watcherSocket, debateId, sfu!, 1);
      expect(feeds).toMatchObject({ ok: true, data: { feeds: [{ userId: ada.user.id, publicationId: /^\d+$/ }] } });

      const subscribed = await subscribe(watcherSocket, debateId, sfu!, ada.user.id);
      if (!subscribed.ok) throw new Error(subscribed.error.message);
      expect(subscribed.data.offer).toMatch(/^v=0/);
      expect(subscribed.data.offer).toMatch(/m=video/);
      const started = await ask(watcherSocket, 'sfu.start', {
        debateId,
        token: sfu!.token,
        subscriptionId: subscribed.data.subscriptionId,
        answer: subscriberAnswer(subscribed.data.offer),
      });
      expect(started).toEqual({ ok: true, data: undefined });

      // Someone who sends nothing has no feed to subscribe to.
      const none = await subscribe(watcherSocket, debateId, sfu!, watcher.user.id);
      expect(none).toMatchObject({ ok: false, error: { code: 'not_found', reason: 'feed_not_found' } });
      // Leaving ends the subscription: starting it again finds nothing.
      expect(await ask(watcherSocket, 'sfu.leave', { debateId, token: sfu!.token })).toEqual({
        ok: true,
        data: undefined,
      });
      const gone = await ask(watcherSocket, 'sfu.start', {
        debateId,
        token: sfu!.token,
        subscriptionId: subscribed.data.subscriptionId,
        answer: subscriberAnswer(subscribed.data.offer),
      });
      expect(gone).toMatchObject({ ok: false, error: { code: 'not_found' } });
    }, 30_000);

    it('tells the round when a feed comes and goes, and a republish replaces the publication', async () => {
      const [ada, bo] = [await buildUser(t), await buildUser(t)];
      const debateId = await roundOf(ada, bo);
      const adaSocket = await socketOf(ada);
      const adaJoin = await join(adaSocket, debateId);
      const watcherSocket = await socketOf(await buildUser(t));
      const { sfu } = await join(watcherSocket, debateId);
      const told = nextEvent(watcherSocket, 'sfu.feeds_changed', 15_000);
      await publish(adaSocket, debateId, adaJoin.sfu!);
      expect(await told).toEqual({ debateId });
      const before = await feedsOf(watcherSocket, debateId, sfu!, 1);
      // A republish is announced too, once its new connection is up, as a new publication: its viewers subscribe to it
      // (Janus sends nothing more on a subscription to the old one, though that connection stays up).
      const republished = nextEvent(watcherSocket, 'sfu.feeds_changed', 15_000);
      await publish(adaSocket, debateId, adaJoin.sfu!);
      expect(await republished).toEqual({ debateId });
      const room = await janusRoomOf(debateId);
      // The earlier publication was kicked and detached; Janus lets it go a moment after answering.
      await expect
        .poll(async () =>
          (await client.listParticipants(Number(room!.janusRoomId), keys.roomSecret(debateId))).map((p) => p.display),
        )
        .toEqual([ada.user.id]);
      const after = await feedsOf(watcherSocket, debateId, sfu!, 1);
      expect(after).toMatchObject({ ok: true, data: { feeds: [{ userId: ada.user.id }] } });
      expect(after).not.toEqual(before);

      const gone = nextEvent(watcherSocket, 'sfu.feeds_changed');
      expect(await ask(adaSocket, 'sfu.unpublish', { debateId, token: adaJoin.sfu!.token })).toEqual({
        ok: true,
        data: undefined,
      });
      expect(await gone).toEqual({ debateId });
      await expect
        .poll(() => ask(watcherSocket, 'sfu.feeds', { debateId, token: sfu!.token }))
        .toEqual({
          ok: true,
          data: { feeds: [] },
        });
    }, 30_000);

    it('a publisher’s disconnect takes their feed away; a viewer is counted while subscribed', async () => {
      const { ada, adaSocket, debateId } = await publishedRound();
      const watcher = await buildUser(t);
      const watcherSocket = await socketOf(watcher);
      const { sfu } = await join(watcherSocket, debateId);
      await feedsOf(watcherSocket, debateId, sfu!, 1);
      expect((await subscribe(watcherSocket, debateId, sfu!, ada.user.id)).ok).toBe(true);
      const viewing = async () => {
        const sockets = await t.app.realtime.in(`debate:${debateId}`).fetchSockets();
        return sockets.filter((s) => s.data.sfuViewing?.includes(debateId)).map((s) => s.data.user?.id);
      };
      expect(await viewing()).toEqual([watcher.user.id]);

      const gone = nextEvent(watcherSocket, 'sfu.feeds_changed');
      adaSocket.disconnect();
      expect(await gone).toEqual({ debateId });
      // Janus answers the handle's detach a moment before its VideoRoom has let the participant go.
      const room = await janusRoomOf(debateId);
      await expect
        .poll(() => client.listParticipants(Number(room!.janusRoomId), keys.roomSecret(debateId)))
        .toEqual([]);
      expect(await ask(watcherSocket, 'sfu.feeds', { debateId, token: sfu!.token })).toEqual({
        ok: true,
        data: { feeds: [] },
      });
    }, 30_000);

    it('refuses a viewer who publishes, a debater who subscribes, and a token of another round or person', async () => {
      const { ada, adaSocket, adaJoin, debateId } = await publishedRound();
      const watcher = await buildUser(t);
      const watcherSocket = await socketOf(watcher);
      const { sfu: viewerGrant } = await join(watcherSocket, debateId);

      const page = await browser.publisher();
      pages.push(page);
      const offer = await page.offer();
      const viewerPublishes = await ask(watcherSocket, 'sfu.publish', { debateId, token: viewerGrant!.token, offer });
      expect(viewerPublishes).toMatchObject({
        ok: false,
        error: { code: 'forbidden', message: 'Only the debaters and the judge send audio and video.' },
      });
      // A one-on-one round's debater is in the mesh call: their grant takes no feed (a round of teams: sfu-call.test.ts).
      const debaterViews = await subscribe(adaSocket, debateId, adaJoin.sfu!, ada.user.id);
      expect(debaterViews).toMatchObject({
        ok: false,
        error: {
          code: 'forbidden',
          message: 'The debaters and the judge are in the call itself: they do not watch it.',
        },
      });

      // Round B: Ada's grant for round A does not publish there, nor does the viewer's grant watch it.
      const [cy, di] = [await buildUser(t), await buildUser(t)];
      const otherRound = await roundOf(cy, di);
      await join(watcherSocket, otherRound);
      const crossPublish = await ask(adaSocket, 'sfu.publish', {
        debateId: otherRound,
        token: adaJoin.sfu!.token,
        offer,
      });
      expect(crossPublish).toMatchObject({ ok: false, error: { code: 'forbidden', reason: 'media_grant_invalid' } });
      const crossView = await ask(watcherSocket, 'sfu.feeds', { debateId: otherRound, token: viewerGrant!.token });
      expect(crossView).toMatchObject({ ok: false, error: { code: 'forbidden', reason: 'media_grant_invalid' } });
      // Someone else's grant, or an altered one, is refused too.
      const stranger = await socketOf(await buildUser(t));
      await join(stranger, debateId);
      const borrowed = await ask(stranger, 'sfu.feeds', { debateId, token: viewerGrant!.token });
      expect(borrowed).toMatchObject({ ok: false, error: { code: 'forbidden', reason: 'media_grant_invalid' } });
      const altered = `${viewerGrant!.token.slice(0, -2)}xx`;
      expect(await ask(watcherSocket, 'sfu.feeds', { debateId, token: altered })).toMatchObject({
        ok: false,
        error: { code: 'forbidden' },
      });
    }, 30_000);

    it('at Janus itself, round A’s room token does not publish into round B’s room (433)', async () => {
      const { debateId: roundA } = await publishedRound();
      const { debateId: roundB } = await publishedRound();
      const roomB = Number((await janusRoomOf(roundB))!.janusRoomId);
      const page = await browser.publisher();
      pages.push(page);
      const offerSdp = await page.offer();
      const refused = await client
        .publish({ room: roomB, token: keys.roomToken(roundA), display: 'intruder', offerSdp })
        .then(
          () => null,
          (error: unknown) => error,
        );
      expect(refused).toBeInstanceOf(JanusError);
      expect((refused as JanusError).janusCode).toBe(JANUS_ERROR.unauthorized);
      // Round B's own token is let in. (Janus checks the token of a publisher only: subscriptions are made by this
      // server alone, after its own checks, since no browser reaches Janus's API.)
      const { peer } = await client.publish({ room: roomB, token: keys.roomToken(roundB), display: 'check', offerSdp });
      await peer.close();
    }, 30_000);

    it('a minors’ round: no viewer’s grant until both debaters allow, and feeds end when one withdraws', async () => {
      const [ana, ben] = [
        await buildUser(t, { birthMonth: bornYearsAgo(15) }),
        await buildUser(t, { birthMonth: bornYearsAgo(15) }),
      ];
      const debateId = await roundOf(ana, ben);
      const anaSocket = await socketOf(ana);
      const anaJoin = await join(anaSocket, debateId);
      expect(anaJoin.sfu?.role).toBe('publisher');
      await publish(anaSocket, debateId, anaJoin.sfu!);

      const watcherSocket = await socketOf(await buildUser(t));
      expect((await join(watcherSocket, debateId)).sfu).toBeUndefined();
      await call(ana, 'PUT', `/api/debates/${debateId}/spectator-watch`, { allow: true });
      expect((await join(watcherSocket, debateId)).sfu).toBeUndefined();
      await call(ben, 'PUT', `/api/debates/${debateId}/spectator-watch`, { allow: true });
      const { sfu } = await join(watcherSocket, debateId);
      expect(sfu?.role).toBe('viewer');
      await feedsOf(watcherSocket, debateId, sfu!, 1);
      const subscribed = await subscribe(watcherSocket, debateId, sfu!, ana.user.id);
      if (!subscribed.ok) throw new Error(subscribed.error.message);

      const ended = nextEvent(watcherSocket, 'sfu.ended');
      await call(ben, 'PUT', `/api/debates/${debateId}/spectator-watch`, { allow: false });
      expect(await ended).toEqual({ debateId, reason: 'watch_withdrawn' });
      // The subscription is gone, and the grant no longer opens anything while spectators may not watch.
      const start = await ask(watcherSocket, 'sfu.start', {
        debateId,
        token: sfu!.token,
        subscriptionId: subscribed.data.subscriptionId,
        answer: subscriberAnswer(subscribed.data.offer),
      });
      expect(start).toMatchObject({ ok: false, error: { reason: 'spectators_not_watching' } });
      expect(await ask(watcherSocket, 'sfu.feeds', { debateId, token: sfu!.token })).toMatchObject({
        ok: false,
        error: { code: 'forbidden', reason: 'spectators_not_watching' },
      });
      expect(await subscribe(watcherSocket, debateId, sfu!, ana.user.id)).toMatchObject({
        ok: false,
        error: { reason: 'spectators_not_watching' },
      });
      // The debater's own feed stays; once both allow again, the old subscription is gone and a new one works.
      const room = await janusRoomOf(debateId);
      expect(await client.listPublishers(Number(room!.janusRoomId), keys.roomSecret(debateId))).toHaveLength(1);
      await call(ben, 'PUT', `/api/debates/${debateId}/spectator-watch`, { allow: true });
      const stale = await ask(watcherSocket, 'sfu.start', {
        debateId,
        token: sfu!.token,
        subscriptionId: subscribed.data.subscriptionId,
        answer: subscriberAnswer(subscribed.data.offer),
      });
      expect(stale).toMatchObject({ ok: false, error: { code: 'not_found' } });
      expect((await subscribe(watcherSocket, debateId, sfu!, ana.user.id)).ok).toBe(true);
    }, 30_000);

    it('a spectator a debater blocks loses their feeds at once and is refused after', async () => {
      const { ada, debateId } = await publishedRound();
      const watcher = await buildUser(t);
      const watcherSocket = await socketOf(watcher);
      const { sfu } = await join(watcherSocket, debateId);
      await feedsOf(watcherSocket, debateId, sfu!, 1);
      const subscribed = await subscribe(watcherSocket, debateId, sfu!, ada.user.id);
      if (!subscribed.ok) throw new Error(subscribed.error.message);

      const ended = nextEvent(watcherSocket, 'sfu.ended');
      expect((await call(ada, 'PUT', `/api/blocks/${watcher.user.id}`)).statusCode).toBeLessThan(300);
      expect(await ended).toEqual({ debateId, reason: 'blocked' });
      expect(await ask(watcherSocket, 'sfu.feeds', { debateId, token: sfu!.token })).toMatchObject({
        ok: false,
        error: { code: 'forbidden', reason: 'blocked' },
      });
      expect(await subscribe(watcherSocket, debateId, sfu!, ada.user.id)).toMatchObject({
        ok: false,
        error: { reason: 'blocked' },
      });
      // Blocked, they are not let into the round again, and so get no grant.
      const again = await ask<TDebateJoined>(await socketOf(watcher), 'debate.join', { debateId });
      expect(again).toMatchObject({ ok: false, error: { reason: 'blocked' } });
    }, 30_000);

    it('refuses a viewer past SPECTATOR_LIMIT, and counts a viewer’s second tab once', async () => {
      const { ada, debateId } = await publishedRound();
      const viewers = [await buildUser(t), await buildUser(t), await buildUser(t)];
      const replies = [];
      for (const viewer of viewers) {
        const socket = await socketOf(viewer);
        const { sfu } = await join(socket, debateId);
        await feedsOf(socket, debateId, sfu!, 1);
        replies.push({ socket, sfu: sfu!, reply: await subscribe(socket, debateId, sfu!, ada.user.id) });
      }
      expect(replies.map((r) => r.reply.ok)).toEqual([true, true, false]);
      expect(replies[2]!.reply).toMatchObject({
        ok: false,
        error: {
          code: 'conflict',
          reason: 'viewer_limit',
          message: 'This round has as many viewers as it can take (2). You can still follow the clock and chat.',
        },
      });
      // A viewer already counted may open a second tab; one who leaves makes room.
      const secondTab = await socketOf(viewers[0]!);
      const { sfu } = await join(secondTab, debateId);
      expect((await subscribe(secondTab, debateId, sfu!, ada.user.id)).ok).toBe(true);
      await ask(replies[1]!.socket, 'sfu.leave', { debateId, token: replies[1]!.sfu.token });
      expect((await subscribe(replies[2]!.socket, debateId, replies[2]!.sfu, ada.user.id)).ok).toBe(true);
    }, 30_000);

    it('creates the room itself when the instance that claimed it never finished', async () => {
      const [ada, bo] = [await buildUser(t), await buildUser(t)];
      const debateId = await roundOf(ada, bo);
      // Another instance claimed the round's room 10 s ago and died before creating it in Janus.
      const janusRoomId = 1_000_000 + Math.floor(Math.random() * 1_000_000_000);
      await t.database.db
        .insertInto('sfuRooms')
        .values({ debateId, janusRoomId, claimedAt: new Date(Date.now() - 10_000).toISOString(), readyAt: null })
        .execute();
      expect(await client.roomExists(janusRoomId)).toBe(false);
      const adaSocket = await socketOf(ada);
      await publish(adaSocket, debateId, (await join(adaSocket, debateId)).sfu!);
      expect(await client.roomExists(janusRoomId)).toBe(true);
      expect((await janusRoomOf(debateId))!.readyAt).not.toBeNull();
    }, 30_000);

    it('destroys the room when the round ends, and the sweep destroys one left behind', async () => {
      const { bo, debateId, adaSocket, adaJoin } = await publishedRound();
      const room = Number((await janusRoomOf(debateId))!.janusRoomId);
      expect(await client.roomExists(room)).toBe(true);
      const ended = nextEvent(adaSocket, 'sfu.ended');
      expect((await call(bo, 'POST', `/api/debates/${debateId}/forfeit`)).statusCode).toBe(200);
      expect(await ended).toEqual({ debateId, reason: 'round_over' });
      expect(await client.roomExists(room)).toBe(false);
      expect((await janusRoomOf(debateId))!.destroyedAt).not.toBeNull();
      expect(
        await ask(adaSocket, 'sfu.publish', { debateId, token: adaJoin.sfu!.token, offer: SHAPED_OFFER }),
      ).toMatchObject({
        ok: false,
        error: { code: 'conflict', reason: 'round_over' },
      });

      // A round that ended with nobody to see it (its instance died): the sweep finds its room.
      const left = await publishedRound();
      const leftRoom = Number((await janusRoomOf(left.debateId))!.janusRoomId);
      await t.database.db.updateTable('debates').set({ status: 'abandoned' }).where('id', '=', left.debateId).execute();
      expect(await reconcileRooms(depsOf())).toEqual({ destroyed: 1, recreated: 0 });
      expect(await client.roomExists(leftRoom)).toBe(false);
      expect((await janusRoomOf(left.debateId))!.destroyedAt).not.toBeNull();
      expect(await reconcileRooms(depsOf())).toEqual({ destroyed: 0, recreated: 0 });
    }, 30_000);

    it('destroys the room of a round that was deleted (an account that debated it was deleted)', async () => {
      const { debateId } = await publishedRound();
      const room = Number((await janusRoomOf(debateId))!.janusRoomId);
      await t.database.db.deleteFrom('debates').where('id', '=', debateId).execute();
      expect(await reconcileRooms(depsOf())).toEqual({ destroyed: 1, recreated: 0 });
      expect(await client.roomExists(room)).toBe(false);
    }, 30_000);

    it('destroys a room made while its round ended, and never marks it ready for good', async () => {
      const [ada, bo] = [await buildUser(t), await buildUser(t)];
      const debateId = await roundOf(ada, bo);
      const live = await t.database.db.selectFrom('debates').selectAll().where('id', '=', debateId).executeTakeFirst();
      // The round ends (here, with no event) after a publisher's request was admitted and before its room was made.
      await t.database.db.updateTable('debates').set({ status: 'abandoned' }).where('id', '=', debateId).execute();
      const made = await ensureRoom(depsOf(), live!).then(
        () => null,
        (error: unknown) => error,
      );
      expect(made).toMatchObject({ code: 'conflict', reason: 'round_over' });
      const stored = await janusRoomOf(debateId);
      expect(stored!.destroyedAt).not.toBeNull();
      expect(await client.roomExists(Number(stored!.janusRoomId))).toBe(false);
    }, 30_000);

    it('refuses a malformed offer or answer as the browser’s error (400-class), never logged as an error', async () => {
      const { ada, bo, debateId } = await publishedRound();
      const boSocket = await socketOf(bo);
      const boGrant = (await join(boSocket, debateId)).sfu!;
      const errors = vi.spyOn(t.app.log, 'error');
      const notSdp = await ask(boSocket, 'sfu.publish', { debateId, token: boGrant.token, offer: 'hello' });
      expect(notSdp).toMatchObject({ ok: false, error: { code: 'validation_failed' } });
      // Shaped as an SDP, yet nothing Janus can read: its refusal (465) is the browser's too.
      const unreadable = await ask(boSocket, 'sfu.publish', { debateId, token: boGrant.token, offer: SHAPED_OFFER });
      expect(unreadable).toMatchObject({ ok: false, error: { code: 'validation_failed', reason: 'invalid_sdp' } });

      const watcherSocket = await socketOf(await buildUser(t));
      const { sfu } = await join(watcherSocket, debateId);
      await feedsOf(watcherSocket, debateId, sfu!, 1);
      const subscribed = await subscribe(watcherSocket, debateId, sfu!, ada.user.id);
      if (!subscribed.ok) throw new Error(subscribed.error.message);
      const start = (answer: string) =>
        ask(watcherSocket, 'sfu.start', {
          debateId,
          token: sfu!.token,
          subscriptionId: subscribed.data.subscriptionId,
          answer,
        });
      expect(await start('v=1 nonsense')).toMatchObject({ ok: false, error: { code: 'validation_failed' } });
      expect(await start('v=0\r\nm=video 0 nonsense\r\n')).toMatchObject({
        ok: false,
        error: { code: 'validation_failed', reason: 'invalid_sdp' },
      });
      expect(errors).not.toHaveBeenCalled();
      // The subscription is still there: a good answer starts it.
      expect(await start(subscriberAnswer(subscribed.data.offer))).toEqual({ ok: true, data: undefined });
    }, 30_000);

    it('a media-server restart keeps the live round’s viewers watching: the room is made again', async () => {
      const { ada, adaSocket, adaJoin, debateId } = await publishedRound();
      const watcherSocket = await socketOf(await buildUser(t));
      const { sfu } = await join(watcherSocket, debateId);
      await feedsOf(watcherSocket, debateId, sfu!, 1);
      expect((await subscribe(watcherSocket, debateId, sfu!, ada.user.id)).ok).toBe(true);
      const ended: unknown[] = [];
      watcherSocket.on('sfu.ended', (payload) => ended.push(payload));
      const room = Number((await janusRoomOf(debateId))!.janusRoomId);

      await janus.stop();
      janus = await startJanus({ port: Number(new URL(janus.url).port) });
      expect(await client.roomExists(room)).toBe(false);

      // The viewer's connections fail and it asks again: the room is there (empty until the publisher is back).
      expect(await ask(watcherSocket, 'sfu.feeds', { debateId, token: sfu!.token })).toEqual({
        ok: true,
        data: { feeds: [] },
      });
      expect(await client.roomExists(room)).toBe(true);
      expect(await subscribe(watcherSocket, debateId, sfu!, ada.user.id)).toMatchObject({
        ok: false,
        error: { code: 'not_found', reason: 'feed_not_found' },
      });
      // The publisher's connection fails too, and it publishes again; the viewer is told and subscribes.
      const told = nextEvent(watcherSocket, 'sfu.feeds_changed', 15_000);
      await publish(adaSocket, debateId, adaJoin.sfu!);
      expect(await told).toEqual({ debateId });
      expect(await feedsOf(watcherSocket, debateId, sfu!, 1)).toMatchObject({
        ok: true,
        data: { feeds: [{ userId: ada.user.id }] },
      });
      const again = await subscribe(watcherSocket, debateId, sfu!, ada.user.id);
      if (!again.ok) throw new Error(again.error.message);
      expect(
        await ask(watcherSocket, 'sfu.start', {
          debateId,
          token: sfu!.token,
          subscriptionId: again.data.subscriptionId,
          answer: subscriberAnswer(again.data.offer),
        }),
      ).toEqual({ ok: true, data: undefined });
      expect(ended).toEqual([]);
      expect((await janusRoomOf(debateId))!.destroyedAt).toBeNull();
    }, 60_000);

    it('the scheduler’s reconciliation makes again a live round’s room that Janus lost', async () => {
      const { debateId } = await publishedRound();
      const room = Number((await janusRoomOf(debateId))!.janusRoomId);
      await client.destroyRoom(room, keys.roomSecret(debateId));
      expect(await reconcileRooms(depsOf())).toEqual({ destroyed: 0, recreated: 1 });
      expect(await client.roomExists(room)).toBe(true);
      expect(await reconcileRooms(depsOf())).toEqual({ destroyed: 0, recreated: 0 });
    }, 30_000);

    it('a three-judge panel’s five publish, and a judge the host replaced gives their place to the new one', async () => {
      const [ada, bo, j1, j2, j3, j4] = [
        await buildUser(t),
        await buildUser(t),
        await buildUser(t),
        await buildUser(t),
        await buildUser(t),
        await buildUser(t),
      ];
      const debateId = await roundOf(ada, bo);
      // A tournament's panel round: the chair is the round's judge and seat 1 of the panel.
      const seatedAt = new Date().toISOString();
      await t.database.db
        .updateTable('debates')
        .set({ kind: 'tournament', judgeId: j1.user.id })
        .where('id', '=', debateId)
        .execute();
      await t.database.db
        .insertInto('debatePanelJudges')
        .values([j1, j2, j3].map((j, i) => ({ debateId, userId: j.user.id, seat: i + 1, seatedAt })))
        .execute();
      const grantOf = (who: TCookieUser) =>
        ({
          token: keys.signGrant({ debateId, userId: who.user.id, role: 'publisher', expiresAt: Date.now() + 600_000 }),
          role: 'publisher',
          expiresAt: Date.now() + 600_000,
          viewerLimit: 2,
        }) satisfies TSfuGrant;
      const socketsBy = new Map<TCookieUser, TTestSocket>();
      const openedBy = async (who: TCookieUser) => {
        const socket = await socketOf(who);
        socketsBy.set(who, socket);
        // In the round's socket room, to hear its feeds announced.
        await ask(socket, 'debate.join', { debateId });
        return socket;
      };
      // Janus counts a publisher once its media is up: with the first three connected, a room of three (two debaters
      // and a judge) is full. The others join with an offer and need not connect for that.
      await Promise.all([ada, bo, j1].map(async (who) => publish(await openedBy(who), debateId, grantOf(who))));
      const page = await browser.publisher();
      pages.push(page);
      const offer = await page.offer();
      const joinWithOffer = async (who: TCookieUser) =>
        ask(socketsBy.get(who) ?? (await openedBy(who)), 'sfu.publish', { debateId, token: grantOf(who).token, offer });
      for (const who of [j2, j3]) expect(await joinWithOffer(who)).toMatchObject({ ok: true });
      const room = Number((await janusRoomOf(debateId))!.janusRoomId);
      const displays = async () =>
        (await client.listParticipants(room, keys.roomSecret(debateId))).map((p) => p.display).sort();
      expect(await displays()).toEqual([ada, bo, j1, j2, j3].map((w) => w.user.id).sort());

      // The host seats j4 in j3's place: j4 publishes into the full room, j3 is taken out and may not come back.
      await t.database.db
        .updateTable('debatePanelJudges')
        .set({ userId: j4.user.id })
        .where('debateId', '=', debateId)
        .where('seat', '=', 3)
        .execute();
      expect(await joinWithOffer(j4)).toMatchObject({ ok: true });
      await expect.poll(displays).toEqual([ada, bo, j1, j2, j4].map((w) => w.user.id).sort());
      const comeBack = await joinWithOffer(j3);
      expect(comeBack).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    }, 90_000);
  });
});

describe.each(TEST_ENGINES)('without a media server on %s', (engine) => {
  let t: TTestApp;
  const sockets: TTestSocket[] = [];
  beforeEach(async () => {
    t = await createTestApp(engine);
  });
  afterEach(async () => {
    for (const s of sockets.splice(0)) s.disconnect();
    await t.close();
  });

  it('grants nothing, and every sfu request says there is no media server', async () => {
    const baseUrl = await listenOnFreePort(t.app);
    const [ada, bo] = [await buildUser(t), await buildUser(t)];
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/debates/challenges',
      headers: { cookie: ada.cookie },
      payload: { formatId: 'ld' },
    });
    const accepted = await t.app.inject({
      method: 'POST',
      url: `/api/debates/challenges/${made.json().challenge.token}/accept`,
      headers: { cookie: bo.cookie },
    });
    const debateId = accepted.json().debateId as number;
    const socket = await connectClient(baseUrl, ada.cookie);
    sockets.push(socket);
    const joined = await ask<TDebateJoined>(socket, 'debate.join', { debateId });
    expect(joined.ok && joined.data.sfu).toBeUndefined();
    // Even a well-signed grant meets no media server.
    const token = new SfuKeys(t.config.authSecret!).signGrant({
      debateId,
      userId: ada.user.id,
      role: 'publisher',
      expiresAt: Date.now() + 60_000,
    });
    for (const [event, extra] of [
      ['sfu.publish', { offer: SHAPED_OFFER }],
      ['sfu.feeds', {}],
      ['sfu.subscribe', { feedUserId: bo.user.id }],
    ] as const) {
      expect(await ask(socket, event, { debateId, token, ...extra })).toEqual({
        ok: false,
        error: {
          code: 'not_found',
          reason: 'media_server_off',
          message: 'This server has no media server: the round’s audio and video go directly between its people.',
        },
      });
    }
    // A socket's media requests share one bucket, as its signals do: a flood is refused.
    const replies = await Promise.all(Array.from({ length: 40 }, () => ask(socket, 'sfu.feeds', { debateId, token })));
    const limited = replies.filter((r) => !r.ok && r.error.code === 'rate_limited');
    expect(limited.length).toBeGreaterThan(0);
    expect(limited[0]).toMatchObject({ error: { message: 'Too many media requests. Wait a moment.' } });
  });
});
