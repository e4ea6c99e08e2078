/**
 * One send path for every chat: the round chat goes through the community chat's
 * `storeChatMessage`, so it refuses a banned author as the community chat does, keeps its retry id and its limit, and
 * both read a ban as the door does (a ban whose end has passed no longer holds). The services are called directly:
 * the door already turns a banned session away before a socket event or HTTP request reaches them, and these tests
 * hold the services to the rule themselves (a request that passed the door just before the ban, or a caller that is
 * not a request).
 */
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TSessionUser } from '@resolved/shared';
import { createTestApp, TEST_ENGINES, type TTestApp } from '../../test/harness';
import { buildUser } from '../../test/factories';
import { DomainEvents, type TDomainEvent } from '../../lib/events';
import { postMessage } from '../debates/round-chat.service';
import { sendMessage } from './chat.service';

describe.each(TEST_ENGINES)('one chat send path on %s', (engine) => {
  let t: TTestApp;
  beforeEach(async () => {
    t = await createTestApp(engine);
  });
  afterEach(async () => {
    await t.close();
  });
  const deps = () => ({ database: t.database, events: t.app.context.events });
  const ban = (user: TSessionUser, banExpires: string | null = null) =>
    t.database.db
      .updateTable('users')
      .set({ banned: engine === 'sqlite' ? 1 : true, banExpires })
      .where('id', '=', user.id)
      .execute();

  async function newRound() {
    const [host, guest] = [await buildUser(t), await buildUser(t)];
    const post = (cookie: string, url: string, payload: object = {}) =>
      t.app.inject({ method: 'POST', url, headers: { cookie }, payload });
    const created = await post(host.cookie, '/api/debates/challenges', { formatId: 'ld' });
    const accepted = await post(guest.cookie, `/api/debates/challenges/${created.json().challenge.token}/accept`);
    return { host, guest, debateId: accepted.json().debateId as number };
  }

  async function roundMessages(debateId: number) {
    const rows = await t.database.db
      .selectFrom('debateMessages')
      .select(['userId', 'text'])
      .where('debateId', '=', debateId)
      .orderBy('id', 'asc')
      .execute();
    return rows.map((r) => [r.userId, r.text]);
  }

  it('refuses a banned debater’s round-chat message, and keeps what they sent before', async () => {
    const { host, guest, debateId } = await newRound();
    const earlier = { text: 'Before the ban', clientId: randomUUID() };
    await postMessage(deps(), host.user, debateId, earlier);
    await ban(host.user);
    await expect(
      postMessage(deps(), host.user, debateId, { text: 'After the ban', clientId: randomUUID() }),
    ).rejects.toMatchObject({ code: 'forbidden', reason: 'account_banned', message: 'This account has been banned.' });
    // A retry of what was stored before the ban is answered with it (nothing new is stored), as in the community chat.
    expect((await postMessage(deps(), host.user, debateId, earlier)).text).toBe('Before the ban');
    await postMessage(deps(), guest.user, debateId, { text: 'Still here', clientId: randomUUID() });
    expect(await roundMessages(debateId)).toEqual([
      [host.user.id, 'Before the ban'],
      [guest.user.id, 'Still here'],
    ]);
  });

  it('refuses a banned author in the community chat with the same refusal', async () => {
    const { user } = await buildUser(t);
    await ban(user);
    await expect(sendMessage(deps(), user, { clientId: randomUUID(), text: 'Hello' })).rejects.toMatchObject({
      code: 'forbidden',
      reason: 'account_banned',
    });
  });

  /**
   * An instance that stores a message and dies before announcing it: its events go nowhere (a bus nobody listens to).
   * The client's retry (same clientId) reaches another instance, which finds the stored message and announces it.
   */
  const diedBeforeAnnouncing = () => ({ database: t.database, events: new DomainEvents() });
  function announced() {
    const seen: TDomainEvent[] = [];
    const stop = t.app.context.events.subscribe((event) => seen.push(event));
    return { seen, stop };
  }

  it('announces a community message stored but never announced when its retry comes, and not a deleted one', async () => {
    const { user } = await buildUser(t);
    const input = { clientId: randomUUID(), text: 'Stored, then the instance died' };
    const stored = await sendMessage(diedBeforeAnnouncing(), user, input);
    const { seen, stop } = announced();
    expect(await sendMessage(deps(), user, input)).toEqual(stored);
    expect(seen).toEqual([{ name: 'messages.created', room: 'chat:community', payload: { messages: [stored] } }]);

    // A retry of a message deleted meanwhile returns it but does not bring it back on others' screens.
    const gone = { clientId: randomUUID(), text: 'Deleted before the retry' };
    const deleted = await sendMessage(diedBeforeAnnouncing(), user, gone);
    await t.database.db
      .updateTable('messages')
      .set({ deletedAt: new Date().toISOString() })
      .where('id', '=', deleted.id)
      .execute();
    seen.length = 0;
    expect((await sendMessage(deps(), user, gone)).id).toBe(deleted.id);
    stop();
    expect(seen).toEqual([]);
  });

  it('announces a round message stored but never announced when its retry comes', async () => {
    const { host, debateId } = await newRound();
    const input = { text: 'Stored, then the instance died', clientId: randomUUID() };
    const stored = await postMessage(diedBeforeAnnouncing(), host.user, debateId, input);
    const { seen, stop } = announced();
    expect(await postMessage(deps(), host.user, debateId, input)).toEqual(stored);
    stop();
    expect(seen).toEqual([
      { name: 'debate.message_created', room: `debate:${debateId}`, payload: { message: stored } },
    ]);
    expect(await roundMessages(debateId)).toEqual([[host.user.id, 'Stored, then the instance died']]);
  });

  it('lets an author whose ban has ended post again, as the door does', async () => {
    const { host, debateId } = await newRound();
    await ban(host.user, new Date(Date.now() - 60_000).toISOString());
    const sent = await sendMessage(deps(), host.user, { clientId: randomUUID(), text: 'Back again' });
    expect(sent.text).toBe('Back again');
    expect((await postMessage(deps(), host.user, debateId, { text: 'Back in the round' })).text).toBe(
      'Back in the round',
    );
  });
});
