/**
 * Forfeits in a British Parliamentary room (issue 41) through the real API and services on both engines: a forfeit is
 * per team, never per bench. One debater's Forfeit button (or a whole team away at the forfeit watch) forfeits their
 * team alone: it ranks last with no team or speaker points, its debaters are free, its speeches are skipped, and the
 * room goes on for the chair to rank the others above it (ratings follow that ranking). Two forfeits take 4th and 3rd
 * in the order they came; with one team left, it ranks first and the room is decided without a ballot.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { absenceOutcome } from '../debates/round-presence';
import { drawBpSeats, type TBpPosition, type TDebate, type TDebateRecord, type TSessionUser } from '@resolved/shared';
import { createTestApp, TEST_ENGINES, type TTestApp } from '../../test/harness';
import { buildUser } from '../../test/factories';
import { openBpRoom } from '../debates/bp-room';
import { roleIn } from '../debates/debates.service';
import * as pois from '../debates/pois.service';
import { forfeit } from './results.service';

type TCookieUser = { user: TSessionUser; cookie: string };
const SEED = 'bp-forfeit-test';
const ORDER = ['pm', 'lo', 'dpm', 'dlo', 'mg', 'mo', 'gw', 'ow'] as const;

describe.each(TEST_ENGINES)('BP forfeits per team on %s', (engine) => {
  let t: TTestApp;
  beforeEach(async () => {
    t = await createTestApp(engine);
  });
  afterEach(async () => {
    await t.close();
  });

  const call = (who: TCookieUser, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: who.cookie }, ...(payload ? { payload } : {}) });
  const deps = () => ({ database: t.database, events: t.app.context.events });
  async function room() {
    const eight: TCookieUser[] = [];
    for (let i = 0; i < 8; i++) eight.push(await buildUser(t));
    const judge = await buildUser(t);
    const teams = [0, 2, 4, 6].map((i) => [eight[i]!.user.id, eight[i + 1]!.user.id]);
    const id = await openBpRoom(
      { database: t.database },
      {
        kind: 'matchmade',
        teams,
        resolution: 'This house would stay.',
        topicId: null,
        judgeId: judge.user.id,
        seed: SEED,
      },
    );
    const at = Object.fromEntries(
      drawBpSeats(teams, SEED).map((s) => [s.position, eight.find((p) => p.user.id === s.userId)!]),
    ) as Record<TBpPosition, TCookieUser>;
    return { id, eight, judge, at };
  }
  const debateOf = async (who: TCookieUser, id: number) =>
    (await call(who, 'GET', `/api/debates/${id}`)).json().debate as TDebate;
  const clock = (who: TCookieUser, id: number, action: string) =>
    call(who, 'POST', `/api/debates/${id}/clock`, { action });
  const forfeitsOf = async (id: number) =>
    (
      await t.database.db
        .selectFrom('bpTeamForfeits')
        .select(['team', 'place'])
        .where('debateId', '=', id)
        .orderBy('place', 'desc')
        .execute()
    ).map((row) => [row.team, Number(row.place)]);
  const activeIds = async (id: number) =>
    (await t.database.db.selectFrom('activeDebaters').select('userId').where('debateId', '=', id).execute())
      .map((row) => row.userId)
      .sort();
  const ids = (who: readonly TCookieUser[]) => who.map((w) => w.user.id).sort();
  const strikes = async () =>
    (await t.database.db.selectFrom('playStrikes').select('userId').execute()).map((row) => row.userId).sort();
  const ledgerOf = async (id: number, who: TCookieUser) =>
    (
      await t.database.db
        .selectFrom('scoreLedger')
        .select('reason')
        .where('debateId', '=', id)
        .where('userId', '=', who.user.id)
        .execute()
    ).map((row) => row.reason);

  it('one debater’s Forfeit forfeits their team alone: it ranks fourth, the room plays on without its speeches', async () => {
    const { id, eight, judge, at } = await room();
    const resigned = await call(at.gw, 'POST', `/api/debates/${id}/forfeit`);
    expect(resigned.statusCode, resigned.body).toBe(200);
    expect((resigned.json().debate as TDebate).status).toBe('live');
    expect((await debateOf(at.pm, id)).bpForfeits).toEqual({ cg: 4 });
    expect(await forfeitsOf(id)).toEqual([['cg', 4]]);
    // Closing Government is free for other rounds; the other six are still in this one. The Forfeit button is no strike.
    expect(await activeIds(id)).toEqual(ids(eight.filter((p) => p !== at.mg && p !== at.gw)));
    expect(await strikes()).toEqual([]);
    // Its partner cannot forfeit again, nor run the clock.
    const again = await call(at.mg, 'POST', `/api/debates/${id}/forfeit`);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('Your team has forfeited this round already.');
    expect(await forfeitsOf(id)).toEqual([['cg', 4]]);
    // The six speak; the clock moves past the Member of the Government and the Government Whip.
    const given: string[] = [];
    for (const position of ORDER.filter((p) => p !== 'mg' && p !== 'gw')) {
      const before = await debateOf(at.pm, id);
      given.push(ORDER[before.clock.speechIndex]!);
      expect((await clock(at[position], id, 'start_speech')).statusCode, position).toBe(200);
      if (position === 'mo') {
        const refused = await clock(at.mg, id, 'pause');
        expect(refused.statusCode).toBe(403);
        expect(refused.json().error.message).toBe(
          'Your team forfeited this round: the other teams play on without it.',
        );
        await expect(pois.offerPoi(deps(), at.gw.user, id, 'poi')).rejects.toThrow('Your team forfeited');
      }
      expect((await clock(at[position], id, 'end_speech')).statusCode, position).toBe(200);
    }
    expect(given).toEqual(['pm', 'lo', 'dpm', 'dlo', 'mo', 'ow']);
    const waiting = await debateOf(judge, id);
    expect([waiting.status, waiting.clock.phase]).toEqual(['awaiting_ballot', 'finished']);
    // 25 minutes of speeches ran (the test's clock ran for moments): 60% of the six speeches due, so the round counts
    // (it would not against all eight: 45%).
    await t.database.db
      .updateTable('debates')
      .set({ spokenMs: 25 * 60_000 })
      .where('id', '=', id)
      .execute();

    // The chair ranks the three that stayed; Closing Government's place and (no) points are not theirs to give.
    const points = { pm: 74, dpm: 75, lo: 80, dlo: 79, mo: 77, ow: 78 };
    const reason = 'Opening Opposition held the room.';
    const cases: [object, RegExp][] = [
      [
        { ranks: { oo: 1, co: 2, og: 3, cg: 1 }, speakerPoints: points },
        /Closing Government forfeited: it takes fourth place/,
      ],
      [{ ranks: { oo: 1, co: 2, og: 3 }, speakerPoints: { ...points, mg: 70 } }, /its speakers get no speaker points/],
      [{ ranks: { oo: 1, co: 2, og: 4 }, speakerPoints: points }, /both ranked fourth/],
      [{ ranks: { oo: 1, co: 2 }, speakerPoints: points }, /Opening Government has no place/],
      [{ ranks: { oo: 1, co: 2, og: 3 }, speakerPoints: { ...points, ow: undefined } }, /Opposition Whip/],
    ];
    for (const [body, says] of cases) {
      const refused = await call(judge, 'POST', `/api/debates/${id}/ballots`, { ...body, reason });
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(refused.json().error.message).toMatch(says);
    }
    const decided = await call(judge, 'POST', `/api/debates/${id}/ballots`, {
      ranks: { oo: 1, co: 2, og: 3 },
      speakerPoints: points,
      reason,
    });
    expect(decided.statusCode, decided.body).toBe(201);
    const result = (decided.json().debate as TDebate).bpResult!;
    expect(result.teams.map((team) => [team.team, team.rank, team.teamPoints, team.speakerPoints])).toEqual([
      ['oo', 1, 3, 159],
      ['co', 2, 2, 155],
      ['og', 3, 1, 149],
      ['cg', 4, 0, 0],
    ]);
    expect(result.teams[3]!.speakers.map((s) => s.points)).toEqual([0, 0]);
    // Ratings follow the final ranking: all eight rated, the forfeiting team below the team that came third.
    const recordOf = async (who: TCookieUser) =>
      (await call(who, 'GET', '/api/debates/record')).json().record as TDebateRecord;
    for (const who of eight) expect((await recordOf(who)).ratings.map((r) => r.formatId)).toEqual(['bp']);
    const ratingOf = async (who: TCookieUser) => (await recordOf(who)).ratings[0]!.rating.rating;
    expect(await ratingOf(at.pm)).toBeGreaterThan(await ratingOf(at.mg));
    expect(await ratingOf(at.lo)).toBeGreaterThan(await ratingOf(at.pm));
    // The room's completion award goes to the six who stayed, not to the team that forfeited.
    expect(await ledgerOf(id, at.mg)).toEqual([]);
    expect(await ledgerOf(id, at.pm)).toEqual([`Completed debate #${id}`]);
  });

  it('ends a forfeiting speaker’s running speech and moves the clock to the next team', async () => {
    const { id, at } = await room();
    expect((await clock(at.pm, id, 'start_speech')).statusCode).toBe(200);
    expect((await call(at.pm, 'POST', `/api/debates/${id}/forfeit`)).statusCode).toBe(200);
    const debate = await debateOf(at.lo, id);
    expect([debate.status, debate.clock.phase, debate.clock.speechIndex]).toEqual(['live', 'idle', 1]);
    expect((await clock(at.lo, id, 'start_speech')).statusCode).toBe(200);
    expect((await clock(at.lo, id, 'end_speech')).statusCode).toBe(200);
    // The Deputy Prime Minister's speech is skipped too: the Deputy Leader of the Opposition is next.
    expect((await debateOf(at.lo, id)).clock.speechIndex).toBe(3);
  });

  it('reads a BP debater’s partner as their teammate: a team away forfeits while another team is there', async () => {
    const { id, at } = await room();
    const role = (await roleIn(deps(), id, at.pm.user.id))!;
    expect(role.partnerIds).toEqual([at.dpm.user.id]);
    expect(role.opponentIds).toHaveLength(6);
    // Opening Government's partner (on the same bench) being in the room keeps nobody in: only the teammate does.
    const isIn = (who: TCookieUser[]) => (userId: string) => who.some((w) => w.user.id === userId);
    expect(absenceOutcome(role, isIn([at.mg]))).toBe('forfeit');
    expect(absenceOutcome(role, isIn([at.dpm]))).toBe('none');
    await forfeit(deps(), id, at.mg.user.id);
    const after = (await roleIn(deps(), id, at.pm.user.id))!;
    expect(after.opponentIds).toHaveLength(4);
    expect((await roleIn(deps(), id, at.gw.user.id))!.canForfeit).toBe(false);
  });

  it('places forfeits in the order they came, strikes the absent, and decides the room when one team is left', async () => {
    const { id, eight, at } = await room();
    // The forfeit watch: Opening Government, both away; then Opening Opposition, one away (the other resigned).
    await forfeit(deps(), id, at.pm.user.id, { absentIds: [at.pm.user.id, at.dpm.user.id] });
    await forfeit(deps(), id, at.lo.user.id, { absentIds: [at.lo.user.id, at.mg.user.id] });
    expect(await forfeitsOf(id)).toEqual([
      ['og', 4],
      ['oo', 3],
    ]);
    // Only the forfeiting team's absent debaters are struck (Closing Government's name passed in is not).
    expect(await strikes()).toEqual(ids([at.pm, at.dpm, at.lo]));
    expect((await debateOf(at.mg, id)).status).toBe('live');
    const last = await forfeit(deps(), id, at.ow.user.id);
    expect(last?.status).toBe('forfeited');
    expect(await forfeitsOf(id)).toEqual([
      ['og', 4],
      ['oo', 3],
      ['co', 2],
    ]);
    const result = last!.bpResult!;
    expect(result.teams.map((team) => [team.team, team.rank, team.teamPoints, team.speakerPoints])).toEqual([
      ['cg', 1, 3, 0],
      ['co', 2, 0, 0],
      ['oo', 3, 0, 0],
      ['og', 4, 0, 0],
    ]);
    expect(result.reason).toBe('Decided by forfeit: Closing Government stayed, the other three teams forfeited.');
    expect(result.judge).toBeNull();
    expect(await activeIds(id)).toEqual([]);
    // A room decided by forfeits moves no rating, as a forfeit in any format; nothing more changes it.
    const ratings = await t.database.db.selectFrom('debateRatings').selectAll().where('formatId', '=', 'bp').execute();
    expect(ratings).toEqual([]);
    expect(await forfeit(deps(), id, at.mg.user.id)).toBeNull();
    expect(eight).toHaveLength(8);
  });
});
