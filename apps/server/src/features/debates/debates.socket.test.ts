import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { displayAt, type TDebate, type TDebateJoined } from '@resolved/shared';
import { buildApp } from '../../app';
import { createTestApp, TEST_ENGINES, type TTestApp } from '../../test/harness';
import { buildUser } from '../../test/factories';
import { ask, connectClient, listenOnFreePort, nextEvent, type TTestSocket } from '../chat/chat-test-client';

describe.each(TEST_ENGINES)('debate sockets on %s', (engine) => {
  let t: TTestApp;
  let baseUrl: string;
  const sockets: TTestSocket[] = [];

  beforeEach(async () => {
    t = await createTestApp(engine, {
      DEBATE_FORFEIT_AFTER_MS: '1000',
      ICE_SERVERS: '[{"urls":"stun:stun.example.org:3478"}]',
    });
    baseUrl = await listenOnFreePort(t.app);
  });
  afterEach(async () => {
    for (const s of sockets.splice(0)) s.disconnect();
    await t.close();
  });

  async function client(cookie?: string) {
    const socket = await connectClient(baseUrl, cookie);
    sockets.push(socket);
    return socket;
  }

  async function matched() {
    const first = await buildUser(t, { displayName: 'Ada' });
    const second = await buildUser(t, { displayName: 'Grace' });
    const firstSocket = await client(first.cookie);
    const told = nextEvent(firstSocket, 'debate.matched');
    await t.app.inject({
      method: 'POST',
      url: '/api/debates/queue',
      headers: { cookie: first.cookie },
      payload: { formatId: 'ld' },
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/debates/queue',
      headers: { cookie: second.cookie },
      payload: { formatId: 'ld' },
    });
    const { debateId } = res.json() as { debateId: number };
    expect(await told).toEqual({ debateId });
    const secondSocket = await client(second.cookie);
    const joinedA = await ask<TDebateJoined>(firstSocket, 'debate.join', { debateId });
    const joinedB = await ask<TDebateJoined>(secondSocket, 'debate.join', { debateId });
    if (!joinedA.ok || !joinedB.ok) throw new Error('join failed');
    const debate = joinedA.data.debate;
    const [aSocket, bSocket] =
      debate.debaters.a.userId === first.user.id ? [firstSocket, secondSocket] : [secondSocket, firstSocket];
    return { debateId, debate, first, second, aSocket, bSocket, joined: joinedB.data };
  }

  it('tells a debater’s other window when they open the round in a new one, and not a spectator’s', async () => {
    const { debateId, debate, first, second, aSocket, bSocket } = await matched();
    const debaterA = debate.debaters.a.userId === first.user.id ? first : second;
    const heard: string[] = [];
    const listen = (name: string, socket: TTestSocket) =>
      socket.on('debate.opened_elsewhere', (payload: { debateId: number }) =>
        heard.push(`${name}:${payload.debateId}`),
      );
    listen('first window', aSocket);
    listen('opponent', bSocket);
    // A spectator's second window takes nothing over.
    const spectator = await buildUser(t);
    const [watching, watchingToo] = [await client(spectator.cookie), await client(spectator.cookie)];
    listen('spectator', watching);
    expect((await ask(watching, 'debate.join', { debateId })).ok).toBe(true);
    expect((await ask(watchingToo, 'debate.join', { debateId })).ok).toBe(true);

    // Debater A opens the round in a second window: the first is told, no one else.
    const secondWindow = await client(debaterA.cookie);
    listen('second window', secondWindow);
    const told = nextEvent(aSocket, 'debate.opened_elsewhere');
    expect((await ask(secondWindow, 'debate.join', { debateId })).ok).toBe(true);
    expect(await told).toEqual({ debateId });
    // Rejoining after a reconnect without taking the call back tells nobody; taking it back tells the other window.
    expect((await ask(aSocket, 'debate.join', { debateId, takeOver: false })).ok).toBe(true);
    const toldSecond = nextEvent(secondWindow, 'debate.opened_elsewhere');
    expect((await ask(aSocket, 'debate.join', { debateId })).ok).toBe(true);
    expect(await toldSecond).toEqual({ debateId });
    expect(heard).toEqual([`first window:${debateId}`, `second window:${debateId}`]);
  });

  it('a speech started by one debater reaches the other with the same clock; presence lists spectators', async () => {
    const { debateId, aSocket, bSocket, joined, debate } = await matched();
    expect(joined.iceServers).toEqual([{ urls: 'stun:stun.example.org:3478' }]);
    expect(joined.presence.presentUserIds).toHaveLength(2);

    const seenByB = nextEvent(bSocket, 'debate.clock_changed');
    const started = await ask<{ clock: TDebate['clock']; clockVersion: number }>(aSocket, 'debate.start_speech', {
      debateId,
      clockVersion: 0,
    });
    expect(started.ok).toBe(true);
    const event = await seenByB;
    if (!started.ok) return;
    expect(event.clock).toEqual(started.data.clock);
    expect(displayAt(event.clock, event.serverTime).remainingMs).toBeGreaterThan(359_000);

    const wrong = await ask(bSocket, 'debate.end_speech', { debateId });
    expect(wrong).toEqual({
      ok: false,
      error: { code: 'forbidden', reason: 'clock_turn', message: 'The Affirmative starts and ends this speech.' },
    });
    expect(await ask(bSocket, 'debate.pause', { debateId: 'x' })).toMatchObject({
      ok: false,
      error: { code: 'validation_failed' },
    });

    const watcher = await buildUser(t, { displayName: 'Watcher' });
    const watcherSocket = await client(watcher.cookie);
    const presence = nextEvent(aSocket, 'debate.presence_changed');
    const watching = await ask<TDebateJoined>(watcherSocket, 'debate.join', { debateId });
    expect(watching.ok && watching.data.debate.clock.phase).toBe('speech');
    expect((await presence).spectators).toEqual([{ userId: watcher.user.id, displayName: 'Watcher' }]);
    // Spectators read the chat but do not write, nor run the clock; they receive the round's media, so they may
    // greet the room and answer the debaters and the judge, but not signal another spectator.
    expect(await ask(watcherSocket, 'debate.send_message', { debateId, text: 'hi' })).toMatchObject({
      ok: false,
      error: { code: 'forbidden' },
    });
    const greeted = nextEvent(aSocket, 'debate.signal_received');
    expect(await ask(watcherSocket, 'debate.signal', { debateId, signal: { type: 'hello' } })).toMatchObject({
      ok: true,
    });
    expect(await greeted).toEqual({ debateId, fromUserId: watcher.user.id, signal: { type: 'hello' } });
    const other = await buildUser(t, { displayName: 'Other watcher' });
    const otherSocket = await client(other.cookie);
    const offer = { type: 'offer', sdp: 'v=0 test' };
    expect(await ask(otherSocket, 'debate.signal', { debateId, signal: { type: 'hello' } })).toMatchObject({
      ok: false,
      error: { code: 'forbidden' },
    });
    await ask(otherSocket, 'debate.join', { debateId });
    expect(
      await ask(watcherSocket, 'debate.signal', { debateId, toUserId: other.user.id, signal: offer }),
    ).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    // A spectator's hello reaches the seated people and no other spectator (a hundred of them would greet each other).
    const heardByOther: unknown[] = [];
    otherSocket.on('debate.signal_received', (payload: unknown) => heardByOther.push(payload));
    const greetedAgain = nextEvent(bSocket, 'debate.signal_received');
    expect(await ask(watcherSocket, 'debate.signal', { debateId, signal: { type: 'hello' } })).toMatchObject({
      ok: true,
    });
    expect((await greetedAgain).fromUserId).toBe(watcher.user.id);
    // A debater's hello, sent after it, reaches the other spectator: by then the spectator's would have too.
    const debaterHello = nextEvent(otherSocket, 'debate.signal_received');
    expect(await ask(aSocket, 'debate.signal', { debateId, signal: { type: 'hello' } })).toMatchObject({ ok: true });
    expect((await debaterHello).fromUserId).toBe(debate.debaters.a.userId);
    expect(heardByOther.map((p) => (p as { fromUserId: string }).fromUserId)).toEqual([debate.debaters.a.userId]);
    const answered = nextEvent(bSocket, 'debate.signal_received');
    expect(
      await ask(watcherSocket, 'debate.signal', { debateId, toUserId: debate.debaters.b.userId, signal: offer }),
    ).toMatchObject({ ok: true });
    expect((await answered).fromUserId).toBe(watcher.user.id);
    const chat = nextEvent(watcherSocket, 'debate.message_created');
    expect(await ask(aSocket, 'debate.send_message', { debateId, text: 'Good luck!' })).toMatchObject({ ok: true });
    expect((await chat).message).toMatchObject({ text: 'Good luck!', debateId });

    const visitor = await client();
    expect(await ask(visitor, 'debate.join', { debateId })).toMatchObject({
      ok: false,
      error: { code: 'unauthenticated' },
    });
  });

  it('relays a WebRTC signal to the peer it names, and a hello to the whole round', async () => {
    const { debateId, aSocket, bSocket, debate } = await matched();
    const [aId, bId] = [debate.debaters.a.userId, debate.debaters.b.userId];
    const atB = nextEvent(bSocket, 'debate.signal_received');
    const offer = { type: 'offer', sdp: 'v=0 test' };
    expect(await ask(aSocket, 'debate.signal', { debateId, toUserId: bId, signal: offer })).toEqual({
      ok: true,
      data: undefined,
    });
    expect(await atB).toEqual({ debateId, fromUserId: aId, signal: offer });
    const hello = nextEvent(bSocket, 'debate.signal_received');
    expect(await ask(aSocket, 'debate.signal', { debateId, signal: { type: 'hello' } })).toMatchObject({ ok: true });
    expect(await hello).toEqual({ debateId, fromUserId: aId, signal: { type: 'hello' } });
    // A camera change goes to everyone too: the others show a placeholder while it is off.
    const cameraOff = nextEvent(bSocket, 'debate.signal_received');
    const media = { type: 'media', camera: false };
    expect(await ask(aSocket, 'debate.signal', { debateId, signal: media })).toMatchObject({ ok: true });
    expect(await cameraOff).toEqual({ debateId, fromUserId: aId, signal: media });
    expect(await ask(aSocket, 'debate.signal', { debateId, signal: { type: 'media', camera: 'off' } })).toMatchObject({
      ok: false,
      error: { code: 'validation_failed' },
    });
    // Only a hello or a camera change goes to everyone; an offer must name its peer, and nobody signals themselves.
    expect(await ask(aSocket, 'debate.signal', { debateId, signal: offer })).toMatchObject({
      ok: false,
      error: { code: 'validation_failed' },
    });
    expect(await ask(aSocket, 'debate.signal', { debateId, toUserId: aId, signal: offer })).toMatchObject({
      ok: false,
      error: { code: 'validation_failed' },
    });
    expect(await ask(aSocket, 'debate.signal', { debateId, toUserId: bId, signal: { type: 'bogus' } })).toMatchObject({
      ok: false,
      error: { code: 'validation_failed' },
    });
  });

  it('a waiting debater whose last connection closes leaves the queue; one with another tab open stays', async () => {
    const waiter = await buildUser(t);
    const [tab1, tab2] = [await client(waiter.cookie), await client(waiter.cookie)];
    const queue = () =>
      t.app
        .inject({ method: 'GET', url: '/api/debates/queue', headers: { cookie: waiter.cookie } })
        .then((r) => r.json().queue);
    await t.app.inject({
      method: 'POST',
      url: '/api/debates/queue',
      headers: { cookie: waiter.cookie },
      payload: { formatId: 'ld' },
    });
    tab1.disconnect();
    await new Promise((r) => setTimeout(r, 300));
    expect((await queue()).waiting).toMatchObject({ formatId: 'ld' });
    tab2.disconnect();
    const start = Date.now();
    while ((await queue()).waiting !== null && Date.now() - start < 3000) await new Promise((r) => setTimeout(r, 50));
    expect((await queue()).waiting).toBeNull();
  });

  it('a matched debater who never opens the room forfeits after the window', async () => {
    const present = await buildUser(t, { displayName: 'Present' });
    const absent = await buildUser(t, { displayName: 'Absent' });
    const socket = await client(present.cookie);
    await t.app.inject({
      method: 'POST',
      url: '/api/debates/queue',
      headers: { cookie: absent.cookie },
      payload: { formatId: 'pf' },
    });
    const told = nextEvent(socket, 'debate.matched');
    await t.app.inject({
      method: 'POST',
      url: '/api/debates/queue',
      headers: { cookie: present.cookie },
      payload: { formatId: 'pf' },
    });
    const { debateId } = await told;
    expect(await ask(socket, 'debate.join', { debateId })).toMatchObject({ ok: true });
    const ended = await nextEvent(socket, 'debate.updated', 4000);
    expect(ended.debate).toMatchObject({ status: 'forfeited', forfeitedBy: absent.user.id });
    // A no-show is a strike towards a matchmaking cooldown, against the absent debater only.
    const strikes = await t.database.db.selectFrom('playStrikes').select(['userId', 'debateId']).execute();
    expect(strikes).toEqual([{ userId: absent.user.id, debateId }]);
  });

  it('a team none of whose members comes forfeits, and every member of it is struck; the other team is not', async () => {
    const [ada, bea, cy, dee] = [await buildUser(t), await buildUser(t), await buildUser(t), await buildUser(t)];
    const call = (who: typeof ada, url: string, payload: object = {}) =>
      t.app.inject({ method: 'POST', url, headers: { cookie: who.cookie }, payload });
    for (const [a, b] of [
      [ada, bea],
      [cy, dee],
    ] as const) {
      const made = await call(a, '/api/debates/partner-links', { formatId: 'pf' });
      expect((await call(b, `/api/debates/partner-links/${made.json().link.token}/accept`)).statusCode).toBe(200);
    }
    const adaSocket = await client(ada.cookie);
    const beaSocket = await client(bea.cookie);
    const told = nextEvent(adaSocket, 'debate.matched');
    const made = await call(ada, '/api/debates/challenges', {
      formatId: 'pf',
      mode: 'team',
      partnerIds: [bea.user.id],
    });
    const token = made.json().challenge.token as string;
    expect((await call(cy, `/api/debates/challenges/${token}/accept`, { partnerIds: [dee.user.id] })).statusCode).toBe(
      200,
    );
    const { debateId } = await told;
    expect(await ask(adaSocket, 'debate.join', { debateId })).toMatchObject({ ok: true });
    expect(await ask(beaSocket, 'debate.join', { debateId })).toMatchObject({ ok: true });
    // Neither Cy nor Dee ever opens the room: the team forfeits once the window ends.
    const ended = await nextEvent(adaSocket, 'debate.updated', 4000);
    expect(ended.debate.status).toBe('forfeited');
    expect([cy.user.id, dee.user.id]).toContain(ended.debate.forfeitedBy);
    const strikes = await t.database.db.selectFrom('playStrikes').select(['userId', 'debateId']).execute();
    expect(strikes.map((s) => s.userId).sort()).toEqual([cy.user.id, dee.user.id].sort());
    expect(strikes.every((s) => s.debateId === debateId)).toBe(true);
  });

  it('a match made over HTTP on an instance no socket has reached yet is still watched for no-shows', async () => {
    // Nobody has connected to this instance: the match is made over HTTP alone, and neither debater ever comes.
    const [first, second] = [await buildUser(t), await buildUser(t)];
    const queue = (cookie: string) =>
      t.app.inject({ method: 'POST', url: '/api/debates/queue', headers: { cookie }, payload: { formatId: 'ld' } });
    await queue(first.cookie);
    const { debateId } = (await queue(second.cookie)).json() as { debateId: number };
    const status = async () =>
      (
        (
          await t.app.inject({ method: 'GET', url: `/api/debates/${debateId}`, headers: { cookie: first.cookie } })
        ).json().debate as TDebate
      ).status;
    expect(await status()).toBe('live');
    await expect.poll(status, { timeout: 5000, interval: 250 }).toBe('abandoned');
  });

  it('a debater away longer than the forfeit window forfeits; one who comes back in time does not', async () => {
    const { debateId, aSocket, bSocket, first, second, debate } = await matched();
    const aCookie = debate.debaters.a.userId === first.user.id ? first.cookie : second.cookie;
    // A leaves and comes back within the window: no forfeit.
    aSocket.disconnect();
    await new Promise((r) => setTimeout(r, 300));
    const back = await client(aCookie);
    expect(await ask(back, 'debate.join', { debateId })).toMatchObject({ ok: true });
    await new Promise((r) => setTimeout(r, 1200));
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/debates/${debateId}`, headers: { cookie: aCookie } })).json()
        .debate.status,
    ).toBe('live');
    // B leaves for good: after the window, A wins by forfeit and the room is told.
    const ended = nextEvent(back, 'debate.updated', 4000);
    bSocket.disconnect();
    const { debate: after } = await ended;
    expect(after).toMatchObject({ status: 'forfeited', winnerSide: 'a', forfeitedBy: debate.debaters.b.userId });
  });

  it('when both debaters drop at once, nobody is blamed: the round is abandoned, its clock stopped, no points', async () => {
    const { debateId, aSocket, bSocket, first } = await matched();
    expect(await ask(aSocket, 'debate.start_speech', { debateId })).toMatchObject({ ok: true });
    const spectator = await buildUser(t, { displayName: 'Watcher' });
    const watcher = await client(spectator.cookie);
    expect(await ask(watcher, 'debate.join', { debateId })).toMatchObject({ ok: true });
    const ended = nextEvent(watcher, 'debate.updated', 4000);
    aSocket.disconnect();
    bSocket.disconnect();
    const { debate: after } = await ended;
    expect(after).toMatchObject({ status: 'abandoned', winnerSide: null, forfeitedBy: null, awards: [] });
    expect(after.clock).toMatchObject({ phase: 'finished', startedAt: null });
    // The second timer finds the round over: still abandoned, nobody forfeited.
    await new Promise((r) => setTimeout(r, 1300));
    const reread = (
      await t.app.inject({ method: 'GET', url: `/api/debates/${debateId}`, headers: { cookie: first.cookie } })
    ).json().debate;
    expect(reread).toMatchObject({ status: 'abandoned', forfeitedBy: null });
    const scores = await t.database.db.selectFrom('users').select('score').execute();
    expect(scores.every((row) => Number(row.score) === 0)).toBe(true);
  });

  it('after a server restart, a debater who does not come back still forfeits', async () => {
    const { debateId, debate, first, second } = await matched();
    const aCookie = debate.debaters.a.userId === first.user.id ? first.cookie : second.cookie;
    // The instance goes away (closing, it schedules no watch for the sockets it drops) and a new one starts on the
    // same database.
    for (const s of sockets.splice(0)) s.disconnect();
    await t.app.close();
    const restarted = await buildApp({ config: t.config, database: t.database, logger: false });
    t = { ...t, app: restarted, close: async () => (await restarted.close(), await t.database.destroy()) };
    baseUrl = await listenOnFreePort(restarted);
    // A comes back; B never does. The restored watch may end the debate before A is back in the room (a slow
    // machine): then A's join shows the forfeit; otherwise it arrives as an update.
    const back = await client(aCookie);
    const updated = new Promise<TDebate>((resolve) => {
      back.on('debate.updated', ({ debate: d }) => {
        if (d.status !== 'live') resolve(d);
      });
    });
    const joined = await ask<TDebateJoined>(back, 'debate.join', { debateId });
    if (!joined.ok) throw new Error('join failed');
    const after =
      joined.data.debate.status === 'live'
        ? await Promise.race([
            updated,
            new Promise<never>((_, reject) => setTimeout(() => reject(new Error('no forfeit within 20 s')), 20_000)),
          ])
        : joined.data.debate;
    expect(after).toMatchObject({ status: 'forfeited', winnerSide: 'a', forfeitedBy: debate.debaters.b.userId });
  });
});
