import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LEADERBOARD_PAGE_SIZE } from '@resolved/shared';
import { createTestApp, TEST_ENGINES, type TTestApp } from '../../test/harness';
import { buildUser } from '../../test/factories';

describe.each(TEST_ENGINES)('leaderboard and standing on %s', (engine) => {
  let t: TTestApp;
  beforeEach(async () => {
    t = await createTestApp(engine);
  });
  afterEach(async () => t.close());

  /** Inserts users straight into the table (fast) with explicit sign-up times, for ordering tests. */
  async function insertUsers(rows: { id: string; score: number; createdAt: string; name?: string }[]) {
    const dateValue = (iso: string) => (engine === 'postgres' ? new Date(iso) : iso);
    await t.database.db
      .insertInto('users')
      .values(
        rows.map((r) => ({
          id: r.id,
          displayName: r.name ?? `User ${r.id}`,
          email: `${r.id}@example.test`,
          emailVerified: engine === 'postgres' ? false : 0,
          createdAt: dateValue(r.createdAt),
          updatedAt: dateValue(r.createdAt),
          score: r.score,
        })),
      )
      .execute();
  }

  it('ranks by score, ties by earlier sign-up, and never shows e-mails to a visitor or a user', async () => {
    await insertUsers([
      { id: 'late', score: 10, createdAt: '2025-03-01T00:00:00.000Z' },
      { id: 'early', score: 10, createdAt: '2025-01-01T00:00:00.000Z' },
      { id: 'top', score: 50, createdAt: '2025-06-01T00:00:00.000Z' },
    ]);
    const visitor = await t.app.inject({ method: 'GET', url: '/api/leaderboard' });
    expect(visitor.statusCode).toBe(200);
    const body = visitor.json();
    expect(body.entries.map((e: { id: string; rank: number }) => [e.rank, e.id])).toEqual([
      [1, 'top'],
      [2, 'early'],
      [3, 'late'],
    ]);
    expect(body.me).toBeNull();
    expect(visitor.body).not.toContain('@example.test');

    const { user, cookie } = await buildUser(t, { score: 10, displayName: 'Newcomer' });
    const signedIn = await t.app.inject({ method: 'GET', url: '/api/leaderboard', headers: { cookie } });
    const mine = signedIn.json();
    expect(mine.me).toEqual({ rank: 4, displayName: 'Newcomer', email: user.email, score: 10 });
    // Only the viewer's own e-mail appears.
    expect(signedIn.body.match(/@example\.test/g)).toHaveLength(1);
    expect(mine.total).toBe(4);
  });

  it('pages 100 rows at a time with consistent ranks', async () => {
    const base = Date.parse('2025-01-01T00:00:00.000Z');
    await insertUsers(
      Array.from({ length: 130 }, (_, i) => ({
        id: `u${String(i).padStart(3, '0')}`,
        score: i % 7,
        createdAt: new Date(base + i * 1000).toISOString(),
      })),
    );
    const first = (await t.app.inject({ method: 'GET', url: '/api/leaderboard' })).json();
    expect(first.entries).toHaveLength(LEADERBOARD_PAGE_SIZE);
    expect(first.nextOffset).toBe(100);
    const second = (await t.app.inject({ method: 'GET', url: '/api/leaderboard?offset=100' })).json();
    expect(second.entries).toHaveLength(30);
    expect(second.nextOffset).toBeNull();
    const all = [...first.entries, ...second.entries];
    expect(all.map((e: { rank: number }) => e.rank)).toEqual(Array.from({ length: 130 }, (_, i) => i + 1));
    for (let i = 1; i < all.length; i++) expect(all[i - 1].score).toBeGreaterThanOrEqual(all[i].score);
    const bad = await t.app.inject({ method: 'GET', url: '/api/leaderboard?offset=-1' });
    expect(bad.statusCode).toBe(400);
  });

  it('gives the dashboard standing: rank out of total, ties, debates joined', async () => {
    await insertUsers([
      { id: 'a', score: 30, createdAt: '2025-01-01T00:00:00.000Z' },
      { id: 'b', score: 20, createdAt: '2025-01-01T00:00:00.000Z' },
    ]);
    const { user, cookie } = await buildUser(t, { score: 20 });
    const res = await t.app.inject({ method: 'GET', url: '/api/users/me/standing', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ user, rank: 3, total: 3, tiedWith: 1, debatesJoined: 0 });
  });

  it.each(['user', 'moderator', 'admin'] as const)('lets a %s read their standing', async (role) => {
    const { cookie } = await buildUser(t, { role });
    const res = await t.app.inject({ method: 'GET', url: '/api/users/me/standing', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.role).toBe(role);
  });

  it('asks a visitor to sign in for the standing', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/users/me/standing' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: { code: 'unauthenticated', message: 'Please sign in.' } });
  });
});
