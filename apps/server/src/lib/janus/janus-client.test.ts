/**
 * The Janus client against a real Janus that goes away and comes back: the loss is noticed (its handles are gone),
 * requests meanwhile are refused as unavailable (quickly, with a pause between attempts), and the next request after
 * Janus is back opens a new session. Skips locally without janus, saying why; in CI it must run.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { janusMissing, startJanus, type TJanusServer } from '../../test/janus';
import { JanusClient, JanusUnavailableError } from './janus-client';

const missing = janusMissing();
if (missing && !process.env.CI) console.warn(`[tests] ${missing}: the Janus client's test is skipped.`);

(missing && !process.env.CI ? describe.skip : describe)('the Janus client', () => {
  const servers: TJanusServer[] = [];
  afterAll(async () => {
    for (const server of servers) await server.stop();
  });

  it('notices a lost session, refuses meanwhile, and reconnects once Janus is back', async () => {
    if (missing) throw new Error(`${missing}: the Janus client's test must run in CI.`);
    const first = await startJanus();
    servers.push(first);
    const client = new JanusClient(
      { url: first.url, apiSecret: first.apiSecret, adminKey: first.adminKey },
      { warn: () => {}, info: () => {} },
    );
    try {
      const room = 4_200_000 + Math.floor(Math.random() * 1_000_000);
      expect(await client.createRoom({ room, secret: 's', maxPublishers: 3, allowed: ['t'] })).toBe('created');
      expect(await client.createRoom({ room, secret: 's', maxPublishers: 3, allowed: ['t'] })).toBe('existed');
      expect(await client.listRooms()).toContain(room);

      let lost = 0;
      client.onLost(() => (lost += 1));
      await first.stop();
      for (let waited = 0; lost === 0 && waited < 5000; waited += 50) await new Promise((r) => setTimeout(r, 50));
      expect(lost).toBe(1);
      await expect(client.listRooms()).rejects.toBeInstanceOf(JanusUnavailableError);
      // Right after a failed attempt the next request is refused without trying (the pause before the next attempt).
      const started = Date.now();
      await expect(client.roomExists(room)).rejects.toBeInstanceOf(JanusUnavailableError);
      expect(Date.now() - started).toBeLessThan(200);

      const port = Number(new URL(first.url).port);
      servers.push(await startJanus({ port }));
      let rooms: number[] | undefined;
      for (let waited = 0; !rooms && waited < 10_000; waited += 200) {
        rooms = await client.listRooms().catch(() => undefined);
        if (!rooms) await new Promise((r) => setTimeout(r, 200));
      }
      // A new Janus: a new session, and none of the old rooms.
      expect(rooms).toBeDefined();
      expect(rooms).not.toContain(room);
    } finally {
      await client.close();
    }
    await expect(client.listRooms()).rejects.toBeInstanceOf(JanusUnavailableError);
  }, 60_000);
});
