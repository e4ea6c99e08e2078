/**
 * A mute at the socket doors: the community chat refuses a muted user's message, saying until when, and
 * a moderator's deletion of a reported message reaches the chat room live. On both engines.
 */
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ENGINES, type TTestApp } from '../../test/harness';
import { buildUser } from '../../test/factories';
import { connectClient, listenOnFreePort, nextEvent, request, send, type TTestSocket } from '../chat/chat-test-client';

describe.each(TEST_ENGINES)('moderation at the socket doors on %s', (engine) => {
  let t: TTestApp;
  let baseUrl: string;
  const sockets: TTestSocket[] = [];
  beforeEach(async () => {
    t = await createTestApp(engine);
    baseUrl = await listenOnFreePort(t.app);
  });
  afterEach(async () => {
    for (const s of sockets.splice(0)) s.disconnect();
    await t.close();
  });

  async function member(opts: Parameters<typeof buildUser>[1] = {}) {
    const who = await buildUser(t, opts);
    const socket = await connectClient(baseUrl, who.cookie);
    sockets.push(socket);
    expect((await request(socket, 'chat.join', {})).ok).toBe(true);
    return { ...who, socket };
  }

  it('a muted user’s community message is refused with until when; a moderator deletes a reported one live', async () => {
    const a = await member();
    const b = await member();
    const moderator = await buildUser(t, { role: 'moderator' });
    const message = await send(b.socket, 'spam spam spam');
    const filed = await t.app.inject({
      method: 'POST',
      url: '/api/reports',
      headers: { cookie: a.cookie },
      payload: { target: 'message', targetId: message.id, userId: b.user.id, reason: 'spam' },
    });
    expect(filed.statusCode).toBe(201);
    const caseId = filed.json().caseId as number;
    const deleted = nextEvent(a.socket, 'message.deleted', 3000);
    const removal = await t.app.inject({
      method: 'POST',
      url: `/api/moderation/users/${b.user.id}/actions`,
      headers: { cookie: moderator.cookie },
      payload: { action: 'delete_message', messageId: message.id, reason: 'Spam' },
    });
    expect(removal.statusCode).toBe(200);
    expect(await deleted).toEqual({ id: message.id });

    const muted = await t.app.inject({
      method: 'POST',
      url: `/api/moderation/cases/${caseId}/actions`,
      headers: { cookie: moderator.cookie },
      payload: { action: 'mute', reason: 'Spam', hours: 24 },
    });
    expect(muted.statusCode).toBe(200);
    const refused = await request(b.socket, 'message.send', { clientId: randomUUID(), text: 'more spam' });
    expect(refused).toMatchObject({ ok: false, error: { code: 'forbidden', reason: 'muted' } });
    expect(refused.ok ? '' : refused.error.message).toMatch(/^You are muted until \d+ \w+ \d{4}, \d\d:\d\d UTC\./);
    // The end as an ISO time too, for the web to say in the viewer's own time.
    expect(refused.ok ? null : refused.error.details).toEqual({
      until: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
    });
    // Others still write.
    expect((await request(a.socket, 'message.send', { clientId: randomUUID(), text: 'hello' })).ok).toBe(true);
  });
});
