/**
 * Judging a tournament beyond the pool, through the real HTTP server on both engines: judges' paradigms (written in
 * Settings, screened, never shown for a minor, shown beside the judge's name in the pairings and the pool), the judge
 * obligation coaches see, Parli motions hidden until their round is released and then the rooms' resolution, late
 * entry with a bye for each missed round and its cut-off, and "Download my data" with all of it.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  ZMyData,
  type TJudgeObligations,
  type TPoolParadigm,
  type TSessionUser,
  type TTournament,
  type TTournamentRound,
  type TTournamentStandings,
} from '@resolved/shared';
import { createTestApp, TEST_ENGINES, type TTestApp } from '../../test/harness';
import { buildUser } from '../../test/factories';

type TWho = { user: TSessionUser; cookie: string };

const MINOR_BIRTH_MONTH = `${new Date().getUTCFullYear() - 16}-01`;
const PARADIGM = 'Tabula rasa. Weigh your impacts; I flow carefully and vote on the ballot you write for me.';

describe.each(TEST_ENGINES)('tournament judging on %s', (engine) => {
  let t: TTestApp;
  beforeEach(async () => {
    t = await createTestApp(engine);
  });
  afterEach(async () => t.close());

  const call = (who: TWho | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: who ? { cookie: who.cookie } : {}, ...(payload ? { payload } : {}) });

  async function created(host: TWho, body: object) {
    const response = await call(host, 'POST', '/api/tournaments', {
      name: 'Judged',
      formatId: 'ld',
      prelimRounds: 2,
      breakSize: 0,
      scheduleMode: 'fixed',
      entryMode: 'open',
      ...body,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().tournament as TTournament;
  }

  async function enter(who: TWho, tournamentId: number, body: object = {}) {
    const response = await call(who, 'POST', `/api/tournaments/${tournamentId}/entrants`, body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json().entrant as { id: number; userId: string; lateByes: number };
  }

  async function release(host: TWho, tournamentId: number, number: number) {
    const response = await call(host, 'POST', `/api/tournaments/${tournamentId}/rounds/${number}/release`);
    expect(response.statusCode, response.body).toBe(201);
    return response.json().round as TTournamentRound;
  }

  async function addJudge(host: TWho, tournamentId: number, judge: TWho) {
    const response = await call(host, 'POST', `/api/tournaments/${tournamentId}/judges`, { userId: judge.user.id });
    expect(response.statusCode, response.body).toBe(201);
  }

  /** Each room's neg resigns: aff wins (a forfeit ends the round and frees its debaters). */
  async function negResigns(round: TTournamentRound, people: TWho[]) {
    for (const pairing of round.pairings.filter((p) => p.debateId !== null)) {
      const neg = people.find((p) => p.user.id === pairing.neg!.userId)!;
      expect((await call(neg, 'POST', `/api/debates/${pairing.debateId}/forfeit`)).statusCode).toBe(200);
    }
  }

  it('keeps an adult judge’s paradigm, screened, and never shows a minor’s', async () => {
    const judge = await buildUser(t);
    const reader = await buildUser(t);
    expect((await call(judge, 'PUT', '/api/users/me/paradigm', { paradigm: `  ${PARADIGM}  ` })).json()).toEqual({
      paradigm: PARADIGM,
    });
    expect((await call(judge, 'GET', '/api/users/me/paradigm')).json()).toEqual({ paradigm: PARADIGM });
    expect((await call(reader, 'GET', `/api/users/${judge.user.id}/paradigm`)).json()).toEqual({ paradigm: PARADIGM });
    expect((await call(null, 'GET', `/api/users/${judge.user.id}/paradigm`)).statusCode).toBe(401);

    const tooLong = await call(judge, 'PUT', '/api/users/me/paradigm', { paradigm: 'x'.repeat(2001) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error.message).toContain('A paradigm is at most 2000 characters.');
    const slur = await call(judge, 'PUT', '/api/users/me/paradigm', { paradigm: 'No nigger arguments' });
    expect(slur.statusCode).toBe(400);
    expect(slur.json().error.code).toBe('validation_failed');
    expect((await call(reader, 'GET', `/api/users/${judge.user.id}/paradigm`)).json().paradigm).toBe(PARADIGM);
    // A word that is not a slur is stored and filed for moderators, saying where it was written.
    const moderator = await buildUser(t, { role: 'moderator' });
    const flagged = await call(judge, 'PUT', '/api/users/me/paradigm', { paradigm: 'No shit spreading, please.' });
    expect(flagged.statusCode, flagged.body).toBe(200);
    const cases = (await call(moderator, 'GET', '/api/moderation/cases')).json().cases as {
      id: number;
      reportedUser: { id: string };
    }[];
    const own = cases.filter((c) => c.reportedUser.id === judge.user.id);
    expect(own).toHaveLength(1);
    const detail = (await call(moderator, 'GET', `/api/moderation/cases/${own[0]!.id}`)).json().case;
    expect(detail.reportList[0].context.filter).toMatchObject({ surface: 'paradigm', words: ['shit'] });
    // Emptied, it is gone.
    expect((await call(judge, 'PUT', '/api/users/me/paradigm', { paradigm: ' ' })).json()).toEqual({ paradigm: null });
    expect((await call(reader, 'GET', `/api/users/${judge.user.id}/paradigm`)).json()).toEqual({ paradigm: null });

    const minor = await buildUser(t, { birthMonth: MINOR_BIRTH_MONTH });
    const refused = await call(minor, 'PUT', '/api/users/me/paradigm', { paradigm: PARADIGM });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toContain('under 18, your profile shows only your name and record');
    // One written before (as an admin corrects a month of birth) is not shown while they count as under 18.
    await t.database.db.updateTable('users').set({ paradigm: PARADIGM }).where('id', '=', minor.user.id).execute();
    expect((await call(reader, 'GET', `/api/users/${minor.user.id}/paradigm`)).json()).toEqual({ paradigm: null });
    expect((await call(minor, 'GET', '/api/users/me/paradigm')).json()).toEqual({ paradigm: PARADIGM });
  });

  it('shows the judge’s paradigm beside their name in the pairings and the pool, to the tournament’s people', async () => {
    const host = await buildUser(t, { role: 'admin' });
    const tournament = await created(host, {});
    const [a, b] = [await buildUser(t), await buildUser(t)];
    await enter(a, tournament.id);
    await enter(b, tournament.id);
    const judge = await buildUser(t, { displayName: 'Paradigm Judge' });
    expect((await call(judge, 'PUT', '/api/users/me/paradigm', { paradigm: PARADIGM })).statusCode).toBe(200);
    await addJudge(host, tournament.id, judge);

    // Before any round: the pool with its paradigms, for an entrant; not for a stranger.
    const pool = await call(a, 'GET', `/api/tournaments/${tournament.id}/paradigms`);
    expect(pool.statusCode, pool.body).toBe(200);
    expect(pool.json().judges as TPoolParadigm[]).toEqual([
      { userId: judge.user.id, displayName: 'Paradigm Judge', teamName: null, paradigm: PARADIGM },
    ]);
    const stranger = await buildUser(t);
    expect((await call(stranger, 'GET', `/api/tournaments/${tournament.id}/paradigms`)).statusCode).toBe(403);

    await release(host, tournament.id, 1);
    const own = (await call(a, 'GET', `/api/tournaments/${tournament.id}/rounds`)).json().rounds as TTournamentRound[];
    expect(own[0]!.pairings[0]!.judge).toEqual({
      userId: judge.user.id,
      displayName: 'Paradigm Judge',
      paradigm: PARADIGM,
    });
    // Published, a visitor sees the pairing and the judge's name, but no paradigm (profiles are for signed-in people).
    expect((await call(host, 'POST', `/api/tournaments/${tournament.id}/publish`)).statusCode).toBe(200);
    const visitor = (await call(null, 'GET', `/api/tournaments/${tournament.id}/rounds`)).json()
      .rounds as TTournamentRound[];
    expect(visitor[0]!.pairings[0]!.judge).toEqual({
      userId: judge.user.id,
      displayName: 'Paradigm Judge',
      paradigm: null,
    });
  });

  it('shows coaches what their team owes in judges until it is met', async () => {
    const host = await buildUser(t, { role: 'admin' });
    const tournament = await created(host, {});
    const coach = await buildUser(t);
    const team = (await call(coach, 'POST', '/api/teams', { name: 'Owing Team', school: 'Owing High' })).json()
      .team as {
      id: number;
      joinCode: string;
    };
    const members: TWho[] = [];
    for (let i = 0; i < 5; i++) {
      const member = await buildUser(t);
      expect((await call(member, 'POST', `/api/teams/join/${team.joinCode}`)).statusCode).toBeLessThan(300);
      members.push(member);
    }
    for (const member of members.slice(0, 3)) await enter(member, tournament.id, { teamId: team.id });
    const loner = await buildUser(t);
    await enter(loner, tournament.id);

    const url = `/api/tournaments/${tournament.id}/judge-obligation`;
    expect((await call(coach, 'PUT', url, { entrantsPerJudge: 2 })).statusCode).toBe(403);
    expect((await call(host, 'PUT', url, { entrantsPerJudge: 0 })).statusCode).toBe(400);
    expect((await call(host, 'PUT', url, {})).statusCode).toBe(400);
    const set = await call(host, 'PUT', url, { entrantsPerJudge: 2 });
    expect(set.statusCode, set.body).toBe(200);
    expect((set.json().tournament as TTournament).entrantsPerJudge).toBe(2);

    const read = async (who: TWho) => call(who, 'GET', `/api/tournaments/${tournament.id}/judge-obligations`);
    const before = await read(coach);
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json().obligations as TJudgeObligations).toEqual({
      entrantsPerJudge: 2,
      teams: [{ teamId: team.id, teamName: 'Owing Team', entrants: 3, owed: 2, brought: 0, isMet: false }],
    });
    // A member who is not entered judges for the team: one brought, one still owed; a second meets it.
    await addJudge(host, tournament.id, members[3]!);
    expect((await read(coach)).json().obligations.teams[0]).toMatchObject({ owed: 2, brought: 1, isMet: false });
    await addJudge(host, tournament.id, members[4]!);
    expect((await read(coach)).json().obligations.teams[0]).toMatchObject({ owed: 2, brought: 2, isMet: true });
    // Hosts see every team; an entrant who coaches nothing reads the setting and no team.
    expect(((await read(host)).json().obligations as TJudgeObligations).teams).toHaveLength(1);
    expect((await read(loner)).json().obligations).toEqual({ entrantsPerJudge: 2, teams: [] });
    // Lifted, nothing is owed.
    expect((await call(host, 'PUT', url, { entrantsPerJudge: null })).statusCode).toBe(200);
    expect((await read(coach)).json().obligations.teams[0]).toMatchObject({ owed: 0, isMet: true });
  });

  it('hides a Parli round’s motion until its release, then opens its rooms with it', async () => {
    const host = await buildUser(t, { role: 'admin' });
    const tournament = await created(host, { formatId: 'parli' });
    const [a, b] = [await buildUser(t), await buildUser(t)];
    await enter(a, tournament.id);
    await enter(b, tournament.id);
    const motion = 'This House would abolish standardised testing.';
    const url = (n: number) => `/api/tournaments/${tournament.id}/rounds/${n}/motion`;
    expect((await call(a, 'PUT', url(1), { motion })).statusCode).toBe(403);
    expect((await call(host, 'PUT', url(1), { motion: '  ' })).statusCode).toBe(400);
    expect((await call(host, 'PUT', url(3), { motion })).statusCode).toBe(404);
    expect((await call(host, 'PUT', url(1), { motion: 'A first draft.' })).statusCode).toBe(200);
    const set = await call(host, 'PUT', url(1), { motion });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().motion).toMatchObject({ roundNumber: 1, motion, isReleased: false });

    // Before the release: the host reads it; an entrant reads nothing of it anywhere.
    const motions = (who: TWho) => call(who, 'GET', `/api/tournaments/${tournament.id}/motions`);
    expect((await motions(host)).json().motions).toEqual([expect.objectContaining({ roundNumber: 1, motion })]);
    expect((await motions(a)).json().motions).toEqual([]);
    for (const path of ['', '/rounds', '/standings', '/entrants']) {
      const read = await call(a, 'GET', `/api/tournaments/${tournament.id}${path}`);
      expect(read.statusCode).toBe(200);
      expect(read.body).not.toContain('standardised testing');
    }

    const round = await release(host, tournament.id, 1);
    expect(round.motion).toBe(motion);
    const debate = (await call(a, 'GET', `/api/debates/${round.pairings[0]!.debateId}`)).json().debate;
    expect(debate.resolution).toBe(motion);
    expect((await motions(a)).json().motions).toEqual([expect.objectContaining({ roundNumber: 1, isReleased: true })]);
    const late = await call(host, 'PUT', url(1), { motion: 'Too late.' });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toContain('its motion can no longer change');

    // An LD tournament has no motions per round.
    const ld = await created(host, {});
    const refused = await call(host, 'PUT', `/api/tournaments/${ld.id}/rounds/1/motion`, { motion });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe('Motions per round are for Parli and British Parliamentary tournaments.');
  });

  it('lets an entrant in late with a bye for each missed round, and refuses after the cut-off', async () => {
    const host = await buildUser(t, { role: 'admin' });
    const tournament = await created(host, { prelimRounds: 4 });
    const field = [await buildUser(t), await buildUser(t), await buildUser(t), await buildUser(t)];
    for (const who of field) await enter(who, tournament.id);
    const first = await release(host, tournament.id, 1);

    const late = await buildUser(t);
    const entry = await enter(late, tournament.id);
    expect(entry.lateByes).toBe(1);
    // Their missed round counts as a bye (a win with average points) in the tab.
    const tab = (await call(late, 'GET', `/api/tournaments/${tournament.id}/standings`)).json()
      .standings as TTournamentStandings;
    expect(tab.divisions.flatMap((d) => d.standings).find((s) => s.entrantId === entry.id)).toMatchObject({
      wins: 1,
      losses: 0,
      byes: 1,
    });

    await negResigns(first, field);
    const second = await release(host, tournament.id, 2);
    // Five entrants: two debates and a bye, which goes to someone who has had none (not the late entrant).
    expect(second.pairings.filter((p) => p.debateId !== null)).toHaveLength(2);
    const bye = second.pairings.find((p) => p.bye !== null)!.bye!;
    expect(bye.entrantId).not.toBe(entry.id);
    expect(second.pairings.some((p) => [p.aff?.entrantId, p.neg?.entrantId].includes(entry.id))).toBe(true);

    // Half of 4 rounds released: entries are closed.
    const tooLate = await call(await buildUser(t), 'POST', `/api/tournaments/${tournament.id}/entrants`, {});
    expect(tooLate.statusCode).toBe(409);
    expect(tooLate.json().error.message).toBe(
      'Entries closed when round 2 was released: a late entrant must miss fewer than half the preliminary rounds.',
    );
    // With 2 rounds there is no late entry at all.
    const short = await created(host, {});
    for (const who of [await buildUser(t), await buildUser(t)]) await enter(who, short.id);
    await release(host, short.id, 1);
    const closed = await call(late, 'POST', `/api/tournaments/${short.id}/entrants`, {});
    expect(closed.statusCode).toBe(409);
    expect(closed.json().error.message).toBe('Entries closed when the first round was released.');
  });

  it('keeps late entry open with an odd number of preliminaries while a late entrant misses fewer than half', async () => {
    const host = await buildUser(t, { role: 'admin' });
    const closedAfter = (number: number) =>
      `Entries closed when round ${number} was released: a late entrant must miss fewer than half the preliminary rounds.`;
    // 3 preliminaries: entering after round 1 misses 1 of 3; after round 2, 2 of 3.
    const three = await created(host, { prelimRounds: 3 });
    const threeField = [await buildUser(t), await buildUser(t), await buildUser(t), await buildUser(t)];
    for (const who of threeField) await enter(who, three.id);
    await negResigns(await release(host, three.id, 1), threeField);
    const lateOfThree = await buildUser(t);
    expect((await enter(lateOfThree, three.id)).lateByes).toBe(1);
    await negResigns(await release(host, three.id, 2), [...threeField, lateOfThree]);
    const afterTwoOfThree = await call(await buildUser(t), 'POST', `/api/tournaments/${three.id}/entrants`, {});
    expect(afterTwoOfThree.statusCode).toBe(409);
    expect(afterTwoOfThree.json().error.message).toBe(closedAfter(2));

    // 5 preliminaries: entering after round 2 misses 2 of 5; after round 3, 3 of 5.
    const five = await created(host, { prelimRounds: 5 });
    const fiveField = [await buildUser(t), await buildUser(t), await buildUser(t), await buildUser(t)];
    for (const who of fiveField) await enter(who, five.id);
    await negResigns(await release(host, five.id, 1), fiveField);
    await negResigns(await release(host, five.id, 2), fiveField);
    const lateOfFive = await buildUser(t);
    expect((await enter(lateOfFive, five.id)).lateByes).toBe(2);
    await release(host, five.id, 3);
    const afterThreeOfFive = await call(await buildUser(t), 'POST', `/api/tournaments/${five.id}/entrants`, {});
    expect(afterThreeOfFive.statusCode).toBe(409);
    expect(afterThreeOfFive.json().error.message).toBe(closedAfter(3));
  });

  it('exports the account’s tournament entries, judging and paradigm', async () => {
    const host = await buildUser(t, { role: 'admin' });
    const tournament = await created(host, { name: 'Export Open' });
    const me = await buildUser(t);
    const other = await buildUser(t, { displayName: 'Conflicted Entrant' });
    const entrant = await enter(me, tournament.id);
    const otherEntry = await enter(other, tournament.id);
    const judgeMe = await buildUser(t);
    expect((await call(judgeMe, 'PUT', '/api/users/me/paradigm', { paradigm: PARADIGM })).statusCode).toBe(200);
    await addJudge(host, tournament.id, judgeMe);
    const base = `/api/tournaments/${tournament.id}`;
    expect((await call(judgeMe, 'PUT', `${base}/rounds/2/availability`, { isAvailable: false })).statusCode).toBe(200);
    const conflicts = await call(judgeMe, 'PUT', `${base}/judges/${judgeMe.user.id}/conflicts`, {
      entrantIds: [otherEntry.id],
    });
    expect(conflicts.statusCode).toBe(200);

    const mine = ZMyData.parse((await call(me, 'GET', '/api/users/me/export')).json());
    expect(mine.tournamentEntries).toEqual([
      expect.objectContaining({
        tournamentId: tournament.id,
        tournamentName: 'Export Open',
        division: 'Open · pool B',
        team: null,
        withdrawnAt: null,
        noShows: 0,
        lateByes: 0,
      }),
    ]);
    expect(mine.tournamentJudging).toEqual([]);
    expect(entrant.id).toBeGreaterThan(0);

    const judged = ZMyData.parse((await call(judgeMe, 'GET', '/api/users/me/export')).json());
    expect(judged.account.paradigm).toBe(PARADIGM);
    expect(judged.tournamentEntries).toEqual([]);
    expect(judged.tournamentJudging).toEqual([
      expect.objectContaining({
        tournamentId: tournament.id,
        tournamentName: 'Export Open',
        unavailableRounds: [2],
        conflicts: ['Conflicted Entrant'],
      }),
    ]);
  });
});
