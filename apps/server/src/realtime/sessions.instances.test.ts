/**
 * The session door across instances: a server-side `user.sessions_revoked` event emitted on one instance closes the
 * user's sockets on every instance (telling them why) within seconds, and the user's next HTTP request and sign-in
 * are refused as banned. Two instances on one PostgreSQL database with the Redis adapter; always in CI.
 */
import { afterAll, expect, it } from 'vitest';
import { buildUser, DEFAULT_TEST_PASSWORD } from '../test/factories';
import { describeCluster } from '../test/cluster';
import { connectClient, nextEvent, waitFor, type TTestSocket } from '../features/chat/chat-test-client';

describeCluster('sessions revoked on two instances', ({ startInstance, asTestApp }) => {
  const sockets: TTestSocket[] = [];
  afterAll(() => {
    for (const s of sockets) s.disconnect();
  });
  const connect = async (url: string, cookie: string) => {
    const socket = await connectClient(url, cookie);
    sockets.push(socket);
    return socket;
  };

  it('a ban closes every socket of the user on both instances within 5 s; their other doors refuse them', async () => {
    const a = await startInstance();
    const b = await startInstance();
    const email = `banned-${Date.now()}@example.test`;
    const banned = await buildUser(asTestApp(a), { email });
    const bystander = await buildUser(asTestApp(a));
    const [onA, onB, other] = [
      await connect(a.url, banned.cookie),
      await connect(b.url, banned.cookie),
      await connect(b.url, bystander.cookie),
    ];
    const toldA = nextEvent(onA, 'session.closed', 5000);
    const toldB = nextEvent(onB, 'session.closed', 5000);

    await a.database.db.updateTable('users').set({ banned: true }).where('id', '=', banned.user.id).execute();
    a.app.context.events.emitServer({
      name: 'user.sessions_revoked',
      payload: { userId: banned.user.id, reason: 'banned' },
    });
    expect(await toldA).toEqual({ reason: 'banned' });
    expect(await toldB).toEqual({ reason: 'banned' });
    await waitFor(() => !onA.connected && !onB.connected, 5000, 'both sockets closed');
    expect(other.connected).toBe(true);

    // The HTTP door refuses the banned session with a reason, and answers public reads as for a visitor.
    const standing = await b.app.inject({
      method: 'GET',
      url: '/api/users/me/standing',
      headers: { cookie: banned.cookie },
    });
    expect(standing.statusCode).toBe(403);
    expect(standing.json().error).toMatchObject({ reason: 'account_banned', message: 'This account has been banned.' });
    const session = await b.app.inject({ method: 'GET', url: '/api/session', headers: { cookie: banned.cookie } });
    expect(session.json()).toEqual({ user: null });
    const signIn = await b.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email, password: DEFAULT_TEST_PASSWORD },
    });
    expect(signIn.statusCode).toBe(403);
    expect(signIn.json().error).toMatchObject({ reason: 'account_banned' });
  });
});
