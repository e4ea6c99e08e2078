/**
 * A round of teams judged by a panel (issue 40's leftovers), through the real API on both engines: every panel judge
 * — not only the chair — scores each of the four debaters, validated as a single judge's ballot (points for someone
 * not in the round, a debater left out or a one-on-one form: a 400 that writes nothing); the majority decides as
 * before, and the decision carries each debater's mean of the majority's points, which the round's page, each judge's
 * shown ballot and the tab's readers (`outcomesOf`) read.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TDebate, TSessionUser } from '@resolved/shared';
import { createTestApp, TEST_ENGINES, type TTestApp } from '../../test/harness';
import { buildUser } from '../../test/factories';
import { openSeatedRound } from '../debates/round-seating';
import { seatPanels } from '../debates/panels.service';
import { outcomesOf } from './results.service';

type TCookieUser = { user: TSessionUser; cookie: string };

describe.each(TEST_ENGINES)('a panel’s ballots of a round of teams on %s', (engine) => {
  let t: TTestApp;
  beforeEach(async () => {
    t = await createTestApp(engine);
  });
  afterEach(async () => t.close());

  const call = (who: TCookieUser, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: who.cookie }, ...(payload ? { payload } : {}) });
  const counts = async () => ({
    panelBallots: (await t.database.db.selectFrom('debatePanelBallots').selectAll().execute()).length,
    panelPoints: (await t.database.db.selectFrom('panelBallotDebaterPoints').selectAll().execute()).length,
    points: (await t.database.db.selectFrom('ballotDebaterPoints').selectAll().execute()).length,
  });

  /** A 2 v 2 Public Forum round with a panel of three (seat 1 the chair), its speeches over. */
  async function panelRound() {
    const people: TCookieUser[] = [];
    for (let i = 0; i < 7; i++) people.push(await buildUser(t));
    const [a1, a2, b1, b2, chair, wing1, wing2] = people as [
      TCookieUser,
      TCookieUser,
      TCookieUser,
      TCookieUser,
      TCookieUser,
      TCookieUser,
      TCookieUser,
    ];
    const id = await openSeatedRound(
      { database: t.database },
      {
        kind: 'challenge',
        formatId: 'pf',
        resolution: 'A panel scores every partner.',
        topicId: null,
        debaters: [
          { userId: a1.user.id, side: 'a', position: 'first' },
          { userId: a2.user.id, side: 'a', position: 'second' },
          { userId: b1.user.id, side: 'b', position: 'first' },
          { userId: b2.user.id, side: 'b', position: 'second' },
        ],
        judgeId: chair.user.id,
      },
    );
    await seatPanels(
      t.database.db,
      [{ debateId: id, judgeIds: [chair.user.id, wing1.user.id, wing2.user.id] }],
      new Date().toISOString(),
    );
    await t.database.db
      .updateTable('debates')
      .set({ status: 'awaiting_ballot', endedAt: new Date().toISOString(), spokenMs: 60 * 60_000 })
      .where('id', '=', id)
      .execute();
    return { id, a1, a2, b1, b2, chair, wing1, wing2 };
  }
  const ballot = (winnerSide: 'a' | 'b', debaterPoints: object[]) => ({
    winnerSide,
    debaterPoints,
    reason: 'Weighed the summaries.',
  });

  it('takes each panel judge’s points per debater and gives the decision the majority’s mean for each', async () => {
    const { id, a1, a2, b1, b2, chair, wing1, wing2 } = await panelRound();
    const scored = (a1p: number, a2p: number, b1p: number, b2p: number) => [
      { userId: a1.user.id, points: a1p },
      { userId: a2.user.id, points: a2p },
      { userId: b1.user.id, points: b1p },
      { userId: b2.user.id, points: b2p },
    ];
    // A wing (not the chair) first, then the chair dissents, then the other wing decides 2–1 for Con.
    const first = await call(wing1, 'POST', `/api/debates/${id}/ballots`, ballot('b', scored(27, 27.5, 29, 28.5)));
    expect(first.statusCode, first.body).toBe(201);
    const dissent = await call(chair, 'POST', `/api/debates/${id}/ballots`, ballot('a', scored(30, 30, 26, 26)));
    expect(dissent.statusCode, dissent.body).toBe(201);
    expect((dissent.json().debate as TDebate).status).toBe('awaiting_ballot');
    const last = await call(wing2, 'POST', `/api/debates/${id}/ballots`, ballot('b', scored(27.5, 28, 29.5, 28)));
    expect(last.statusCode, last.body).toBe(201);
    const debate = last.json().debate as TDebate;
    expect(debate.status).toBe('judged');
    expect(debate.winnerSide).toBe('b');
    // Each debater: the mean of the two wings' points (the chair dissented), to a tenth.
    expect(debate.ballot?.debaterPoints).toEqual([
      { userId: a1.user.id, side: 'a', points: 27.3, rank: null },
      { userId: a2.user.id, side: 'a', points: 27.8, rank: null },
      { userId: b1.user.id, side: 'b', points: 29.3, rank: null },
      { userId: b2.user.id, side: 'b', points: 28.3, rank: null },
    ]);
    // Each judge's own ballot shows their points for all four, in seat order.
    const shown = new Map(debate.panel!.ballots.map((b) => [b.judge.userId, b.debaterPoints.map((p) => p.points)]));
    expect(shown.get(wing1.user.id)).toEqual([27, 27.5, 29, 28.5]);
    expect(shown.get(chair.user.id)).toEqual([30, 30, 26, 26]);
    expect(shown.get(wing2.user.id)).toEqual([27.5, 28, 29.5, 28]);
    expect(await counts()).toEqual({ panelBallots: 3, panelPoints: 12, points: 4 });
    // The tab's readers: a partner's own points, and a side's points as the sum of its debaters'.
    const outcome = (await outcomesOf(t.database.db, [id])).get(id)!;
    expect(outcome.debaterPointsOf(a2.user.id)).toBe(278);
    expect(outcome.debaterPointsOf(b2.user.id)).toBe(283);
    expect(outcome.sidePointsOf(b1.user.id)).toBe(293 + 283);
    expect(outcome.sidePointsOf(a1.user.id)).toBe(273 + 278);
  });

  it('refuses a panel judge’s points for someone not in the round, a debater left out and a one-on-one form', async () => {
    const { id, a1, a2, b1, b2, wing1, wing2 } = await panelRound();
    const stranger = await buildUser(t);
    const four = [a1, a2, b1, b2].map((p) => ({ userId: p.user.id, points: 28 }));
    const refusals = [
      [
        ballot('a', [...four.slice(0, 3), { userId: stranger.user.id, points: 28 }]),
        'Speaker points go only to the debaters of this round.',
      ],
      [ballot('a', four.slice(0, 3)), 'Give every debater of the round speaker points.'],
      [
        { winnerSide: 'a', speakerPoints: { a: 28, b: 28 }, reason: 'x' },
        'Give each debater of the round speaker points.',
      ],
    ] as const;
    for (const [body, message] of refusals) {
      const refused = await call(wing1, 'POST', `/api/debates/${id}/ballots`, body);
      expect(refused.statusCode, message).toBe(400);
      expect(refused.json().error.message).toBe(message);
    }
    expect(await counts()).toEqual({ panelBallots: 0, panelPoints: 0, points: 0 });
    // The same judge's whole ballot is taken afterwards, and nothing is decided on one ballot.
    expect((await call(wing1, 'POST', `/api/debates/${id}/ballots`, ballot('a', four))).statusCode).toBe(201);
    expect((await call(wing2, 'GET', `/api/debates/${id}`)).json().debate.status).toBe('awaiting_ballot');
    expect(await counts()).toEqual({ panelBallots: 1, panelPoints: 4, points: 0 });
  });
});
