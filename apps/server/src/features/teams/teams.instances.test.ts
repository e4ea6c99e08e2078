/**
 * Teams on two instances over one PostgreSQL database and Redis: a coach pairing on instance A reaches a student
 * connected to instance B at once, and the student's join on B reaches the coach's page on A. Runs where
 * TEST_DATABASE_URL and REDIS_URL are set, and always in CI (see test/cluster.ts).
 */
import { afterAll, expect, it } from 'vitest';
import type { TTeam } from '@resolved/shared';
import { buildUser } from '../../test/factories';
import { describeCluster } from '../../test/cluster';
import { connectClient, nextEvent, type TTestSocket } from '../chat/chat-test-client';

describeCluster('teams on two instances', ({ startInstance, asTestApp }) => {
  const sockets: TTestSocket[] = [];
  afterAll(() => {
    for (const s of sockets) s.disconnect();
  });

  it('a pairing made on one instance opens the round for students connected to the other', async () => {
    const a = await startInstance();
    const b = await startInstance();
    const coach = await buildUser(asTestApp(a), { displayName: 'Coach' });
    const [ann, ben] = [await buildUser(asTestApp(a)), await buildUser(asTestApp(a))];
    const coachSocket = await connectClient(a.url, coach.cookie);
    const annSocket = await connectClient(b.url, ann.cookie);
    sockets.push(coachSocket, annSocket);
    const created = await a.app.inject({
      method: 'POST',
      url: '/api/teams',
      headers: { cookie: coach.cookie },
      payload: { name: 'Cluster team', school: 'Cluster High' },
    });
    const team = created.json().team as TTeam;
    // A join through instance B tells the coach on instance A.
    const coachTold = nextEvent(coachSocket, 'team.changed');
    for (const student of [ann, ben]) {
      await b.app.inject({
        method: 'POST',
        url: `/api/teams/join/${team.joinCode}`,
        headers: { cookie: student.cookie },
      });
    }
    expect(await coachTold).toEqual({ teamId: team.id });
    const annTold = nextEvent(annSocket, 'team.round_opened');
    const paired = await a.app.inject({
      method: 'POST',
      url: `/api/teams/${team.id}/rounds`,
      headers: { cookie: coach.cookie },
      payload: { mode: 'manual', formatId: 'ld', pairs: [{ aUserId: ann.user.id, bUserId: ben.user.id }] },
    });
    expect(paired.statusCode).toBe(201);
    const opened = await annTold;
    expect(opened).toMatchObject({ role: 'debater', round: { teamId: team.id, teamName: 'Cluster team' } });
    expect(opened.round.debateId).toBe(paired.json().rounds[0].debateId);
  });

  it('a coach approving on one instance pairs a teammate pair waiting through the other at once', async () => {
    const a = await startInstance();
    const b = await startInstance();
    const born = (years: number) => `${new Date().getUTCFullYear() - years - 1}-01`;
    const coach = await buildUser(asTestApp(b), { displayName: 'Coach' });
    const teen = await buildUser(asTestApp(a), { birthMonth: born(15) });
    const adult = await buildUser(asTestApp(a), { birthMonth: born(30) });
    const call = (instance: typeof a, cookie: string, method: 'GET' | 'POST', url: string, payload?: object) =>
      instance.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
    const team = (await call(b, coach.cookie, 'POST', '/api/teams', { name: 'Mixed', school: 'Mixed High' })).json()
      .team as TTeam;
    for (const student of [teen, adult]) {
      expect((await call(a, student.cookie, 'POST', `/api/teams/join/${team.joinCode}`)).json().isPending).toBe(true);
    }
    expect(
      (await call(b, coach.cookie, 'POST', `/api/teams/${team.id}/members/${teen.user.id}/approve`)).statusCode,
    ).toBe(200);
    // Both wait through instance A: the adult is no teammate of the 15-year-old yet.
    const teenSocket = await connectClient(a.url, teen.cookie);
    sockets.push(teenSocket);
    for (const student of [teen, adult]) {
      expect((await call(a, student.cookie, 'POST', '/api/debates/queue', { formatId: 'ld' })).json().status).toBe(
        'waiting',
      );
    }
    const matched = nextEvent(teenSocket, 'debate.matched');
    const approved = await call(b, coach.cookie, 'POST', `/api/teams/${team.id}/members/${adult.user.id}/approve`);
    expect(approved.statusCode).toBe(200);
    const { debateId } = await matched;
    expect((await call(a, adult.cookie, 'GET', '/api/debates/queue')).json().queue.activeDebateId).toBe(debateId);
  });
});
