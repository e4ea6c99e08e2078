/**
 * A British Parliamentary practice room's panel (issue 41, item 2) through the judge route on both engines: the first
 * judge takes the chair, the next two join as wings (seats 2 and 3), a fourth finds the panel full, a debater is
 * refused; every judge of the panel is in the room's seats, and the chair alone gives the ranked ballot.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TDebate, TSessionUser } from '@resolved/shared';
import { createTestApp, TEST_ENGINES, type TTestApp } from '../../test/harness';
import { buildUser } from '../../test/factories';
import { openBpRoom } from '../debates/bp-room';

type TCookieUser = { user: TSessionUser; cookie: string };
const FULL_ROUND_MS = 8 * 7 * 60_000;
const RANKS = { og: 1, oo: 2, cg: 3, co: 4 };
const POINTS = { pm: 80, dpm: 79, lo: 77, dlo: 76, mg: 74, gw: 73, mo: 71, ow: 70 };

describe.each(TEST_ENGINES)('a BP practice room’s panel on %s', (engine) => {
  let t: TTestApp;
  beforeEach(async () => {
    t = await createTestApp(engine);
  });
  afterEach(async () => {
    await t.close();
  });
  const call = (who: TCookieUser, url: string, payload: object = {}) =>
    t.app.inject({ method: 'POST', url, headers: { cookie: who.cookie }, payload });

  it('seats a chair and two wings, refuses a fourth judge and a debater, and takes the chair’s ballot alone', async () => {
    const eight: TCookieUser[] = [];
    for (let i = 0; i < 8; i++) eight.push(await buildUser(t));
    const teams = [0, 2, 4, 6].map((i) => [eight[i]!.user.id, eight[i + 1]!.user.id]);
    const id = await openBpRoom(
      { database: t.database },
      { kind: 'matchmade', teams, resolution: 'This house would sit in panels.', topicId: null, isPlaced: true },
    );
    const [chair, wingA, wingB, late] = [
      await buildUser(t),
      await buildUser(t),
      await buildUser(t),
      await buildUser(t),
    ];
    const join = (who: TCookieUser) => call(who, `/api/debates/${id}/judge`);

    const seated = await join(chair);
    expect(seated.statusCode, seated.body).toBe(200);
    expect((seated.json().debate as TDebate).panel).toBeNull();
    for (const wing of [wingA, wingB]) expect((await join(wing)).statusCode).toBe(200);
    // Joining again changes nothing.
    const again = await join(wingA);
    expect(again.statusCode).toBe(200);
    const debate = again.json().debate as TDebate;
    expect(debate.judge?.userId).toBe(chair.user.id);
    expect(debate.panel?.judges.map((j) => j.userId)).toEqual([chair.user.id, wingA.user.id, wingB.user.id]);

    const full = await join(late);
    expect(full.statusCode).toBe(409);
    expect(full.json().error).toMatchObject({
      reason: 'panel_full',
      message: 'This room’s panel is full: a chair and two wings.',
    });
    const debater = await join(eight[0]!);
    expect(debater.statusCode).toBe(403);
    expect(
      await t.database.db
        .selectFrom('debatePanelJudges')
        .select(['userId', 'seat'])
        .where('debateId', '=', id)
        .orderBy('seat')
        .execute(),
    ).toEqual([
      { userId: chair.user.id, seat: 1 },
      { userId: wingA.user.id, seat: 2 },
      { userId: wingB.user.id, seat: 3 },
    ]);

    // After the speeches: a wing's ranked ballot is refused, the chair's decides the room.
    await t.database.db
      .updateTable('debates')
      .set({ status: 'awaiting_ballot', spokenMs: FULL_ROUND_MS })
      .where('id', '=', id)
      .execute();
    const ballot = { ranks: RANKS, speakerPoints: POINTS, reason: 'Opening Government set the terms.' };
    expect((await call(wingA, `/api/debates/${id}/ballots`, ballot)).statusCode).toBe(403);
    const decided = await call(chair, `/api/debates/${id}/ballots`, ballot);
    expect(decided.statusCode, decided.body).toBe(201);
    expect((decided.json().debate as TDebate).status).toBe('judged');
    // The round is over: no one joins its panel now.
    expect((await join(late)).statusCode).toBe(409);
  });
});
