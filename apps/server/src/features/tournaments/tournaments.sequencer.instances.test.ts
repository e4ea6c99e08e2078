/**
 * The sequencer on two instances over one PostgreSQL database: both running a tournament's sequencer at its start at
 * once (and both schedulers polling its job) release the round once, with one draw. Runs where TEST_DATABASE_URL and
 * REDIS_URL are set, and always in CI (see test/cluster.ts).
 */
import { expect, it } from 'vitest';
import type { TTournament } from '@resolved/shared';
import { buildUser } from '../../test/factories';
import { describeCluster } from '../../test/cluster';
import { runSequencer, SEQUENCER_JOB, type TSequencer } from './tournament-sequencer';

describeCluster('the tournament sequencer on two instances', ({ startInstance, asTestApp, config }) => {
  it('two instances racing the sequencer release a round once', async () => {
    const a = await startInstance();
    const b = await startInstance();
    const host = await buildUser(asTestApp(a), { role: 'admin' });
    const start = Date.now() + 10 * 60_000;
    const created = await a.app.inject({
      method: 'POST',
      url: '/api/tournaments',
      headers: { cookie: host.cookie },
      payload: {
        name: 'Race',
        formatId: 'ld',
        prelimRounds: 2,
        breakSize: 0,
        scheduleMode: 'fixed',
        entryMode: 'open',
        roundStartsAt: [new Date(start).toISOString()],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const tournament = created.json().tournament as TTournament;
    for (let i = 0; i < 7; i++) {
      const instance = i % 2 === 0 ? a : b;
      const entrant = await buildUser(asTestApp(instance));
      const entered = await instance.app.inject({
        method: 'POST',
        url: `/api/tournaments/${tournament.id}/entrants`,
        headers: { cookie: entrant.cookie },
        payload: {},
      });
      expect(entered.statusCode, entered.body).toBe(201);
      const checked = await instance.app.inject({
        method: 'POST',
        url: `/api/tournaments/${tournament.id}/check-in`,
        headers: { cookie: entrant.cookie },
      });
      expect(checked.statusCode, checked.body).toBe(200);
    }
    const sequencerOf = (instance: typeof a): TSequencer => ({
      deps: {
        database: instance.database,
        events: instance.app.context.events,
        now: () => start + 1000,
        timings: config().tournamentTimings,
      },
      scheduler: instance.app.context.scheduler,
      log: instance.app.log,
    });
    // Both instances' sequencers at the start, twice each, and both schedulers polling the job meanwhile.
    await Promise.all([a, b].map((i) => i.app.context.scheduler.at(SEQUENCER_JOB, String(tournament.id), Date.now())));
    await Promise.all([
      runSequencer(sequencerOf(a), tournament.id),
      runSequencer(sequencerOf(b), tournament.id),
      runSequencer(sequencerOf(a), tournament.id),
      runSequencer(sequencerOf(b), tournament.id),
      a.app.context.scheduler.runDue(),
      b.app.context.scheduler.runDue(),
    ]);
    await Promise.all([a.app.context.scheduler.ran(), b.app.context.scheduler.ran()]);

    const rounds = await a.database.db
      .selectFrom('tournamentRounds')
      .select(['number', 'status', 'releasedBy'])
      .where('tournamentId', '=', tournament.id)
      .orderBy('number')
      .execute();
    // Each division's row of round 1 released by the tournament itself; round 2 still a draft.
    expect(new Set(rounds.map((r) => `${r.number} ${r.status} ${r.releasedBy}`))).toEqual(
      new Set(['1 released null', '2 draft null']),
    );
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
