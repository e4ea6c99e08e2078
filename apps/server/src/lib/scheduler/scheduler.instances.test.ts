/**
 * The scheduler across two instances on one PostgreSQL database (Redis between them): each due job runs on one
 * instance only, a periodic job runs once for the deployment, and a debater's forfeit watch scheduled on an instance
 * that then goes down is run by the other.
 */
import { afterAll, expect, it } from 'vitest';
import type { TDebate, TDebateJoined } from '@resolved/shared';
import { describeCluster } from '../../test/cluster';
import { buildUser } from '../../test/factories';
import { ask, connectClient, type TTestSocket } from '../../features/chat/chat-test-client';
import { FORFEIT_WATCH_JOB } from '../../features/debates/debates.socket';
import { findJob } from './scheduler.repository';

describeCluster('the scheduler on two instances', ({ startInstance, asTestApp }) => {
  const sockets: TTestSocket[] = [];
  afterAll(() => {
    for (const s of sockets) s.disconnect();
  });

  it('runs each due job on one instance only, and a periodic job once for both', async () => {
    const [a, b] = [await startInstance(), await startInstance()];
    const ran: string[] = [];
    let periodicRuns = 0;
    for (const [name, instance] of [
      ['a', a],
      ['b', b],
    ] as const) {
      instance.app.context.scheduler.handle('test.cluster', async (job) => void ran.push(`${name}:${job.key}`));
      instance.app.context.scheduler.every('test.cluster_periodic', 60 * 60 * 1000, async () => void periodicRuns++);
    }
    for (let i = 0; i < 30; i++) await a.app.context.scheduler.after('test.cluster', `k${i}`, 200);
    await expect.poll(() => ran.length, { timeout: 10_000 }).toBe(30);
    await expect.poll(() => periodicRuns, { timeout: 10_000 }).toBe(1);
    // A few more polls on both: nothing runs twice.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(ran).toHaveLength(30);
    expect(new Set(ran.map((r) => r.split(':')[1])).size).toBe(30);
    expect(periodicRuns).toBe(1);
  });

  it('a forfeit watch scheduled on an instance that goes down is run by the other', async () => {
    const env = { DEBATE_FORFEIT_AFTER_MS: '3000' };
    const [a, b] = [await startInstance(env), await startInstance(env)];
    const [ann, ben] = [await buildUser(asTestApp(a)), await buildUser(asTestApp(a))];
    const queue = (cookie: string) =>
      a.app.inject({ method: 'POST', url: '/api/debates/queue', headers: { cookie }, payload: { formatId: 'ld' } });
    await queue(ann.cookie);
    const { debateId } = (await queue(ben.cookie)).json() as { debateId: number };
    const annSocket = await connectClient(b.url, ann.cookie);
    const benSocket = await connectClient(a.url, ben.cookie);
    sockets.push(annSocket, benSocket);
    for (const socket of [annSocket, benSocket]) {
      expect((await ask<TDebateJoined>(socket, 'debate.join', { debateId })).ok).toBe(true);
    }
    // Ben's window closes on instance A: A schedules his watch, then A goes down before it is due.
    benSocket.disconnect();
    const watchKey = `${debateId}:${ben.user.id}`;
    await expect
      .poll(async () => (await findJob(a.database.db, FORFEIT_WATCH_JOB, watchKey))?.doneAt, { timeout: 5000 })
      .toBeNull();
    await a.app.close();
    // Instance B runs the watch when it falls due: Ben forfeits.
    const status = async () =>
      (
        (await b.app.inject({ method: 'GET', url: `/api/debates/${debateId}`, headers: { cookie: ann.cookie } })).json()
          .debate as TDebate
      ).status;
    await expect.poll(status, { timeout: 10_000, interval: 250 }).toBe('forfeited');
    const debate = (
      await b.app.inject({ method: 'GET', url: `/api/debates/${debateId}`, headers: { cookie: ann.cookie } })
    ).json().debate as TDebate;
    expect(debate.forfeitedBy).toBe(ben.user.id);
  });
});
