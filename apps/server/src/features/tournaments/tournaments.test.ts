/**
 * Tournaments through the real HTTP server on both engines: who may create one, entry (open with its age split,
 * by code, by the host's teams), and releasing a round's draw once, from confirmed results only.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  TOURNAMENT_LIMITS,
  type TDebate,
  type TSessionUser,
  type TTournament,
  type TTournamentRound,
} from '@resolved/shared';
import { createTestApp, TEST_ENGINES, type TTestApp } from '../../test/harness';
import { buildUser } from '../../test/factories';
import type { TDomainEvent } from '../../lib/events';

type TWho = { user: TSessionUser; cookie: string };

const MINOR_BIRTH_MONTH = `${new Date().getUTCFullYear() - 16}-01`;

describe.each(TEST_ENGINES)('tournaments on %s', (engine) => {
  let t: TTestApp;
  beforeEach(async () => {
    t = await createTestApp(engine);
  });
  afterEach(async () => t.close());

  const call = (who: TWho, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: who.cookie }, ...(payload ? { payload } : {}) });

  const base = { name: 'Spring Invitational', formatId: 'ld', prelimRounds: 2, breakSize: 2, scheduleMode: 'fixed' };

  async function coach(): Promise<{ who: TWho; teamId: number; joinCode: string }> {
    const who = await buildUser(t, { displayName: 'Coach Carter' });
    const team = (await call(who, 'POST', '/api/teams', { name: 'Westview', school: 'Westview High' })).json().team;
    return { who, teamId: team.id, joinCode: team.joinCode };
  }

  async function create(host: TWho, body: object): Promise<TTournament> {
    const response = await call(host, 'POST', '/api/tournaments', { ...base, ...body });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().tournament;
  }

  async function enterAll(tournament: TTournament, count: number): Promise<TWho[]> {
    const people: TWho[] = [];
    for (let i = 0; i < count; i++) {
      const who = await buildUser(t);
      const entered = await call(who, 'POST', `/api/tournaments/${tournament.id}/entrants`, {});
      expect(entered.statusCode, entered.body).toBe(201);
      people.push(who);
    }
    return people;
  }

  it('is created by an admin or a coach, not by anyone else, and refuses bad settings clearly', async () => {
    const plain = await buildUser(t);
    const refused = await call(plain, 'POST', '/api/tournaments', { ...base, entryMode: 'open' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe('Only admins and team coaches can create tournaments.');

    const admin = await buildUser(t, { role: 'admin' });
    const byAdmin = await create(admin, { entryMode: 'open', divisions: ['Novice', 'Varsity'] });
    expect(byAdmin).toMatchObject({ status: 'registration', prelimRounds: 2, breakSize: 2, entryMode: 'open' });
    // An open tournament splits each named division by age band.
    expect(byAdmin.divisions.map((d) => d.name)).toEqual([
      'Novice · pool A',
      'Novice · pool B',
      'Varsity · pool A',
      'Varsity · pool B',
    ]);
    expect(byAdmin.viewer).toEqual({
      isHost: true,
      isCohost: false,
      entrantId: null,
      isJudge: false,
      isCoachOfEntrant: false,
    });

    const { who } = await coach();
    const byCoach = await create(who, { entryMode: 'code' });
    expect(byCoach.joinCode).toMatch(/^[A-Z0-9]{10}$/);

    const tooMany = await call(who, 'POST', '/api/tournaments', { ...base, entryMode: 'open', prelimRounds: 10 });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error.message).toContain('Choose how many preliminary rounds (1 to 9).');
    const breakOfOne = await call(who, 'POST', '/api/tournaments', { ...base, entryMode: 'open', breakSize: 1 });
    expect(breakOfOne.statusCode).toBe(400);
    const noTeams = await call(who, 'POST', '/api/tournaments', { ...base, entryMode: 'teams' });
    expect(noTeams.statusCode).toBe(400);
    expect(noTeams.json().error.message).toContain('Choose at least one of your teams to enter.');
    const notMine = await call(who, 'POST', '/api/tournaments', {
      ...base,
      entryMode: 'teams',
      teamIds: [(await coach()).teamId],
    });
    expect(notMine.statusCode).toBe(403);
  });

  it('takes one entry per person, places minors and adults in their own divisions, and closes at the first round', async () => {
    const admin = await buildUser(t, { role: 'admin' });
    const tournament = await create(admin, { entryMode: 'open' });
    const minor = await buildUser(t, { birthMonth: MINOR_BIRTH_MONTH });
    const adult = await buildUser(t);
    const minorEntry = await call(minor, 'POST', `/api/tournaments/${tournament.id}/entrants`, {});
    expect(minorEntry.statusCode, minorEntry.body).toBe(201);
    const adultEntry = await call(adult, 'POST', `/api/tournaments/${tournament.id}/entrants`, {});
    const [minorDivision, adultDivision] = tournament.divisions;
    expect(minorEntry.json().entrant.divisionId).toBe(minorDivision!.id);
    expect(adultEntry.json().entrant.divisionId).toBe(adultDivision!.id);

    const twice = await call(adult, 'POST', `/api/tournaments/${tournament.id}/entrants`, {});
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toBe('You have entered this tournament already.');
    const host = await call(admin, 'POST', `/api/tournaments/${tournament.id}/entrants`, {});
    expect(host.statusCode).toBe(409);

    // One adult and one minor: two divisions of one entrant each, who would have no one to debate.
    const lonely = await call(admin, 'POST', `/api/tournaments/${tournament.id}/rounds/1/release`);
    expect(lonely.statusCode).toBe(400);
    expect(lonely.json().error.message).toContain('has one entrant, who would have no one to debate');

    await enterAll(tournament, 1);
    const minor2 = await buildUser(t, { birthMonth: MINOR_BIRTH_MONTH });
    expect((await call(minor2, 'POST', `/api/tournaments/${tournament.id}/entrants`, {})).statusCode).toBe(201);
    const released = await call(admin, 'POST', `/api/tournaments/${tournament.id}/rounds/1/release`);
    expect(released.statusCode, released.body).toBe(201);
    const round = released.json().round as TTournamentRound;
    // Minors meet minors and adults adults: every debate is within one division.
    for (const pairing of round.pairings) {
      const division = pairing.divisionId;
      expect([minorDivision!.id, adultDivision!.id]).toContain(division);
    }
    const minorIds = [minor.user.id, minor2.user.id];
    for (const pairing of round.pairings) {
      const ids = [pairing.aff?.userId, pairing.neg?.userId];
      expect(
        ids.filter((id) => id && minorIds.includes(id)).length === 0 || ids.every((id) => minorIds.includes(id!)),
      ).toBe(true);
    }

    const late = await buildUser(t);
    const closed = await call(late, 'POST', `/api/tournaments/${tournament.id}/entrants`, {});
    expect(closed.statusCode).toBe(409);
    expect(closed.json().error.message).toBe('Entries closed when the first round was released.');
  });

  it('refuses to start with fewer than 2 entrants, or with a break larger than the field', async () => {
    const admin = await buildUser(t, { role: 'admin' });
    const empty = await create(admin, { entryMode: 'open' });
    const none = await call(admin, 'POST', `/api/tournaments/${empty.id}/rounds/1/release`);
    expect(none.statusCode).toBe(400);
    expect(none.json().error.message).toBe('A tournament needs at least 2 entrants to start; this one has 0.');

    const big = await create(admin, { entryMode: 'open', breakSize: 8 });
    await enterAll(big, 4);
    const tooBig = await call(admin, 'POST', `/api/tournaments/${big.id}/rounds/1/release`);
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json().error.message).toBe('The break (8) is larger than the field of Open · pool B (4).');
  });

  it('tags a round’s room with its tournament and round, for those who may see the tournament', async () => {
    const { who: host } = await coach();
    const tournament = await create(host, { name: 'Valley Classic', entryMode: 'code', breakSize: 0 });
    const [a, b] = [await buildUser(t), await buildUser(t)];
    for (const who of [a, b]) {
      const joined = await call(who, 'POST', `/api/tournaments/join/${tournament.joinCode}`, {});
      expect(joined.statusCode, joined.body).toBe(201);
    }
    const released = await call(host, 'POST', `/api/tournaments/${tournament.id}/rounds/1/release`);
    expect(released.statusCode, released.body).toBe(201);
    const debateId = (released.json().round as TTournamentRound).pairings[0]!.debateId!;

    for (const who of [a, host]) {
      const tag = await call(who, 'GET', `/api/debates/${debateId}/tournament`);
      expect(tag.statusCode, tag.body).toBe(200);
      expect(tag.json().tag).toEqual({
        tournamentId: tournament.id,
        tournamentName: 'Valley Classic',
        roundNumber: 1,
        roundName: 'Round 1',
        isFinished: false,
      });
    }
    // A spectator may watch the round but not see an unpublished tournament entered by code: no tag.
    const spectator = await buildUser(t);
    expect((await call(spectator, 'GET', `/api/debates/${debateId}`)).statusCode).toBe(200);
    const hidden = await call(spectator, 'GET', `/api/debates/${debateId}/tournament`);
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(hidden.json().tag).toBeNull();
    // A round that is no tournament's, and one that does not exist.
    const [c, d] = [await buildUser(t), await buildUser(t)];
    const challenge = await call(c, 'POST', '/api/debates/challenges', { formatId: 'ld' });
    expect(challenge.statusCode, challenge.body).toBe(201);
    const accepted = await call(d, 'POST', `/api/debates/challenges/${challenge.json().challenge.token}/accept`);
    expect(accepted.statusCode, accepted.body).toBe(200);
    const plain = await call(c, 'GET', `/api/debates/${accepted.json().debateId}/tournament`);
    expect(plain.json()).toEqual({ tag: null });
    expect((await call(a, 'GET', '/api/debates/999999/tournament')).statusCode).toBe(404);
    expect((await call(a, 'GET', '/api/debates/abc/tournament')).statusCode).toBe(400);
  });

  it('enters by code only with the code, and by teams only for members of the host’s teams', async () => {
    const { who: host, teamId, joinCode: teamCode } = await coach();
    const byCode = await create(host, { entryMode: 'code' });
    const someone = await buildUser(t);
    const withoutCode = await call(someone, 'POST', `/api/tournaments/${byCode.id}/entrants`, {});
    expect(withoutCode.statusCode).toBe(404);
    const wrong = await call(someone, 'POST', '/api/tournaments/join/ABCDEFGHJK', {});
    expect(wrong.statusCode).toBe(404);
    const joined = await call(someone, 'POST', `/api/tournaments/join/${byCode.joinCode}`, {});
    expect(joined.statusCode, joined.body).toBe(201);
    expect(joined.json().tournament.viewer.entrantId).toBe(joined.json().entrant.id);
    // Now an entrant, they see the tournament (but not its code).
    const seen = (await call(someone, 'GET', `/api/tournaments/${byCode.id}`)).json().tournament as TTournament;
    expect(seen).toMatchObject({ joinCode: null, entrantCount: 1 });

    // No age split by code: a minor from no team would be drawn against the adult already in, so is refused.
    const minor = await buildUser(t, { birthMonth: MINOR_BIRTH_MONTH });
    const mixed = await call(minor, 'POST', `/api/tournaments/join/${byCode.joinCode}`, {});
    expect(mixed.statusCode).toBe(409);
    expect(mixed.json().error.message).toBe(
      'This division has adult entrants from other teams, and under-18s meet adults only on their own team. Ask the host.',
    );
    // An account run with its team enters only by its teams.
    const managed = await buildUser(t, { teamManagedBy: host.user.id });
    const byManaged = await call(managed, 'POST', `/api/tournaments/join/${byCode.joinCode}`, {});
    expect(byManaged.statusCode).toBe(403);
    expect(byManaged.json().error.message).toBe(
      'Your account is run with your team: you enter only tournaments your coach enters your team in.',
    );

    const byTeams = await create(host, { entryMode: 'teams', teamIds: [teamId] });
    const outsider = await call(someone, 'POST', `/api/tournaments/${byTeams.id}/entrants`, {});
    expect(outsider.statusCode).toBe(404);
    const member = await buildUser(t);
    await call(member, 'POST', `/api/teams/join/${teamCode}`);
    const entered = await call(member, 'POST', `/api/tournaments/${byTeams.id}/entrants`, {});
    expect(entered.statusCode, entered.body).toBe(201);
    expect(entered.json().entrant).toMatchObject({ teamId, teamName: 'Westview' });
  });

  it('lets a host add a co-host who may release, and nobody else', async () => {
    const admin = await buildUser(t, { role: 'admin' });
    const tournament = await create(admin, { entryMode: 'open' });
    const cohost = await buildUser(t);
    const [entrant] = await enterAll(tournament, 2);
    const byEntrant = await call(entrant!, 'POST', `/api/tournaments/${tournament.id}/cohosts`, {
      userId: cohost.user.id,
    });
    expect(byEntrant.statusCode).toBe(403);
    const added = await call(admin, 'POST', `/api/tournaments/${tournament.id}/cohosts`, { userId: cohost.user.id });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().tournament.cohosts).toEqual([{ userId: cohost.user.id, displayName: cohost.user.displayName }]);
    expect(
      (await call(admin, 'POST', `/api/tournaments/${tournament.id}/cohosts`, { userId: cohost.user.id })).statusCode,
    ).toBe(409);
    const notHost = await call(entrant!, 'POST', `/api/tournaments/${tournament.id}/rounds/1/release`);
    expect(notHost.statusCode).toBe(403);
    expect(notHost.json().error.message).toBe('Only the tournament’s hosts can do that.');
    const byCohost = await call(cohost, 'POST', `/api/tournaments/${tournament.id}/rounds/1/release`);
    expect(byCohost.statusCode, byCohost.body).toBe(201);
  });

  it('releases a round once: tournament rounds for every pairing, a bye, each entrant told; twice is a 409', async () => {
    const admin = await buildUser(t, { role: 'admin' });
    const tournament = await create(admin, { entryMode: 'open' });
    const entrants = await enterAll(tournament, 5);
    const events: TDomainEvent[] = [];
    t.app.context.events.subscribe((e) => events.push(e));

    const response = await call(admin, 'POST', `/api/tournaments/${tournament.id}/rounds/1/release`);
    expect(response.statusCode, response.body).toBe(201);
    const round = response.json().round as TTournamentRound;
    expect(round).toMatchObject({ number: 1, status: 'released' });
    const debates = round.pairings.filter((p) => p.debateId !== null);
    const byes = round.pairings.filter((p) => p.bye !== null);
    expect(debates).toHaveLength(2);
    expect(byes).toHaveLength(1);
    const seated = round.pairings.flatMap((p) => [p.aff?.userId, p.neg?.userId, p.bye?.userId]).filter(Boolean);
    expect(seated.sort()).toEqual(entrants.map((e) => e.user.id).sort());

    for (const pairing of debates) {
      expect(pairing.coinFlipWinner).toBeNull();
      const debate = (await call(admin, 'GET', `/api/debates/${pairing.debateId}`)).json().debate as TDebate;
      expect(debate).toMatchObject({ kind: 'tournament', status: 'live', formatId: 'ld' });
      expect(debate.debaters.a.userId).toBe(pairing.aff!.userId);
      expect(debate.debaters.b.userId).toBe(pairing.neg!.userId);
    }
    const told = events.filter((e) => e.name === 'tournament.round_released');
    expect(told).toHaveLength(5);
    const byeTold = told.find((e) => e.room === `user:${byes[0]!.bye!.userId}`);
    expect(byeTold?.payload).toMatchObject({
      tournamentId: tournament.id,
      roundNumber: 1,
      roundName: 'Round 1',
      debateId: null,
      side: null,
    });

    const again = await call(admin, 'POST', `/api/tournaments/${tournament.id}/rounds/1/release`);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({
      message: 'Round 1 has been released already.',
      reason: 'round_released',
    });

    // An entrant sees only their own pairing; the host every one.
    const own = (await call(entrants[0]!, 'GET', `/api/tournaments/${tournament.id}/rounds`)).json()
      .rounds as TTournamentRound[];
    expect(own[0]!.pairings).toHaveLength(1);
    const all = (await call(admin, 'GET', `/api/tournaments/${tournament.id}/rounds`)).json().rounds;
    expect(all[0].pairings).toHaveLength(3);
    const outsider = await buildUser(t);
    expect((await call(outsider, 'GET', `/api/tournaments/${tournament.id}/rounds`)).statusCode).toBe(403);
  });

  it('draws the next round only from confirmed results', async () => {
    const admin = await buildUser(t, { role: 'admin' });
    // Public Forum: sides are a coin flip there, so round 2 is paired by wins alone (LD would balance sides first).
    const tournament = await create(admin, { entryMode: 'open', formatId: 'pf' });
    const entrants = await enterAll(tournament, 4);
    const first = (await call(admin, 'POST', `/api/tournaments/${tournament.id}/rounds/1/release`)).json()
      .round as TTournamentRound;
    // Public Forum: the draw's coin flip is recorded, its winner one of the two debaters.
    for (const pairing of first.pairings) {
      expect([pairing.aff!.entrantId, pairing.neg!.entrantId]).toContain(pairing.coinFlipWinner?.entrantId);
    }
    const early = await call(admin, 'POST', `/api/tournaments/${tournament.id}/rounds/2/release`);
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toBe(
      'Round 1 is not over: 2 debates have no result yet. The next draw is made from confirmed results only.',
    );
    // Each neg resigns: the affs win round 1.
    const whoIs = new Map(entrants.map((e) => [e.user.id, e]));
    for (const pairing of first.pairings) {
      const neg = whoIs.get(pairing.neg!.userId!)!;
      expect((await call(neg, 'POST', `/api/debates/${pairing.debateId}/forfeit`)).statusCode).toBe(200);
    }
    const second = await call(admin, 'POST', `/api/tournaments/${tournament.id}/rounds/2/release`);
    expect(second.statusCode, second.body).toBe(201);
    const winners = new Set(first.pairings.map((p) => p.aff!.userId));
    // Power-paired: the two winners meet, and the two who lost.
    for (const pairing of (second.json().round as TTournamentRound).pairings) {
      expect(winners.has(pairing.aff!.userId)).toBe(winners.has(pairing.neg!.userId));
    }
    const rounds = (await call(admin, 'GET', `/api/tournaments/${tournament.id}/rounds`)).json()
      .rounds as TTournamentRound[];
    expect(rounds.map((r) => r.status)).toEqual(['complete', 'released']);
    // Round 3 is the break's final (a break of 2): not before round 2's results; there is no round 4.
    const third = await call(admin, 'POST', `/api/tournaments/${tournament.id}/rounds/3/release`);
    expect(third.statusCode).toBe(409);
    expect(third.json().error.message).toMatch(/^Round 2 is not over/);
    const fourth = await call(admin, 'POST', `/api/tournaments/${tournament.id}/rounds/4/release`);
    expect(fourth.statusCode).toBe(404);
  });

  it('withdraws an entry: gone before the first round, marked after it', async () => {
    const admin = await buildUser(t, { role: 'admin' });
    const tournament = await create(admin, { entryMode: 'open' });
    const [a, b, , d] = await enterAll(tournament, 4);
    const entrantsOf = async () =>
      (await call(admin, 'GET', `/api/tournaments/${tournament.id}/entrants`)).json().entrants as {
        id: number;
        userId: string;
        isWithdrawn: boolean;
      }[];
    const idOf = async (who: TWho) => (await entrantsOf()).find((e) => e.userId === who.user.id)!.id;
    // Someone else's entry is not theirs to withdraw.
    const notTheirs = await call(b!, 'DELETE', `/api/tournaments/${tournament.id}/entrants/${await idOf(a!)}`);
    expect(notTheirs.statusCode).toBe(403);
    expect((await call(a!, 'DELETE', `/api/tournaments/${tournament.id}/entrants/${await idOf(a!)}`)).statusCode).toBe(
      204,
    );
    expect((await entrantsOf()).map((e) => e.userId)).not.toContain(a!.user.id);
    await call(admin, 'POST', `/api/tournaments/${tournament.id}/rounds/1/release`);
    const dId = await idOf(d!);
    expect((await call(admin, 'DELETE', `/api/tournaments/${tournament.id}/entrants/${dId}`)).statusCode).toBe(204);
    expect((await entrantsOf()).find((e) => e.id === dId)?.isWithdrawn).toBe(true);
    const twice = await call(admin, 'DELETE', `/api/tournaments/${tournament.id}/entrants/${dId}`);
    expect(twice.statusCode).toBe(409);
  });

  it('caps the tournaments one host runs at once', async () => {
    const admin = await buildUser(t, { role: 'admin' });
    for (let i = 0; i < TOURNAMENT_LIMITS.unfinishedPerHost; i++) await create(admin, { entryMode: 'open' });
    const over = await call(admin, 'POST', '/api/tournaments', { ...base, entryMode: 'open' });
    expect(over.statusCode).toBe(409);
    expect(over.json().error.message).toBe('You can host up to 20 tournaments that are not finished.');
    // A finished one no longer counts.
    await t.database.db
      .updateTable('tournaments')
      .set({ status: 'finished' })
      .where('hostId', '=', admin.user.id)
      .execute();
    expect((await call(admin, 'POST', '/api/tournaments', { ...base, entryMode: 'open' })).statusCode).toBe(201);
  });

  it('answers bad ids and unknown tournaments with clear 4xx errors', async () => {
    const who = await buildUser(t);
    expect((await call(who, 'GET', '/api/tournaments/abc')).statusCode).toBe(400);
    const missing = await call(who, 'GET', '/api/tournaments/999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe('That tournament does not exist.');
    expect((await call(who, 'POST', '/api/tournaments/1/rounds/0/release')).statusCode).toBe(400);
    expect((await call(who, 'POST', '/api/tournaments', { name: '' })).statusCode).toBe(400);
  });
});
