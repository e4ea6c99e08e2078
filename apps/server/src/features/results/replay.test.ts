/** The replay of a finished round on both engines: its timeline from the clock commands, chat, evidence, own flow. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TDebate, TReplay, TSessionUser } from '@resolved/shared';
import { createTestApp, TEST_ENGINES, type TTestApp } from '../../test/harness';
import { buildUser } from '../../test/factories';

type TCookieUser = { user: TSessionUser; cookie: string };

describe.each(TEST_ENGINES)('round replay on %s', (engine) => {
  let t: TTestApp;
  beforeEach(async () => {
    t = await createTestApp(engine);
  });
  afterEach(async () => {
    await t.close();
  });
  const call = (who: TCookieUser, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: who.cookie }, ...(payload ? { payload } : {}) });

  it('opens when the round is over, with its timeline, chat, evidence and the viewer’s own flow', async () => {
    const [host, friend, stranger] = [await buildUser(t), await buildUser(t), await buildUser(t)];
    const created = await call(host, 'POST', '/api/debates/challenges', { formatId: 'ld' });
    const id = (await call(friend, 'POST', `/api/debates/challenges/${created.json().challenge.token}/accept`)).json()
      .debateId as number;
    const { debate } = (await call(host, 'GET', `/api/debates/${id}`)).json() as { debate: TDebate };
    const aff = debate.debaters.a.userId === host.user.id ? host : friend;
    await call(aff, 'POST', `/api/debates/${id}/clock`, { action: 'start_speech' });
    await call(aff, 'POST', `/api/debates/${id}/messages`, { text: 'Framework first.' });
    await call(aff, 'POST', `/api/debates/${id}/evidence/notes`, { kind: 'text', text: 'Card: Rawls 1971' });
    await call(aff, 'PUT', `/api/debates/${id}/flow`, { columns: [[{ text: 'V: justice', isExtension: false }]] });
    await call(aff, 'POST', `/api/debates/${id}/clock`, { action: 'end_speech' });
    expect((await call(aff, 'GET', `/api/debates/${id}/replay`)).statusCode).toBe(409);
    const other = aff === host ? friend : host;
    await call(other, 'POST', `/api/debates/${id}/forfeit`);

    const replay = (await call(aff, 'GET', `/api/debates/${id}/replay`)).json() as TReplay;
    expect(replay.debate.status).toBe('forfeited');
    expect(replay.events.map((e) => [e.action, e.phase, e.speechIndex])).toEqual([
      ['start_speech', 'speech', 0],
      ['end_speech', 'idle', 1],
    ]);
    expect(replay.messages.map((m) => m.text)).toEqual(['Framework first.']);
    expect(replay.evidence?.map((e) => e.text)).toEqual(['Card: Rawls 1971']);
    expect(replay.flow?.columns[0]?.[0]?.text).toBe('V: justice');
    // Anyone signed in may replay a public round, but sees no one's flow and, unless allowed, no evidence.
    const seen = (await call(stranger, 'GET', `/api/debates/${id}/replay`)).json() as TReplay;
    expect(seen.flow).toBeNull();
    expect(seen.evidence).toBeNull();
    expect(seen.messages).toHaveLength(1);
  });

  it('a debater keeps the replay private: strangers are refused and it leaves their view of the profile', async () => {
    const [host, friend, stranger] = [await buildUser(t), await buildUser(t), await buildUser(t)];
    const created = await call(host, 'POST', '/api/debates/challenges', { formatId: 'ld' });
    const id = (await call(friend, 'POST', `/api/debates/challenges/${created.json().challenge.token}/accept`)).json()
      .debateId as number;
    // Set while the round is live; it holds once the round is over.
    const set = (who: TCookieUser, isPrivate: unknown) =>
      call(who, 'PUT', `/api/debates/${id}/replay-privacy`, { isPrivate });
    expect((await set(stranger, true)).json().error).toMatchObject({ code: 'forbidden', reason: 'not_in_round' });
    expect((await set(host, 'yes')).json().error.code).toBe('validation_failed');
    expect((await set(host, true)).json().debate.isReplayPrivate).toBe(true);
    await call(friend, 'POST', `/api/debates/${id}/forfeit`);
    const replay = (who: TCookieUser) => call(who, 'GET', `/api/debates/${id}/replay`);
    expect((await replay(stranger)).json().error).toMatchObject({ code: 'forbidden', reason: 'replay_private' });
    expect((await replay(friend)).statusCode).toBe(200);
    // Nor does the round's own page give its chat away.
    const page = (who: TCookieUser) => call(who, 'GET', `/api/debates/${id}`);
    expect((await page(stranger)).json().error).toMatchObject({ code: 'forbidden', reason: 'replay_private' });
    expect((await page(friend)).statusCode).toBe(200);
    const listed = async () =>
      (await call(stranger, 'GET', `/api/users/${host.user.id}/debates`)).json().rounds as { id: number }[];
    expect((await listed()).map((r) => r.id)).not.toContain(id);
    // Either debater may open it again.
    expect((await set(friend, false)).statusCode).toBe(200);
    expect((await replay(stranger)).statusCode).toBe(200);
    expect((await page(stranger)).statusCode).toBe(200);
    expect((await listed()).map((r) => r.id)).toContain(id);
  });
});
