import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TRole } from '@resolved/shared';
import { createTestApp, TEST_ENGINES, type TTestApp } from '../../test/harness';
import { buildUser } from '../../test/factories';

type TViewer = 'visitor' | TRole;
const VIEWERS: TViewer[] = ['visitor', 'user', 'moderator', 'admin'];

describe.each(TEST_ENGINES)('admin API on %s', (engine) => {
  let t: TTestApp;
  let cookies: Record<TViewer, string | undefined>;
  let target: { id: string; email: string };

  beforeEach(async () => {
    t = await createTestApp(engine);
    cookies = { visitor: undefined, user: undefined, moderator: undefined, admin: undefined };
    for (const role of ['user', 'moderator', 'admin'] as const) {
      cookies[role] = (await buildUser(t, { role, displayName: `The ${role}` })).cookie;
    }
    const built = await buildUser(t, { displayName: 'Target', score: 3 });
    target = { id: built.user.id, email: built.user.email };
  });
  afterEach(async () => t.close());

  const as = (viewer: TViewer) => (cookies[viewer] ? { cookie: cookies[viewer] } : {});

  const routes = () =>
    [
      { method: 'GET', url: '/api/users' },
      { method: 'PUT', url: `/api/users/${target.id}/score`, payload: { score: 7 } },
      { method: 'PUT', url: `/api/users/${target.id}/role`, payload: { role: 'moderator' } },
      { method: 'GET', url: '/api/score-changes' },
      { method: 'GET', url: '/api/contact-requests' },
    ] as const;

  it.each(VIEWERS)('answers each admin route for a %s with 401, 403 or success', async (viewer) => {
    for (const route of routes()) {
      const res = await t.app.inject({
        method: route.method,
        url: route.url,
        headers: as(viewer),
        ...('payload' in route ? { payload: route.payload } : {}),
      });
      const expected = viewer === 'visitor' ? 401 : viewer === 'admin' ? 200 : 403;
      expect(res.statusCode, `${viewer} ${route.method} ${route.url}`).toBe(expected);
      if (expected === 403) expect(res.json().error.code).toBe('forbidden');
      if (expected !== 200) expect(res.body).not.toContain(target.email);
    }
  });

  it('lists users with e-mails for admins, in rank order', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/users', headers: as('admin') });
    const body = res.json();
    expect(body.total).toBe(4);
    expect(body.users[0]).toMatchObject({ displayName: 'Target', email: target.email, score: 3, role: 'user' });
    expect(body.nextOffset).toBeNull();
  });

  it('sets a score, writes the ledger (who, when, old → new, reason) and the leaderboard follows', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${target.id}/score`,
      headers: as('admin'),
      payload: { score: 120, reason: 'Won the spring tournament' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ id: target.id, score: 120 });
    await t.app.inject({
      method: 'PUT',
      url: `/api/users/${target.id}/score`,
      headers: as('admin'),
      payload: { score: 90 },
    });
    const ledger = await t.app.inject({
      method: 'GET',
      url: `/api/score-changes?userId=${target.id}`,
      headers: as('admin'),
    });
    const changes = ledger.json().changes;
    expect(changes).toHaveLength(2);
    expect(changes[0]).toMatchObject({
      userDisplayName: 'Target',
      changedByName: 'The admin',
      oldScore: 120,
      newScore: 90,
      reason: 'Set on the admin dashboard',
    });
    expect(changes[1]).toMatchObject({ oldScore: 3, newScore: 120, reason: 'Won the spring tournament' });
    expect(Date.now() - Date.parse(changes[0].createdAt)).toBeLessThan(60_000);
    const board = (await t.app.inject({ method: 'GET', url: '/api/leaderboard' })).json();
    expect(board.entries[0]).toMatchObject({ rank: 1, displayName: 'Target', score: 90 });
  });

  it.each([12.5, '12', null])('refuses a non-integer score %j and saves nothing', async (score) => {
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${target.id}/score`,
      headers: as('admin'),
      payload: { score },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'validation_failed', message: 'Score must be a whole number.' });
    const row = await t.database.db.selectFrom('users').select('score').where('id', '=', target.id).executeTakeFirst();
    expect(Number(row?.score)).toBe(3);
    expect(await t.database.db.selectFrom('scoreLedger').selectAll().execute()).toHaveLength(0);
  });

  it('answers 404 for an unknown user', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/users/nope/score',
      headers: as('admin'),
      payload: { score: 1 },
    });
    expect(res.statusCode).toBe(404);
  });

  it('changes roles, and the new role applies to that user at once', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${target.id}/role`,
      headers: as('admin'),
      payload: { role: 'admin' },
    });
    expect(res.json().user.role).toBe('admin');
    const bad = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${target.id}/role`,
      headers: as('admin'),
      payload: { role: 'owner' },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('never demotes the last admin', async () => {
    const admin = await t.app.inject({ method: 'GET', url: '/api/session', headers: as('admin') });
    const adminId = admin.json().user.id as string;
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${adminId}/role`,
      headers: as('admin'),
      payload: { role: 'user' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe('The last admin cannot be demoted. Make another user an admin first.');
    // With a second admin, demotion is allowed.
    await t.app.inject({
      method: 'PUT',
      url: `/api/users/${target.id}/role`,
      headers: as('admin'),
      payload: { role: 'admin' },
    });
    const ok = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${adminId}/role`,
      headers: as('admin'),
      payload: { role: 'user' },
    });
    expect(ok.statusCode).toBe(200);
    // The demoted admin's next request is refused: roles are read fresh.
    const after = await t.app.inject({ method: 'GET', url: '/api/users', headers: as('admin') });
    expect(after.statusCode).toBe(403);
  });

  it('shows admins the help contact requests', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/api/help/requests',
      payload: { name: 'Ada', email: 'ada@example.com', message: 'How do I join a debate?' },
    });
    const res = await t.app.inject({ method: 'GET', url: '/api/contact-requests', headers: as('admin') });
    expect(res.json().requests).toEqual([
      expect.objectContaining({ name: 'Ada', email: 'ada@example.com', message: 'How do I join a debate?' }),
    ]);
  });
});
