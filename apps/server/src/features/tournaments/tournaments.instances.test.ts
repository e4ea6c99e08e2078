/**
 * Releasing a round on two instances over one PostgreSQL database: two hosts' releases of the same round racing gives
 * one draw (the database claim), the other is refused with a 409. Runs where TEST_DATABASE_URL and REDIS_URL are set,
 * and always in CI (see test/cluster.ts).
 */
import { expect, it } from 'vitest';
import type { TTournament } from '@resolved/shared';
import { buildUser } from '../../test/factories';
import { describeCluster } from '../../test/cluster';

describeCluster('tournament rounds on two instances', ({ startInstance, asTestApp }) => {
  it('two instances releasing the same round at once make one draw', async () => {
    const a = await startInstance();
    const b = await startInstance();
    const host = await buildUser(asTestApp(a), { role: 'admin' });
    const created = await a.app.inject({
      method: 'POST',
      url: '/api/tournaments',
      headers: { cookie: host.cookie },
      payload: {
        name: 'Race',
        formatId: 'ld',
        prelimRounds: 3,
        breakSize: 0,
        scheduleMode: 'fixed',
        entryMode: 'open',
      },
    });
    const tournament = created.json().tournament as TTournament;
    for (let i = 0; i < 7; i++) {
      const entrant = await buildUser(asTestApp(i % 2 === 0 ? a : b));
      const entered = await (i % 2 === 0 ? a : b).app.inject({
        method: 'POST',
        url: `/api/tournaments/${tournament.id}/entrants`,
        headers: { cookie: entrant.cookie },
        payload: {},
      });
      expect(entered.statusCode, entered.body).toBe(201);
    }
    const release = (instance: typeof a) =>
      instance.app.inject({
        method: 'POST',
        url: `/api/tournaments/${tournament.id}/rounds/1/release`,
        headers: { cookie: host.cookie },
      });
    const answers = await Promise.all([release(a), release(b), release(a), release(b)]);
    const statuses = answers.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([201, 409, 409, 409]);
    for (const refused of answers.filter((r) => r.statusCode === 409)) {
      expect(refused.json().error.message).toBe('Round 1 has been released already.');
    }
    // One draw: 3 debates and a bye, stored once, and 3 tournament rounds opened.
    const pairings = await a.database.db
      .selectFrom('tournamentPairings')
      .innerJoin('tournamentRounds', 'tournamentRounds.id', 'tournamentPairings.roundId')
      .select(['tournamentPairings.debateId'])
      .where('tournamentRounds.tournamentId', '=', tournament.id)
      .execute();
    expect(pairings).toHaveLength(4);
    const debates = await a.database.db.selectFrom('debates').select('id').where('kind', '=', 'tournament').execute();
    expect(debates.map((d) => d.id).sort()).toEqual(
      pairings.flatMap((p) => (p.debateId === null ? [] : [p.debateId])).sort(),
    );
  });
});
