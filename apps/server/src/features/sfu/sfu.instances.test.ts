/**
 * The media server with two instances on one database and Redis: both debaters publish at the same moment through
 * different instances, and the round's room is created once (one `create` sent to Janus, one room there); a viewer
 * on one instance sees both feeds, and the round's end on the other destroys the room. Needs PostgreSQL, Redis, janus
 * and Chromium: skips locally without them, saying why; in CI it must run.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TDebateJoined, TSfuFeed, TSfuGrant } from '@resolved/shared';
import { buildUser } from '../../test/factories';
import { describeCluster } from '../../test/cluster';
import { janusMissing, startJanus, type TJanusServer } from '../../test/janus';
import { chromiumMissing, startMediaBrowser, type TMediaBrowser } from '../../test/media-browser';
import { ask, connectClient, nextEvent, type TTestSocket } from '../chat/chat-test-client';
import { JanusClient } from '../../lib/janus/janus-client';

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
