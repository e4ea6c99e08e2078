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
});
