/**
 * A British Parliamentary room's ranked ballot (issue 41) through the ballot route on both engines: the judge ranks the
 * four teams and gives eight speaker points; bad input (ties, a missing team, a fifth, points off the 50–100 scale, a
 * ranking the points contradict unless confirmed) is a 4xx that changes nothing; with a panel only the chair gives it.
 * A decided room shows its result through the debate's API, records team points 3/2/1/0, and rates all eight in BP.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { drawBpSeats, type TBpPosition, type TDebate, type TDebateRecord, type TSessionUser } from '@resolved/shared';
import { createTestApp, TEST_ENGINES, type TTestApp } from '../../test/harness';
import { buildUser } from '../../test/factories';
import { openBpRoom } from '../debates/bp-room';

type TCookieUser = { user: TSessionUser; cookie: string };
const SEED = 'bp-ballot-test';
const FULL_ROUND_MS = 8 * 7 * 60_000;

/** Points that agree with OO first, CO second, OG third, CG fourth. */
const POINTS: Record<TBpPosition, number> = {
  pm: 74,
  dpm: 75,
  lo: 80,
  dlo: 79,
  mg: 72,
  gw: 71,
  mo: 77,
  ow: 78,
};
const RANKS = { oo: 1, co: 2, og: 3, cg: 4 };

