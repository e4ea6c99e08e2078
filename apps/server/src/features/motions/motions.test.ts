/**
 * The motion bank: admins keep motions per format; a Parliamentary round draws a fresh one; a
 * format with an empty bank debates the current topic.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TDebate } from '@resolved/shared';
import { createTestApp, TEST_ENGINES, type TTestApp } from '../../test/harness';
import { buildUser } from '../../test/factories';

describe.each(TEST_ENGINES)('motion bank on %s', (engine) => {
  let t: TTestApp;
  beforeEach(async () => {
    t = await createTestApp(engine);
  });
  afterEach(async () => t.close());

  const call = (cookie: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

  async function matchedDebate(formatId: string): Promise<TDebate> {
    const first = await buildUser(t);
    const second = await buildUser(t);
    await call(first.cookie, 'POST', '/api/debates/queue', { formatId });
    const waiting = (await call(first.cookie, 'GET', '/api/debates/queue')).json().queue.waiting;
    const res = await call(second.cookie, 'POST', '/api/debates/queue', { formatId });
    expect(res.json().status).toBe('matched');
    const debate = (await call(first.cookie, 'GET', `/api/debates/${res.json().debateId}`)).json().debate as TDebate;
    return { ...debate, waitingResolution: waiting.resolution } as TDebate & { waitingResolution: string };
  }

  it('lets admins add, list and delete motions, and refuses everyone else and bad input', async () => {
    const admin = await buildUser(t, { role: 'admin' });
    const user = await buildUser(t);
    expect((await call(user.cookie, 'POST', '/api/motions', { formatId: 'parli', text: 'THW x' })).statusCode).toBe(
      403,
    );
    const bad = await call(admin.cookie, 'POST', '/api/motions', { formatId: 'chess', text: '' });
    expect(bad.statusCode).toBe(400);
    const long = await call(admin.cookie, 'POST', '/api/motions', { formatId: 'parli', text: 'x'.repeat(301) });
    expect(long.json().error.message).toBe('Motion must be at most 300 characters.');
    const added = await call(admin.cookie, 'POST', '/api/motions', {
      formatId: 'parli',
      text: '  This House would abolish homework  ',
    });
    expect(added.statusCode).toBe(201);
    expect(added.json().motion).toMatchObject({ formatId: 'parli', text: 'This House would abolish homework' });
    const list = (await call(admin.cookie, 'GET', '/api/motions?formatId=parli')).json().motions;
    expect(list.map((m: { text: string }) => m.text)).toEqual(['This House would abolish homework']);
    expect((await call(admin.cookie, 'GET', '/api/motions?formatId=ld')).json().motions).toEqual([]);
    expect((await call(admin.cookie, 'DELETE', `/api/motions/${added.json().motion.id}`)).statusCode).toBe(204);
    expect((await call(admin.cookie, 'DELETE', `/api/motions/${added.json().motion.id}`)).statusCode).toBe(404);
  });

  it('draws Parliamentary rounds from the bank, and LD debates the current topic while its bank is empty', async () => {
    const admin = await buildUser(t, { role: 'admin' });
    const motions = ['This House would abolish homework', 'This House regrets social media'];
    for (const text of motions) await call(admin.cookie, 'POST', '/api/motions', { formatId: 'parli', text });
    const topic = (await t.app.inject({ method: 'GET', url: '/api/topics/current' })).json().topic;

    const parli = (await matchedDebate('parli')) as TDebate & { waitingResolution: string };
    expect(motions).toContain(parli.resolution);
    expect(parli.waitingResolution).toBe('A motion from the bank, revealed when you are matched.');
    const second = await matchedDebate('parli');
    expect(motions).toContain(second.resolution);

    const ld = (await matchedDebate('ld')) as TDebate & { waitingResolution: string };
    expect(ld.resolution).toBe(topic.title);
    expect(ld.waitingResolution).toBe(topic.title);
  });
});
