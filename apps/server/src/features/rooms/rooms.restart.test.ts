/**
 * Topics and rooms are real data: they survive a restart. Each test starts the app, writes through the API,
 * stops it, and starts a new app over the same database (the same SQLite DATA_DIR, the same PostgreSQL
 * database) — with different configured room links, which must not overwrite what an admin set.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import type { TRoom, TTopic } from '@resolved/shared';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { migrateToLatest, openDatabase, type TEngine } from '../../db/database';
import { seedDatabase } from '../../db/seed';
import { buildUser } from '../../test/factories';
import { TEST_ENGINES, type TTestApp } from '../../test/harness';

const postgresUrl = process.env.TEST_DATABASE_URL;

/** Where one test's data lives across restarts, and how to remove it afterwards. */
async function createStore(engine: TEngine): Promise<{ env: Record<string, string>; drop(): Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'resolved-restart-'));
  if (engine === 'sqlite') {
    return { env: { DATA_DIR: dataDir }, drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }) };
  }
  const name = `resolved_restart_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(postgresUrl!);
  url.pathname = `/${name}`;
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: url.toString() },
    async drop() {
      const cleanup = new pg.Client({ connectionString: postgresUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Starts the app the way `index.ts` does: open, migrate, seed (first start only), build. */
async function start(env: Record<string, string>): Promise<TTestApp> {
  const config = loadConfig({ NODE_ENV: 'test', AUTH_SECRET: 'test-secret-test-secret-test-secret-1234', ...env });
  const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 3 });
  await migrateToLatest(database);
  await seedDatabase(database, { roomLinks: config.roomLinks });
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  const close = async () => {
    await app.close();
    await database.close();
  };
  return { app, config, database: { ...database, destroy: close }, close };
}

const links = (prefix: string) => [1, 2, 3, 4, 5, 6].map((n) => `https://zoom.us/j/${prefix}${n}`).join(',');

describe.each(TEST_ENGINES)('topics and rooms across a restart on %s', (engine) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('keeps created rooms, admin-set links, the current topic and its history', async () => {
    const store = await createStore(engine);
    cleanups.push(store.drop);

    const first = await start({ ...store.env, ROOM_LINKS: links('100') });
    let isFirstOpen = true;
    cleanups.push(async () => {
      if (isFirstOpen) await first.close();
    });
    const admin = await buildUser(first, { role: 'admin' });
    const user = await buildUser(first, { role: 'user' });
    const headers = (cookie: string) => ({ cookie });

    const created = await first.app.inject({
      method: 'POST',
      url: '/api/rooms',
      headers: headers(user.cookie),
      payload: { name: 'After-school PF', zoomLink: 'https://meet.jit.si/after-school-pf' },
    });
    expect(created.statusCode).toBe(201);
    const edited = await first.app.inject({
      method: 'PATCH',
      url: '/api/rooms/5',
      headers: headers(admin.cookie),
      payload: { zoomLink: 'https://teams.microsoft.com/l/meetup-join/room5' },
    });
    expect(edited.statusCode).toBe(200);
    const topic = await first.app.inject({
      method: 'PUT',
      url: '/api/topics/current',
      headers: headers(admin.cookie),
      payload: { title: 'Should school start later?', date: 'October 3, 2026', description: 'Sleep and learning.' },
    });
    expect(topic.statusCode).toBe(200);
    const roomsBefore = (await first.app.inject({ method: 'GET', url: '/api/rooms' })).json().rooms as TRoom[];
    const historyBefore = (await first.app.inject({ method: 'GET', url: '/api/topics' })).json().topics as TTopic[];
    await first.close();
    isFirstOpen = false;

    // Different configured defaults on the second start: they apply on first start only.
    const second = await start({ ...store.env, ROOM_LINKS: links('200') });
    cleanups.push(second.close);
    const roomsAfter = (await second.app.inject({ method: 'GET', url: '/api/rooms' })).json().rooms as TRoom[];
    expect(roomsAfter).toEqual(roomsBefore);
    expect(roomsAfter.map((r) => r.zoomLink)).toEqual([
      'https://zoom.us/j/1001',
      'https://zoom.us/j/1002',
      'https://zoom.us/j/1003',
      'https://zoom.us/j/1004',
      'https://teams.microsoft.com/l/meetup-join/room5',
      'https://zoom.us/j/1006',
      'https://meet.jit.si/after-school-pf',
    ]);
    expect(roomsAfter[6]).toMatchObject({ id: 7, name: 'After-school PF', createdBy: user.user.id });
    const current = (await second.app.inject({ method: 'GET', url: '/api/topics/current' })).json().topic as TTopic;
    expect(current).toMatchObject({ title: 'Should school start later?', date: 'October 3, 2026', isCurrent: true });
    expect((await second.app.inject({ method: 'GET', url: '/api/topics' })).json().topics).toEqual(historyBefore);

    // The session survives too, and the next created room continues the sequence.
    const next = await second.app.inject({
      method: 'POST',
      url: '/api/rooms',
      headers: headers(user.cookie),
      payload: { name: 'Second room', zoomLink: 'https://zoom.us/j/42' },
    });
    expect(next.statusCode).toBe(201);
    expect(next.json().room.id).toBe(8);
  });
});