describe.each(TEST_ENGINES)('the ranked BP ballot on %s', (engine) => {
  let t: TTestApp;
  beforeEach(async () => {
    t = await createTestApp(engine);
  });
  afterEach(async () => {
    await t.close();
  });

  const call = (who: TCookieUser, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: who.cookie }, ...(payload ? { payload } : {}) });
  async function room(judges = 1) {
    const eight: TCookieUser[] = [];
    for (let i = 0; i < 8; i++) eight.push(await buildUser(t));
    const panel: TCookieUser[] = [];
    for (let i = 0; i < judges; i++) panel.push(await buildUser(t));
    const teams = [0, 2, 4, 6].map((i) => [eight[i]!.user.id, eight[i + 1]!.user.id]);
    const id = await openBpRoom(
      { database: t.database },
      {
        kind: 'matchmade',
        teams,
        resolution: 'This house would rank.',
        topicId: null,
        judgeId: panel[0]!.user.id,
        seed: SEED,
      },
    );
    if (judges > 1) {
      const seatedAt = new Date().toISOString();
      const seats = panel.map((j, i) => ({ debateId: id, userId: j.user.id, seat: i + 1, seatedAt }));
      await t.database.db.insertInto('debatePanelJudges').values(seats).execute();
    }
    // The speeches ran their time; the round waits for its ballot.
    await t.database.db
      .updateTable('debates')
      .set({ status: 'awaiting_ballot', spokenMs: FULL_ROUND_MS })
      .where('id', '=', id)
      .execute();
    const at = Object.fromEntries(
      drawBpSeats(teams, SEED).map((s) => [s.position, eight.find((p) => p.user.id === s.userId)!]),
    ) as Record<TBpPosition, TCookieUser>;
    return { id, eight, panel, at };
  }
  const ballot = (overrides: object = {}) => ({
    ranks: RANKS,
    speakerPoints: POINTS,
    reason: 'Opening Opposition’s framing held the room.',
    ...overrides,
  });
  const written = async (id: number) => ({
    status: (await t.database.db.selectFrom('debates').select('status').where('id', '=', id).executeTakeFirstOrThrow())
      .status,
    ballots: (await t.database.db.selectFrom('bpBallots').selectAll().where('debateId', '=', id).execute()).length,
    teams: (await t.database.db.selectFrom('bpTeamResults').selectAll().where('debateId', '=', id).execute()).length,
    ratings: (await t.database.db.selectFrom('debateRatings').selectAll().where('formatId', '=', 'bp').execute())
      .length,
  });

  it('refuses ties, a missing or fifth team, points off the scale and an unconfirmed low-point win, writing nothing', async () => {
    const { id, panel, at } = await room();
    const judge = panel[0]!;
    const cases: [object, RegExp][] = [
      [ballot({ ranks: { ...RANKS, cg: 1 } }), /both ranked first/],
      [ballot({ ranks: { oo: 1, co: 2, og: 3 } }), /Closing Government has no place/],
      [ballot({ ranks: { ...RANKS, xx: 5 } }), /four teams/],
      [ballot({ ranks: { ...RANKS, og: 5 } }), /first, second, third or fourth/],
      [ballot({ speakerPoints: { ...POINTS, gw: 101 } }), /from 50 to 100/],
      [ballot({ speakerPoints: { ...POINTS, pm: 49 } }), /from 50 to 100/],
      [ballot({ speakerPoints: { ...POINTS, ow: undefined } }), /Opposition Whip/],
      [ballot({ speakerPoints: { ...POINTS, xx: 70 } }), /eight speakers/],
      [ballot({ ranks: { oo: 4, co: 2, og: 3, cg: 1 } }), /low-point win/],
      [{ winnerSide: 'a', speakerPoints: { a: 28, b: 27 }, reason: 'Sides.' }, /four teams|Rank every team/],
    ];
    for (const [body, says] of cases) {
      const refused = await call(judge, 'POST', `/api/debates/${id}/ballots`, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(refused.json().error.message).toMatch(says);
    }
    // A debater is no judge of their room.
    expect((await call(at.pm, 'POST', `/api/debates/${id}/ballots`, ballot())).statusCode).toBe(403);
    expect(await written(id)).toEqual({ status: 'awaiting_ballot', ballots: 0, teams: 0, ratings: 0 });
  });

  it('records the ranking, team points 3/2/1/0 and eight speakers’ points, and rates all eight', async () => {
    const { id, panel, eight, at } = await room();
    const judge = panel[0]!;
    // The ranking contradicts the points (CG above OG with fewer): taken once the judge confirms it.
    const lowPoint = ballot({ ranks: { oo: 1, co: 2, cg: 3, og: 4 }, isLowPointWinConfirmed: true });
    const decided = await call(judge, 'POST', `/api/debates/${id}/ballots`, lowPoint);
    expect(decided.statusCode, decided.body).toBe(201);
    const debate = decided.json().debate as TDebate;
    expect(debate.status).toBe('judged');
    expect(debate.bpResult).toMatchObject({ isLowPointWin: true, judge: { userId: judge.user.id } });
    expect(debate.bpResult!.teams.map((team) => [team.team, team.rank, team.teamPoints, team.speakerPoints])).toEqual([
      ['oo', 1, 3, 159],
      ['co', 2, 2, 155],
      ['cg', 3, 1, 143],
      ['og', 4, 0, 149],
    ]);
    expect(debate.bpResult!.teams[0]!.speakers).toEqual([
      { userId: at.lo.user.id, position: 'lo', points: 80 },
      { userId: at.dlo.user.id, position: 'dlo', points: 79 },
    ]);
    // Every one of the eight reads it, and their record shows their team's place and points, and a BP rating.
    for (const who of eight) {
      const seen = (await call(who, 'GET', `/api/debates/${id}`)).json().debate as TDebate;
      expect(seen.bpResult?.teams).toHaveLength(4);
      const record = (await call(who, 'GET', '/api/debates/record')).json().record as TDebateRecord;
      expect(record.ratings.map((r) => r.formatId)).toEqual(['bp']);
      expect(record.bp?.rounds).toBe(1);
    }
    const recordOf = async (who: TCookieUser) =>
      ((await call(who, 'GET', '/api/debates/record')).json().record as TDebateRecord).bp!;
    expect((await recordOf(at.dlo)).last).toEqual({
      debateId: id,
      team: 'oo',
      rank: 1,
      teamPoints: 3,
      speakerPoints: 79,
    });
    expect((await recordOf(at.pm)).last).toMatchObject({ team: 'og', rank: 4, teamPoints: 0, speakerPoints: 74 });
    expect((await recordOf(at.pm)).places).toEqual([0, 0, 0, 1]);
    // The winners' ratings rose above the last team's.
    const ratingOf = async (who: TCookieUser) =>
      ((await call(who, 'GET', '/api/debates/record')).json().record as TDebateRecord).ratings[0]!.rating.rating;
    expect(await ratingOf(at.lo)).toBeGreaterThan(await ratingOf(at.pm));
    expect(await written(id)).toEqual({ status: 'judged', ballots: 1, teams: 4, ratings: 8 });
    // Decided once.
    const again = await call(judge, 'POST', `/api/debates/${id}/ballots`, ballot());
    expect(again.statusCode).toBe(409);
  });

  it('takes the panel’s ballot from its chair alone: a wing’s is refused with why', async () => {
    const { id, panel } = await room(3);
    const [chair, wing] = [panel[0]!, panel[1]!];
    const refused = await call(wing, 'POST', `/api/debates/${id}/ballots`, ballot());
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toMatch(/chair gives the panel’s ballot/);
    expect(await written(id)).toMatchObject({ ballots: 0 });
    expect((await call(chair, 'POST', `/api/debates/${id}/ballots`, ballot())).statusCode).toBe(201);
    expect(await written(id)).toEqual({ status: 'judged', ballots: 1, teams: 4, ratings: 8 });
  });
});
