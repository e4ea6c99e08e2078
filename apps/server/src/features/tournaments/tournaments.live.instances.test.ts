/**
 * A tournament's live updates and read model on two instances over one PostgreSQL database: a ballot taken on one
 * instance reaches a page watching on the other (through the Redis adapter), and the other instance's kept tab is not
 * served after it (the version is the database's). Runs where TEST_DATABASE_URL and REDIS_URL are set, and always in
 * CI (see test/cluster.ts).
 */
import { expect, it } from 'vitest';
import type { TTournament, TTournamentRound, TTournamentStandings } from '@resolved/shared';
import { buildUser } from '../../test/factories';
import { describeCluster, type TInstance } from '../../test/cluster';
import { ask, connectClient } from '../chat/chat-test-client';

describeCluster('a tournament live on two instances', ({ startInstance, asTestApp }) => {
  it('tells a page on the other instance, whose tab moves with the ballot', async () => {
    const a = await startInstance();
    const b = await startInstance();
    const host = await buildUser(asTestApp(a), { role: 'admin' });
    const call = (instance: TInstance, cookie: string, method: 'GET' | 'POST', url: string, payload?: object) =>
      instance.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
    const created = await call(a, host.cookie, 'POST', '/api/tournaments', {
      name: 'Across',
      formatId: 'ld',
      prelimRounds: 2,
      breakSize: 0,
      scheduleMode: 'fixed',
      entryMode: 'open',
    });
    const tournament = created.json().tournament as TTournament;
    const entrants: { cookie: string }[] = [];
    for (let i = 0; i < 3; i++) {
      const entrant = await buildUser(asTestApp(a));
      expect((await call(a, entrant.cookie, 'POST', `/api/tournaments/${tournament.id}/entrants`, {})).statusCode).toBe(
        201,
      );
      entrants.push(entrant);
    }
    const released = await call(a, host.cookie, 'POST', `/api/tournaments/${tournament.id}/rounds/1/release`);
    expect(released.statusCode, released.body).toBe(201);
    const pairing = (released.json().round as TTournamentRound).pairings.find((p) => p.debateId !== null)!;
    const counted = async (instance: TInstance) => {
      const response = await call(instance, entrants[0]!.cookie, 'GET', `/api/tournaments/${tournament.id}/standings`);
      expect(response.statusCode, response.body).toBe(200);
      return (response.json().standings as TTournamentStandings).divisions.reduce((n, d) => n + d.resultsCounted, 0);
    };
    // Instance b keeps the tab of this version.
    expect(await counted(b)).toBe(1);
    expect(await counted(b)).toBe(1);

    const socket = await connectClient(b.url, entrants[0]!.cookie);
    try {
      expect(await ask(socket, 'tournament.watch', { tournamentId: tournament.id })).toMatchObject({ ok: true });
      await new Promise((resolve) => setTimeout(resolve, 1200));
      const heard: string[][] = [];
      socket.on('tournament.changed', ({ tournamentId, parts }) => {
        if (tournamentId === tournament.id) heard.push(parts);
      });

      const judge = await buildUser(asTestApp(a));
      await a.database.db
        .updateTable('debates')
        .set({ status: 'awaiting_ballot', judgeId: judge.user.id })
        .where('id', '=', pairing.debateId!)
        .execute();
      const ballot = await call(a, judge.cookie, 'POST', `/api/debates/${pairing.debateId}/ballots`, {
        winnerSide: 'a',
        speakerPoints: { a: 29, b: 28 },
        reason: 'The affirmative carried the framework.',
      });
      expect(ballot.statusCode, ballot.body).toBe(201);
      const isTabTold = () => heard.some((parts) => parts.includes('tab'));
      for (let waited = 0; waited < 5000 && !isTabTold(); waited += 20) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      // Through the adapter: the tournament's room hears the tab and the results changed (with the schedule too when
      // the round's last result lands within the same throttle window).
      expect(heard).toContainEqual(expect.arrayContaining(['results', 'tab']));
      // Instance b built the tab before the ballot; the version in the database moved, so it builds it again.
      expect(await counted(b)).toBe(2);
      expect(await counted(a)).toBe(2);
    } finally {
      socket.disconnect();
    }
  });
});
