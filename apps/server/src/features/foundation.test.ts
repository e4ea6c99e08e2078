import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_TOPIC } from '@resolved/shared';
import { createTestApp, TEST_ENGINES, type TTestApp } from '../test/harness';

describe.each(TEST_ENGINES)('foundation API on %s', (engine) => {
  let t: TTestApp;
  beforeEach(async () => {
    t = await createTestApp(engine);
  });
  afterEach(async () => {
    await t.close();
  });

  it('reports health with the engine and version', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', database: { engine, isReachable: true } });
    expect(res.json().version).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('seeds the default topic once', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/topics/current' });
    expect(res.statusCode).toBe(200);
    expect(res.json().topic).toMatchObject({ ...DEFAULT_TOPIC, isCurrent: true });
    const { seedDatabase } = await import('../db/seed');
    await seedDatabase(t.database, { roomLinks: t.config.roomLinks });
    const history = await t.app.inject({ method: 'GET', url: '/api/topics' });
    expect(history.json().topics).toHaveLength(1);
  });

  it('seeds the six fixed rooms with ids 1–6 and the configured links', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/rooms' });
    const rooms = res.json().rooms as { id: number; name: string; zoomLink: string; isFixed: boolean }[];
    expect(rooms.map((r) => [r.id, r.name, r.isFixed])).toEqual([1, 2, 3, 4, 5, 6].map((n) => [n, `Room ${n}`, true]));
    expect(rooms.map((r) => r.zoomLink)).toEqual(t.config.roomLinks);
    expect(rooms.every((r) => r.zoomLink.startsWith('https://'))).toBe(true);
  });

  it('stores a help contact request and refuses an invalid one with the error shape', async () => {
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/help/requests',
      payload: { name: 'Ada', email: 'ada@example.com', message: 'The timer on the LD page is great.' },
    });
    expect(ok.statusCode).toBe(201);
    const stored = await t.database.db.selectFrom('contactRequests').selectAll().execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ name: 'Ada', email: 'ada@example.com' });

    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/help/requests',
      payload: { name: 'Ada', email: 'nope', message: 'x' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      error: { code: 'validation_failed', message: 'Enter a valid email address.', details: expect.any(Array) },
    });
  });

  it('answers malformed JSON and unknown API routes with a 4xx JSON error, never a 500', async () => {
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/help/requests',
      headers: { 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.code).toBe('bad_request');

    const unknown = await t.app.inject({ method: 'GET', url: '/api/does-not-exist' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: { code: 'not_found', message: 'No route for GET /api/does-not-exist.' } });
  });

  it('sends security headers with a strict script policy', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });
});
