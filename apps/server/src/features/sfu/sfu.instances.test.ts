/**
 * The media server with two instances on one database and Redis: both debaters publish at the same moment through
 * different instances, and the round's room is created once (one `create` sent to Janus, one room there); a viewer
 * on one instance sees both feeds, and the round's end on the other destroys the room. A prep huddle started through
 * one instance holds the audio of a subscription made through the other (`sfu.audience_changed`). Needs PostgreSQL, Redis, janus
 * and Chromium: skips locally without them, saying why; in CI it must run.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TAck, TDebateJoined, TSfuFeed, TSfuGrant } from '@resolved/shared';
import { buildUser } from '../../test/factories';
import { describeCluster } from '../../test/cluster';
import { janusMissing, startJanus, type TJanusServer } from '../../test/janus';
import { chromiumMissing, startMediaBrowser, type TMediaBrowser } from '../../test/media-browser';
import { ask, connectClient, nextEvent, type TTestSocket } from '../chat/chat-test-client';
import { JanusClient } from '../../lib/janus/janus-client';
import { openSeatedRound } from '../debates/round-seating';

const missing = janusMissing() ?? chromiumMissing();

function body() {
  describeCluster('the media server on two instances', ({ startInstance, asTestApp }) => {
    let janus: TJanusServer;
    let browser: TMediaBrowser;
    let client: JanusClient;
    const sockets: TTestSocket[] = [];

    beforeAll(async () => {
      if (missing) throw new Error(`${missing}: the media server tests must run in CI.`);
      janus = await startJanus();
      browser = await startMediaBrowser();
      client = new JanusClient(
        { url: janus.url, apiSecret: janus.apiSecret, adminKey: janus.adminKey },
        { warn: () => {}, info: () => {} },
      );
    }, 60_000);
    afterAll(async () => {
      for (const s of sockets) s.disconnect();
      await client?.close();
      await browser?.close();
      await janus?.stop();
    });

    it('creates the round’s room once when both debaters publish at once through different instances', async () => {
      const a = await startInstance(janus.env);
      const b = await startInstance(janus.env);
      const ada = await buildUser(asTestApp(a), { displayName: 'Ada' });
      const bo = await buildUser(asTestApp(a), { displayName: 'Bo' });
      const made = await a.app.inject({
        method: 'POST',
        url: '/api/debates/challenges',
        headers: { cookie: ada.cookie },
        payload: { formatId: 'ld' },
      });
      const accepted = await b.app.inject({
        method: 'POST',
        url: `/api/debates/challenges/${made.json().challenge.token}/accept`,
        headers: { cookie: bo.cookie },
      });
      const debateId = accepted.json().debateId as number;

      const adaSocket = await connectClient(a.url, ada.cookie);
      const boSocket = await connectClient(b.url, bo.cookie);
      sockets.push(adaSocket, boSocket);
      const grants: TSfuGrant[] = [];
      for (const socket of [adaSocket, boSocket]) {
        const joined = await ask<TDebateJoined>(socket, 'debate.join', { debateId });
        if (!joined.ok || !joined.data.sfu) throw new Error('join gave no grant');
        grants.push(joined.data.sfu);
      }
      const pages = [await browser.publisher(), await browser.publisher()];
      const offers = await Promise.all(pages.map((p) => p.offer()));

      const roomsBefore = new Set(await client.listRooms());
      const creates = vi.spyOn(JanusClient.prototype, 'createRoom');
      const replies = await Promise.all(
        [adaSocket, boSocket].map((socket, i) =>
          ask<{ answer: string }>(socket, 'sfu.publish', { debateId, token: grants[i]!.token, offer: offers[i] }),
        ),
      );
      expect(replies.map((r) => r.ok)).toEqual([true, true]);
      // Both instances live in this process: the spy counts every instance's calls to Janus's create.
      expect(creates).toHaveBeenCalledTimes(1);
      creates.mockRestore();
      const newRooms = (await client.listRooms()).filter((room) => !roomsBefore.has(room));
      const row = await a.database.db
        .selectFrom('sfuRooms')
        .selectAll()
        .where('debateId', '=', debateId)
        .executeTakeFirstOrThrow();
      expect(newRooms).toEqual([Number(row.janusRoomId)]);

      for (const [i, page] of pages.entries()) {
        const reply = replies[i]!;
        if (reply.ok) await page.accept(reply.data.answer);
        await page.connected();
      }
      // A spectator on instance A sees both feeds, one published through each instance.
      const watcher = await buildUser(asTestApp(a));
      const watcherSocket = await connectClient(a.url, watcher.cookie);
      sockets.push(watcherSocket);
      const watching = await ask<TDebateJoined>(watcherSocket, 'debate.join', { debateId });
      if (!watching.ok || !watching.data.sfu) throw new Error('no viewer grant');
      let feeds: TSfuFeed[] = [];
      for (let tries = 0; tries < 50 && feeds.length < 2; tries++) {
        const reply = await ask<{ feeds: TSfuFeed[] }>(watcherSocket, 'sfu.feeds', {
          debateId,
          token: watching.data.sfu.token,
        });
        if (reply.ok) feeds = reply.data.feeds;
        if (feeds.length < 2) await new Promise((r) => setTimeout(r, 100));
      }
      // In the order Janus lists its publishers, which is not the order they joined in.
      expect(feeds.map((f) => f.userId).sort()).toEqual([ada.user.id, bo.user.id].sort());

      // The round ends through instance B: the room is destroyed once, and viewers on instance A are told.
      const ended = nextEvent(watcherSocket, 'sfu.ended');
      const forfeited = await b.app.inject({
        method: 'POST',
        url: `/api/debates/${debateId}/forfeit`,
        headers: { cookie: bo.cookie },
      });
      expect(forfeited.statusCode).toBe(200);
      expect(await ended).toEqual({ debateId, reason: 'round_over' });
      expect(await client.roomExists(Number(row.janusRoomId))).toBe(false);
      for (const page of pages) await page.close();
    }, 60_000);

    it('holds a subscription on one instance to the prep huddle started through the other', async () => {
      const a = await startInstance(janus.env);
      const b = await startInstance(janus.env);
      const people = await Promise.all(
        ['A1', 'A2', 'B1', 'B2'].map((n) => buildUser(asTestApp(a), { displayName: n })),
      );
      const [a1, a2, b1, b2] = people as [
        (typeof people)[0],
        (typeof people)[0],
        (typeof people)[0],
        (typeof people)[0],
      ];
      const seat = (who: typeof a1, side: 'a' | 'b', position: string) => ({ userId: who.user.id, side, position });
      const debateId = await openSeatedRound(
        { database: a.database },
        {
          kind: 'challenge',
          formatId: 'pf',
          resolution: 'This house would huddle across instances.',
          topicId: null,
          debaters: [seat(a1, 'a', 'first'), seat(a2, 'a', 'second'), seat(b1, 'b', 'first'), seat(b2, 'b', 'second')],
          judgeId: null,
        },
      );
      const a1Socket = await connectClient(a.url, a1.cookie);
      const b1Socket = await connectClient(b.url, b1.cookie);
      sockets.push(a1Socket, b1Socket);
      const grantOf = async (socket: TTestSocket) => {
        const joined = await ask<TDebateJoined>(socket, 'debate.join', { debateId });
        if (!joined.ok || !joined.data.sfu) throw new Error('join gave no grant');
        return joined.data.sfu;
      };
      const [a1Grant, b1Grant] = [await grantOf(a1Socket), await grantOf(b1Socket)];
      const publisher = await browser.publisher();
      const published = await ask<{ answer: string }>(a1Socket, 'sfu.publish', {
        debateId,
        token: a1Grant.token,
        offer: await publisher.offer(),
      });
      if (!published.ok) throw new Error(published.error.message);
      await publisher.accept(published.data.answer);
      await publisher.connected(15_000);
      // b1 (instance B) receives a1's feed (published through instance A).
      let subscribed: TAck<{ subscriptionId: string; offer: string }> | undefined;
      for (let tries = 0; tries < 50 && !subscribed?.ok; tries++) {
        subscribed = await ask(b1Socket, 'sfu.subscribe', { debateId, token: b1Grant.token, feedUserId: a1.user.id });
        if (!subscribed.ok) await new Promise((r) => setTimeout(r, 200));
      }
      if (!subscribed?.ok) throw new Error('no subscription');
      const receiver = await browser.subscriber();
      const started = await ask(b1Socket, 'sfu.start', {
        debateId,
        token: b1Grant.token,
        subscriptionId: subscribed.data.subscriptionId,
        answer: await receiver.answer(subscribed.data.offer),
      });
      expect(started.ok).toBe(true);
      await receiver.connected(15_000);
      const audioGrowth = async () => {
        const before = (await receiver.received()).audio;
        await new Promise((r) => setTimeout(r, 1500));
        return (await receiver.received()).audio - before;
      };
      await vi.waitFor(async () => expect(await audioGrowth()).toBeGreaterThan(300), { timeout: 15_000 });

      // Prep starts through instance A: instance B holds its own subscription's audio; it ends, and B lets it through.
      const clock = (action: string) =>
        a.app.inject({
          method: 'POST',
          url: `/api/debates/${debateId}/clock`,
          headers: { cookie: a1.cookie },
          payload: { action },
        });
      expect((await clock('start_prep')).statusCode).toBe(200);
      await vi.waitFor(async () => expect(await audioGrowth()).toBeLessThan(300), { timeout: 15_000 });
      expect((await clock('end_prep')).statusCode).toBe(200);
      await vi.waitFor(async () => expect(await audioGrowth()).toBeGreaterThan(300), { timeout: 15_000 });
      await publisher.close();
      await receiver.close();
    }, 90_000);
  });
}

if (missing && !process.env.CI) {
  console.warn(`[tests] ${missing}: the media server's multi-instance test is skipped.`);
  describe.skip('the media server on two instances', () => {
    it('needs janus and Chromium', () => {});
  });
} else {
  body();
}
