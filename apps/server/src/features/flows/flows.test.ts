/** Flow sheets through the API on both engines: saved and read back by their author only; bad input is a 4xx. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TFlow, TSessionUser } from '@resolved/shared';
import { createTestApp, TEST_ENGINES, type TTestApp } from '../../test/harness';
import { buildUser } from '../../test/factories';

type TCookieUser = { user: TSessionUser; cookie: string };

describe.each(TEST_ENGINES)('flow sheets on %s', (engine) => {
  let t: TTestApp;
  beforeEach(async () => {
    t = await createTestApp(engine);
  });
  afterEach(async () => {
    await t.close();
  });
  const call = (who: TCookieUser, method: 'GET' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: who.cookie }, ...(payload ? { payload } : {}) });

  it('keeps each participant’s own flow, private to them', async () => {
    const [host, friend, judge, stranger] = [
      await buildUser(t),
      await buildUser(t),
      await buildUser(t),
      await buildUser(t),
    ];
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/debates/challenges',
      headers: { cookie: host.cookie },
      payload: { formatId: 'ld' },
    });
    const accepted = await t.app.inject({
      method: 'POST',
      url: `/api/debates/challenges/${created.json().challenge.token}/accept`,
      headers: { cookie: friend.cookie },
    });
    const id = accepted.json().debateId as number;
    await t.app.inject({
      method: 'POST',
      url: `/api/debates/${id}/judge`,
      headers: { cookie: judge.cookie },
      payload: {},
    });
    const fresh = (await call(judge, 'GET', `/api/debates/${id}/flow`)).json().flow as TFlow;
    expect(fresh.columns).toHaveLength(7);
    expect(fresh.updatedAt).toBeNull();
    const columns = [
      [{ text: 'V: justice', isExtension: false }],
      [{ text: 'CX: which justice?', isExtension: false }],
      [{ text: 'V: justice', isExtension: true }],
    ];
    expect((await call(judge, 'PUT', `/api/debates/${id}/flow`, { columns })).statusCode).toBe(200);
    expect((await call(judge, 'GET', `/api/debates/${id}/flow`)).json().flow.columns).toEqual(columns);
    // The debaters have their own, empty flows: the judge's is not theirs to read.
    expect((await call(host, 'GET', `/api/debates/${id}/flow`)).json().flow.columns[0][0].text).toBe('');
    expect((await call(stranger, 'GET', `/api/debates/${id}/flow`)).statusCode).toBe(403);
    expect((await call(stranger, 'PUT', `/api/debates/${id}/flow`, { columns })).statusCode).toBe(403);
    const tooMany = Array.from({ length: 8 }, () => [{ text: 'x', isExtension: false }]);
    expect((await call(host, 'PUT', `/api/debates/${id}/flow`, { columns: tooMany })).statusCode).toBe(400);
    const long = [[{ text: 'x'.repeat(1001), isExtension: false }]];
    expect((await call(host, 'PUT', `/api/debates/${id}/flow`, { columns: long })).json().error.code).toBe(
      'validation_failed',
    );
    expect((await call(host, 'PUT', `/api/debates/${id}/flow`, { columns: 'nope' })).statusCode).toBe(400);
  });
});
