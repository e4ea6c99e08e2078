/**
 * "Download my data" for rounds of teams (issue 40's leftovers), on both engines: a partner link one made or accepted
 * (with the partner's name once accepted, never the link's token), and a round of teams' ballot received in any seat —
 * a second speaker's too — with one's own points on it, beside one's seat and position.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TMyData } from '@resolved/shared';
import { createTestApp, TEST_ENGINES, type TTestApp } from '../../test/harness';
import { buildUser } from '../../test/factories';
import { openSeatedRound } from '../debates/round-seating';

type TWho = Awaited<ReturnType<typeof buildUser>>;

describe.each(TEST_ENGINES)('my data export of a team debater on %s', (engine) => {
  let t: TTestApp;
  beforeEach(async () => {
    t = await createTestApp(engine);
  });
  afterEach(async () => t.close());

  const send = (who: TWho, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: who.cookie }, ...(payload ? { payload } : {}) });
  const exportOf = async (who: TWho) => {
    const response = await send(who, 'GET', '/api/users/me/export');
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as TMyData;
  };

  it('holds one’s partner links and a ballot received in a second seat with one’s own points', async () => {
    const [maker, accepter, other, b1, b2, judge] = [
      await buildUser(t, { displayName: 'Link Maker' }),
      await buildUser(t, { displayName: 'Link Taker' }),
      await buildUser(t),
      await buildUser(t),
      await buildUser(t),
      await buildUser(t),
    ];
    const made = await send(maker, 'POST', '/api/debates/partner-links', { formatId: 'pf' });
    expect(made.statusCode, made.body).toBe(201);
    const token = made.json().link.token as string;
    expect((await send(accepter, 'POST', `/api/debates/partner-links/${token}/accept`)).statusCode).toBe(200);
    const open = await send(maker, 'POST', '/api/debates/partner-links', { formatId: 'policy' });
    expect(open.statusCode).toBe(201);

    const makerData = await exportOf(maker);
    expect(makerData.partnerLinks).toEqual([
      expect.objectContaining({ formatId: 'pf', role: 'made', partner: 'Link Taker', acceptedAt: expect.any(String) }),
      expect.objectContaining({ formatId: 'policy', role: 'made', partner: null, acceptedAt: null }),
    ]);
    expect(JSON.stringify(makerData)).not.toContain(token);
    expect((await exportOf(accepter)).partnerLinks).toEqual([
      expect.objectContaining({ formatId: 'pf', role: 'accepted', partner: 'Link Maker' }),
    ]);
    expect((await exportOf(other)).partnerLinks).toEqual([]);

    // The two partners debate a round of teams: the link's taker in the second seat.
    const id = await openSeatedRound(
      { database: t.database },
      {
        kind: 'challenge',
        formatId: 'pf',
        resolution: 'Partners keep their own data.',
        topicId: null,
        debaters: [
          { userId: maker.user.id, side: 'a', position: 'first' },
          { userId: accepter.user.id, side: 'a', position: 'second' },
          { userId: b1.user.id, side: 'b', position: 'first' },
          { userId: b2.user.id, side: 'b', position: 'second' },
        ],
        judgeId: judge.user.id,
      },
    );
    await t.database.db
      .updateTable('debates')
      .set({ status: 'awaiting_ballot', endedAt: new Date().toISOString() })
      .where('id', '=', id)
      .execute();
    const points = [maker, accepter, b1, b2].map((p, i) => ({ userId: p.user.id, points: [28, 27.5, 29, 28.5][i]! }));
    const ballot = await send(judge, 'POST', `/api/debates/${id}/ballots`, {
      winnerSide: 'b',
      debaterPoints: points,
      reason: 'Con weighed better.',
    });
    expect(ballot.statusCode, ballot.body).toBe(201);

    const mine = await exportOf(accepter);
    expect(mine.rounds.find((r) => r.id === id)).toMatchObject({ seat: 'a', position: 'second' });
    expect(mine.ballots).toEqual([
      expect.objectContaining({ debateId: id, role: 'received', winnerSide: 'b', ownPoints: 275 }),
    ]);
    expect((await exportOf(b2)).ballots).toEqual([expect.objectContaining({ debateId: id, ownPoints: 285 })]);
    expect((await exportOf(judge)).ballots).toEqual([
      expect.objectContaining({ debateId: id, role: 'wrote', ownPoints: null }),
    ]);
  });
});
