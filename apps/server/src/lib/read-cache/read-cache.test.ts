import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { openDatabase, type TDatabase } from '../../db/database';
import { buildUser } from '../../test/factories';
import { createTestApp, TEST_ENGINES, type TTestApp } from '../../test/harness';

/**
 * The public reads answered from bytes kept per version (migration 0038-read-versions): the same answer as before,
 * an ETag and a 304 for a client that holds it, and every change — made through this instance, another one, or
 * straight in SQL — seen at once, because the versions are bumped by triggers in the database.
 */
describe.each(TEST_ENGINES)('cached public reads on %s', (engine) => {
  let t: TTestApp;
  let other: { app: FastifyInstance; database: TDatabase } | undefined;
  beforeEach(async () => {
    t = await createTestApp(engine);
  });
  afterEach(async () => {
    await other?.app.close();
    await other?.database.close();
    other = undefined;
    await t.close();
  });

  /** A second server over the same database: another instance behind the load balancer. */
  async function otherInstance() {
    const database =
      engine === 'sqlite'
        ? openDatabase({ dataDir: path.dirname(t.database.sqlite!.name) })
        : openDatabase({
            databaseUrl: (t.database.pool as unknown as { options: { connectionString: string } }).options
              .connectionString,
            dataDir: '/tmp',
            poolSize: 2,
          });
    const app = await buildApp({ config: t.config, database, logger: false });
    await app.ready();
    other = { app, database };
    return other;
  }

  const get = (app: FastifyInstance, url: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url, headers });

  it('answers with an ETag, and 304 with no body when the client already has the answer', async () => {
    await buildUser(t, { displayName: 'Ada', score: 30 });
    for (const url of [
      '/api/leaderboard',
      '/api/leaderboard?offset=0',
      '/api/topics/current',
      '/api/topics',
      '/api/rooms',
    ]) {
      const first = await get(t.app, url);
      expect(first.statusCode, url).toBe(200);
      expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(first.headers['cache-control']).toBe('no-cache');
      const etag = String(first.headers.etag);
      expect(etag).toMatch(/^W\/".+"$/);
      // The security headers are on cached answers too.
      expect(first.headers['content-security-policy']).toContain("default-src 'self'");

      const again = await get(t.app, url);
      expect(again.body).toBe(first.body);
      expect(again.headers.etag).toBe(etag);

      for (const ifNoneMatch of [etag, etag.slice(2), `"other", ${etag}`]) {
        const revalidated = await get(t.app, url, { 'if-none-match': ifNoneMatch });
        expect(revalidated.statusCode, `${url} ${ifNoneMatch}`).toBe(304);
        expect(revalidated.body).toBe('');
      }
      expect((await get(t.app, url, { 'if-none-match': 'W/"something else"' })).statusCode).toBe(200);
    }
    expect((await get(t.app, '/api/leaderboard')).json().entries[0]).toMatchObject({ displayName: 'Ada', rank: 1 });
  });

  it('sends the answer compressed as the client asks, as @fastify/compress would', async () => {
    // Long enough to be compressed (COMPRESSION_THRESHOLD_BYTES).
    await t.database.db
      .updateTable('topics')
      .set({ description: 'A long description. '.repeat(100) })
      .where('isCurrent', '=', 1)
      .execute();
    const plain = await get(t.app, '/api/topics/current');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    for (const [acceptEncoding, encoding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
      ['x-gzip', 'gzip'],
      ['br;q=0.5, gzip', 'gzip'],
      ['*', 'gzip'],
      ['br;q=0, gzip;q=0', undefined],
      ['identity', undefined],
    ] as const) {
      for (let i = 0; i < 2; i++) {
        const answer = await get(t.app, '/api/topics/current', { 'accept-encoding': acceptEncoding });
        expect(answer.statusCode, acceptEncoding).toBe(200);
        expect(answer.headers['content-encoding'], acceptEncoding).toBe(encoding);
        expect(answer.headers.etag).toBe(plain.headers.etag);
        const decoded =
          encoding === 'br'
            ? brotliDecompressSync(answer.rawPayload)
            : encoding === 'gzip'
              ? gunzipSync(answer.rawPayload)
              : answer.rawPayload;
        expect(decoded.toString(), acceptEncoding).toBe(plain.body);
      }
    }
    // An encoding only @fastify/compress speaks is still served, by it.
    const deflated = await get(t.app, '/api/topics/current', { 'accept-encoding': 'deflate' });
    expect(deflated.headers['content-encoding']).toBe('deflate');
    // A small answer goes as it is, as before.
    expect((await get(t.app, '/api/rooms', { 'accept-encoding': 'br' })).headers['content-encoding']).toBeUndefined();
  });

  it('gives a signed-in viewer their own standing, never the visitors’ cached page', async () => {
    const { cookie } = await buildUser(t, { displayName: 'Grace', score: 10 });
    await get(t.app, '/api/leaderboard');
    const mine = await get(t.app, '/api/leaderboard', { cookie });
    expect(mine.statusCode).toBe(200);
    expect(mine.headers.etag).toBeUndefined();
    expect(mine.json().me).toMatchObject({ rank: 1, displayName: 'Grace' });
    expect((await get(t.app, '/api/leaderboard')).json().me).toBeNull();
  });

  it('shows a change made on another instance or in SQL at once, on every instance', async () => {
    const ada = await buildUser(t, { displayName: 'Ada', score: 30 });
    await buildUser(t, { displayName: 'Grace', score: 20 });
    const second = await otherInstance();
    const urls = ['/api/leaderboard', '/api/topics/current', '/api/topics', '/api/rooms'];
    // Both instances hold every answer.
    const before = new Map<string, string>();
    for (const url of urls) {
      before.set(url, String((await get(t.app, url)).headers.etag));
      expect((await get(second.app, url)).headers.etag).toBe(before.get(url));
    }
    const standingBefore = (await get(t.app, '/api/users/me/standing', { cookie: ada.cookie })).json();
    expect(standingBefore).toMatchObject({ rank: 1, total: 2 });

    // Through the other instance's database handle: a rename, a new topic title, a room's new name.
    const db = second.database.db;
    await db.updateTable('users').set({ displayName: 'Ada L.' }).where('id', '=', ada.user.id).execute();
    await db.updateTable('topics').set({ title: 'A changed motion' }).where('isCurrent', '=', 1).execute();
    await db.updateTable('rooms').set({ name: 'Renamed room' }).where('id', '=', 1).execute();

    for (const app of [t.app, second.app]) {
      const board = await get(app, '/api/leaderboard', { 'if-none-match': before.get('/api/leaderboard')! });
      expect(board.statusCode).toBe(200);
      expect(board.json().entries[0]).toMatchObject({ displayName: 'Ada L.', rank: 1 });
      const topic = await get(app, '/api/topics/current', { 'if-none-match': before.get('/api/topics/current')! });
      expect(topic.statusCode).toBe(200);
      expect(topic.json().topic.title).toBe('A changed motion');
      expect((await get(app, '/api/topics')).json().topics[0].title).toBe('A changed motion');
      expect((await get(app, '/api/rooms')).json().rooms[0].name).toBe('Renamed room');
    }

    // A score change and a sign-up on this instance: the other one's leaderboard and standings follow.
    await t.database.db.updateTable('users').set({ score: 5 }).where('id', '=', ada.user.id).execute();
    await buildUser(t, { displayName: 'Edsger', score: 1 });
    const board = (await get(second.app, '/api/leaderboard')).json();
    expect(board.total).toBe(3);
    expect(board.entries.map((e: { displayName: string }) => e.displayName)).toEqual(['Grace', 'Ada L.', 'Edsger']);
    const standing = (await get(second.app, '/api/users/me/standing', { cookie: ada.cookie })).json();
    expect(standing).toMatchObject({ rank: 2, total: 3 });
  });
});
