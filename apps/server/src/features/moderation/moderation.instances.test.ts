/**
 * A moderator's ban across instances: the ban made through the moderation route on one instance closes
 * every socket of the banned user on both instances within 5 s, telling them why; their sign-in is refused on the
 * other instance. Two instances on one PostgreSQL database with the Redis adapter.
 */
import { afterAll, expect, it } from 'vitest';
import { buildUser, DEFAULT_TEST_PASSWORD } from '../../test/factories';
import { describeCluster } from '../../test/cluster';
import { connectClient, nextEvent, waitFor, type TTestSocket } from '../chat/chat-test-client';

describeCluster('a moderator’s ban on two instances', ({ startInstance, asTestApp }) => {
  const sockets: TTestSocket[] = [];
  afterAll(() => {
    for (const s of sockets) s.disconnect();
  });

  it('closes the banned user’s sockets on both instances within 5 s and refuses their sign-in', async () => {
    const a = await startInstance();
    const b = await startInstance();
    const reporter = await buildUser(asTestApp(a));
    const email = `mod-banned-${Date.now()}@example.test`;
    const banned = await buildUser(asTestApp(a), { email });
    const moderator = await buildUser(asTestApp(a), { role: 'moderator' });
    const onA = await connectClient(a.url, banned.cookie);
    const onB = await connectClient(b.url, banned.cookie);
    const bystander = await connectClient(b.url, reporter.cookie);
    sockets.push(onA, onB, bystander);
    const toldA = nextEvent(onA, 'session.closed', 5000);
    const toldB = nextEvent(onB, 'session.closed', 5000);

    const filed = await a.app.inject({
      method: 'POST',
      url: '/api/reports',
      headers: { cookie: reporter.cookie },
      payload: { target: 'user', userId: banned.user.id, reason: 'hate' },
    });
    expect(filed.statusCode).toBe(201);
    const ban = await a.app.inject({
      method: 'POST',
      url: `/api/moderation/cases/${filed.json().caseId}/actions`,
      headers: { cookie: moderator.cookie },
      payload: { action: 'ban', reason: 'Hate speech' },
    });
    expect(ban.statusCode).toBe(200);
    expect(await toldA).toEqual({ reason: 'banned' });
    expect(await toldB).toEqual({ reason: 'banned' });
    await waitFor(() => !onA.connected && !onB.connected, 5000, 'both sockets closed');
    expect(bystander.connected).toBe(true);

    const signIn = await b.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email, password: DEFAULT_TEST_PASSWORD },
    });
    expect(signIn.statusCode).toBe(403);
    expect(signIn.json().error).toMatchObject({ reason: 'account_banned', message: 'This account has been banned.' });
  });
});
