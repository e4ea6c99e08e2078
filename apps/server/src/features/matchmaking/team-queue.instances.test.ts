/**
 * Two instances forming teams from the solo queue at once (issue 40): Public Forum debaters who asked "find me a
 * partner", and ready teams, join through two instances on one PostgreSQL database at the same time. Every sweep holds
 * the matching lock, so nobody is seated twice, every round is two teams of two in positions, and each person is told
 * of their round once. Runs where TEST_DATABASE_URL and REDIS_URL are set, and always in CI (see test/cluster.ts).
 */
import { expect, it } from 'vitest';
import type { TDomainEvent } from '../../lib/events';
import { buildUser } from '../../test/factories';
import { describeCluster } from '../../test/cluster';
import { FORFEIT_WATCH_JOB } from '../debates/debates.socket';

describeCluster('partners in the queue on two instances', ({ startInstance, asTestApp }) => {
  it('forms teams from the solo queue on two instances at once and seats nobody twice', async () => {
    const a = await startInstance();
    const b = await startInstance();
    const told: TDomainEvent[] = [];
    for (const instance of [a, b]) instance.app.context.events.subscribe((e) => told.push(e));
    const people = [];
    for (let i = 0; i < 28; i++) people.push(await buildUser(asTestApp(a)));
    // Two ready teams through partner links (both partners join naming each other), the rest alone.
    const teams = [
      [people[0]!, people[1]!],
      [people[2]!, people[3]!],
    ] as const;
    for (const [maker, partner] of teams) {
      const made = await a.app.inject({
        method: 'POST',
        url: '/api/debates/partner-links',
        headers: { cookie: maker.cookie },
        payload: { formatId: 'pf' },
      });
      const accepted = await b.app.inject({
        method: 'POST',
        url: `/api/debates/partner-links/${made.json().link.token}/accept`,
        headers: { cookie: partner.cookie },
      });
      expect(accepted.statusCode).toBe(200);
    }
    const partnerOf = new Map(
      teams.flatMap(([x, y]) => [[x.user.id, y.user.id] as const, [y.user.id, x.user.id] as const]),
    );

    const answers = await Promise.all(
      people.map((person, i) => {
        const partnerId = partnerOf.get(person.user.id);
        return (i % 2 === 0 ? a : b).app.inject({
          method: 'POST',
          url: '/api/debates/queue',
          headers: { cookie: person.cookie },
          payload: partnerId
            ? { formatId: 'pf', mode: 'team', partnerIds: [partnerId] }
            : { formatId: 'pf', mode: 'solo' },
        });
      }),
    );
    for (const answer of answers) expect(answer.statusCode).toBe(200);

    const seats = await a.database.db
      .selectFrom('debateSeats')
      .select(['debateId', 'side', 'position', 'userId'])
      .execute();
    // 28 people: 2 ready teams and 12 formed teams, 7 rounds; everyone seated, once.
    expect(seats).toHaveLength(28);
    expect(new Set(seats.map((s) => s.userId)).size).toBe(28);
    const rounds = new Map<number, typeof seats>();
    for (const seat of seats) rounds.set(seat.debateId, [...(rounds.get(seat.debateId) ?? []), seat]);
    expect(rounds.size).toBe(7);
    for (const round of rounds.values()) {
      for (const side of ['a', 'b']) {
        expect(
          round
            .filter((s) => s.side === side)
            .map((s) => s.position)
            .sort(),
        ).toEqual(['first', 'second']);
      }
    }
    for (const [x, y] of teams) {
      const sx = seats.find((s) => s.userId === x.user.id)!;
      const sy = seats.find((s) => s.userId === y.user.id)!;
      expect([sy.debateId, sy.side]).toEqual([sx.debateId, sx.side]);
    }
    const guards = await a.database.db.selectFrom('activeDebaters').select('userId').execute();
    expect(guards).toHaveLength(28);
    expect(await a.database.db.selectFrom('debateQueue').select('id').execute()).toEqual([]);
    // Each person told once, of their own round, by whichever instance made it.
    for (const seat of seats) {
      const mine = told.filter((e) => e.name === 'debate.matched' && e.room === `user:${seat.userId}`);
      expect(mine.map((e) => e.payload)).toEqual([{ debateId: seat.debateId }]);
    }
    // Each match starts a forfeit watch (nobody opened the room): done before the instances close, so no watch asks
    // the other instance through a Redis client that is closing.
    const watches = () =>
      a.database.db
        .selectFrom('scheduledJobs')
        .select('key')
        .where('name', '=', FORFEIT_WATCH_JOB)
        .execute()
        .then((rows) => rows.length);
    for (let i = 0; i < 200 && (await watches()) < 28; i++) await new Promise((resolve) => setTimeout(resolve, 25));
    expect(await watches()).toBe(28);
  });
});
