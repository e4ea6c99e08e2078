/**
 * The repeat-pair window over rounds of teams (issue 40's leftovers), through the real API on both engines: a round
 * whose opponents met across sides in a round that earned points in the last 24 hours earns nothing, whichever seat
 * each held (a second speaker as much as a first); partners who play together again against new opponents still earn.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TDebate, TSessionUser } from '@resolved/shared';
import { createTestApp, TEST_ENGINES, type TTestApp } from '../../test/harness';
import { buildUser } from '../../test/factories';
import { openSeatedRound } from '../debates/round-seating';

type TCookieUser = { user: TSessionUser; cookie: string };

describe.each(TEST_ENGINES)('the repeat-pair window over every seat on %s', (engine) => {
  let t: TTestApp;
  beforeEach(async () => {
    t = await createTestApp(engine);
  });
  afterEach(async () => t.close());

  const call = (who: TCookieUser, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: who.cookie }, ...(payload ? { payload } : {}) });

  /** A 2 v 2 Public Forum round, its speeches run in full (time-shifted in the database), judged for side b. */
  async function judgedRound(a: [TCookieUser, TCookieUser], b: [TCookieUser, TCookieUser], judge: TCookieUser) {
    const id = await openSeatedRound(
      { database: t.database },
      {
        kind: 'challenge',
        formatId: 'pf',
        resolution: 'Points are earned once a day per pair.',
        topicId: null,
        debaters: [
          { userId: a[0].user.id, side: 'a', position: 'first' },
          { userId: a[1].user.id, side: 'a', position: 'second' },
          { userId: b[0].user.id, side: 'b', position: 'first' },
          { userId: b[1].user.id, side: 'b', position: 'second' },
        ],
        judgeId: judge.user.id,
      },
    );
    const now = new Date().toISOString();
    await t.database.db
      .updateTable('debates')
      .set({ status: 'awaiting_ballot', endedAt: now, spokenMs: 60 * 60_000, judgeSeatedAt: now })
      .where('id', '=', id)
      .execute();
    await t.database.db.deleteFrom('activeDebaters').where('debateId', '=', id).execute();
    const debaterPoints = [...a, ...b].map((p) => ({ userId: p.user.id, points: 28 }));
    const sent = await call(judge, 'POST', `/api/debates/${id}/ballots`, {
      winnerSide: 'b',
      debaterPoints,
      reason: 'Con weighed better.',
    });
    expect(sent.statusCode, sent.body).toBe(201);
    return sent.json().debate as TDebate;
  }

  it('withholds points when two second speakers meet again across sides, and pays partners with new opponents', async () => {
    const people: TCookieUser[] = [];
    for (let i = 0; i < 11; i++) people.push(await buildUser(t));
    const [a1, a2, b1, b2, c1, c2, d1, d2, judge1, judge2, judge3] = people as TCookieUser[] as [
      TCookieUser,
      TCookieUser,
      TCookieUser,
      TCookieUser,
      TCookieUser,
      TCookieUser,
      TCookieUser,
      TCookieUser,
      TCookieUser,
      TCookieUser,
      TCookieUser,
    ];
    const first = await judgedRound([a1, a2], [b1, b2], judge1);
    expect(first.notCounted).toBeNull();
    expect(first.awards.filter((award) => award.points > 0).length).toBeGreaterThan(0);

    // a2 and b2 were opponents (second seats both): now each leads a new team against the other.
    const again = await judgedRound([a2, c1], [b2, c2], judge2);
    expect(again.notCounted).toEqual({ rule: 'same_pair' });
    const debaters = new Set([a2, c1, b2, c2].map((p) => p.user.id));
    const theirs = again.awards.filter((award) => debaters.has(award.userId));
    expect(theirs.length).toBeGreaterThanOrEqual(4);
    expect(theirs.every((award) => award.points === 0)).toBe(true);
    // The same holds with the pair on the other sides, and one of them in a second seat.
    const swapped = await judgedRound([c2, b1], [d1, a1], judge3);
    expect(swapped.notCounted).toEqual({ rule: 'same_pair' });

    // Partners of the second round playing together again against opponents neither met: the round counts.
    const partners = await judgedRound([c1, a2], [d2, judge1], judge3);
    expect(partners.notCounted).toBeNull();
  });
});
