/**
 * The judge pool beyond the host, through the real HTTP server on both engines: a judge says they cannot judge an
 * elimination round and its release seats no one there against it; a coach of a team with entrants brings the team's
 * adult members as judges (never another team's member, a minor, an entrant or a judge twice) and takes out those
 * they brought, which meets the team's judge obligation and clears the dashboard's "judges owed".
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type {
  TJudgeObligations,
  TJudgesOwed,
  TSessionUser,
  TTeamJudges,
  TTournament,
  TTournamentJudge,
  TTournamentRound,
} from '@resolved/shared';
import { createTestApp, TEST_ENGINES, type TTestApp } from '../../test/harness';
import { buildUser } from '../../test/factories';
import type { TDomainEvent } from '../../lib/events';

type TWho = { user: TSessionUser; cookie: string };

const MINOR_BIRTH_MONTH = `${new Date().getUTCFullYear() - 16}-01`;

describe.each(TEST_ENGINES)('judges coaches bring, and elimination availability, on %s', (engine) => {
  let t: TTestApp;
  beforeEach(async () => {
    t = await createTestApp(engine);
  });
  afterEach(async () => t.close());

  const call = (who: TWho, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: who.cookie }, ...(payload ? { payload } : {}) });

  async function created(host: TWho, body: object = {}) {
    const response = await call(host, 'POST', '/api/tournaments', {
      name: 'Brought judges',
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
  }

  async function teamOf(coach: TWho, name: string, members: TWho[]) {
    const team = (await call(coach, 'POST', '/api/teams', { name, school: `${name} High` })).json().team as {
      id: number;
      joinCode: string;
    };
    for (const member of members) {
      const joined = await call(member, 'POST', `/api/teams/join/${team.joinCode}`);
      expect(joined.statusCode, joined.body).toBeLessThan(300);
      // A minor's join waits for a coach's approval.
      if (joined.json().isPending) {
        const approved = await call(coach, 'POST', `/api/teams/${team.id}/members/${member.user.id}/approve`);
        expect(approved.statusCode, approved.body).toBe(200);
      }
    }
    return team;
  }

  async function release(host: TWho, tournamentId: number, number: number) {
    const response = await call(host, 'POST', `/api/tournaments/${tournamentId}/rounds/${number}/release`);
    expect(response.statusCode, response.body).toBe(201);
    return response.json().round as TTournamentRound;
  }

  it('seats no judge in an elimination round they said they cannot judge', async () => {
    const host = await buildUser(t, { role: 'admin' });
    const tournament = await created(host, { prelimRounds: 1, breakSize: 2 });
    const [a, b] = [await buildUser(t), await buildUser(t)];
    await enter(a, tournament.id);
    await enter(b, tournament.id);
    const judge = await buildUser(t);
    expect(
      (await call(host, 'POST', `/api/tournaments/${tournament.id}/judges`, { userId: judge.user.id })).statusCode,
    ).toBe(201);
    const url = (n: number) => `/api/tournaments/${tournament.id}/rounds/${n}/availability`;
    // Round 2 is the final (one preliminary round, a break of 2); there is no round 3.
    const marked = await call(judge, 'PUT', url(2), { isAvailable: false });
    expect(marked.statusCode, marked.body).toBe(200);
    expect((marked.json().judge as TTournamentJudge).unavailableRounds).toEqual([2]);
    const beyond = await call(judge, 'PUT', url(3), { isAvailable: false });
    expect(beyond.statusCode).toBe(404);
    expect(beyond.json().error.message).toContain('there is no round 3');

    // Round 1: the only judge sits. The final: they said they cannot, so the room is left unjudged for the host.
    const first = await release(host, tournament.id, 1);
    expect(first.pairings[0]!.judge?.userId).toBe(judge.user.id);
    const room = first.pairings[0]!;
    const neg = [a, b].find((p) => p.user.id === room.neg!.userId)!;
    expect((await call(neg, 'POST', `/api/debates/${room.debateId}/forfeit`)).statusCode).toBe(200);
    const final = await release(host, tournament.id, 2);
    expect(final.pairings).toHaveLength(1);
    expect(final.pairings[0]!.judge).toBeNull();
    expect(final.unjudgedPairingIds).toEqual([final.pairings[0]!.id]);
    // Released, the final's availability is closed.
    expect((await call(judge, 'PUT', url(2), { isAvailable: true })).statusCode).toBe(409);
  });

  it('seats an available judge in an elimination round and keeps one who said no out', async () => {
    const host = await buildUser(t, { role: 'admin' });
    const tournament = await created(host, { prelimRounds: 1, breakSize: 2 });
    const [a, b] = [await buildUser(t), await buildUser(t)];
    await enter(a, tournament.id);
    await enter(b, tournament.id);
    const [away, here] = [await buildUser(t), await buildUser(t)];
    for (const judge of [away, here]) {
      await call(host, 'POST', `/api/tournaments/${tournament.id}/judges`, { userId: judge.user.id });
    }
    // The one who cannot judge the final is the one the final would otherwise prefer (they judged neither debater).
    expect(
      (await call(here, 'PUT', `/api/tournaments/${tournament.id}/rounds/1/availability`, { isAvailable: false }))
        .statusCode,
    ).toBe(200);
    expect(
      (await call(away, 'PUT', `/api/tournaments/${tournament.id}/rounds/2/availability`, { isAvailable: false }))
        .statusCode,
    ).toBe(200);
    const first = await release(host, tournament.id, 1);
    expect(first.pairings[0]!.judge?.userId).toBe(away.user.id);
    const neg = [a, b].find((p) => p.user.id === first.pairings[0]!.neg!.userId)!;
    await call(neg, 'POST', `/api/debates/${first.pairings[0]!.debateId}/forfeit`);
    const final = await release(host, tournament.id, 2);
    expect(final.pairings[0]!.judge?.userId).toBe(here.user.id);
  });

  it('lets a coach bring their team’s adult members as judges and take out those they brought', async () => {
    const host = await buildUser(t, { role: 'admin' });
    const tournament = await created(host);
    const coach = await buildUser(t, { displayName: 'Coach Carter' });
    const debaters = [await buildUser(t), await buildUser(t), await buildUser(t)];
    const parent = await buildUser(t, { displayName: 'Parent Judge' });
    const alum = await buildUser(t, { displayName: 'Alum Judge' });
    const minor = await buildUser(t, { displayName: 'Young Member', birthMonth: MINOR_BIRTH_MONTH });
    const team = await teamOf(coach, 'Bringing Team', [...debaters, parent, alum, minor]);
    const outsider = await buildUser(t, { displayName: 'Other Member' });
    const otherCoach = await buildUser(t);
    await teamOf(otherCoach, 'Other Team', [outsider]);
    for (const debater of debaters) await enter(debater, tournament.id, { teamId: team.id });
    expect(
      (await call(host, 'PUT', `/api/tournaments/${tournament.id}/judge-obligation`, { entrantsPerJudge: 2 }))
        .statusCode,
    ).toBe(200);

    const teamJudges = `/api/tournaments/${tournament.id}/team-judges`;
    const owed = async () => (await call(coach, 'GET', '/api/tournaments/judges-owed')).json().owed as TJudgesOwed[];
    expect(await owed()).toEqual([
      {
        tournamentId: tournament.id,
        tournamentName: 'Brought judges',
        teamId: team.id,
        teamName: 'Bringing Team',
        owed: 2,
        brought: 0,
        missing: 2,
      },
    ]);

    // The coach's picker: the team's adults who may judge, not its entrants or its minor (the coach may judge too).
    const listed = await call(coach, 'GET', teamJudges);
    expect(listed.statusCode, listed.body).toBe(200);
    const [own] = listed.json().teams as TTeamJudges[];
    expect(own!.teamName).toBe('Bringing Team');
    expect(own!.judges).toEqual([]);
    expect(own!.candidates.map((c) => c.displayName)).toEqual(['Alum Judge', 'Coach Carter', 'Parent Judge']);

    const added = await call(coach, 'POST', teamJudges, { teamId: team.id, userId: parent.user.id });
    expect(added.statusCode, added.body).toBe(201);
    expect((added.json().teams as TTeamJudges[])[0]!.judges).toEqual([
      { userId: parent.user.id, displayName: 'Parent Judge', canRemove: true },
    ]);
    expect(await owed()).toEqual([expect.objectContaining({ brought: 1, missing: 1 })]);
    // The host's pool has them, judging for the team.
    const pool = (await call(host, 'GET', `/api/tournaments/${tournament.id}/judges`)).json()
      .judges as TTournamentJudge[];
    expect(pool.map((j) => [j.displayName, j.teamName])).toEqual([['Parent Judge', 'Bringing Team']]);

    // Refusals, each with its reason.
    const refused = async (body: object, status: number, message: string, who: TWho = coach) => {
      const response = await call(who, 'POST', teamJudges, body);
      expect(response.statusCode, response.body).toBe(status);
      expect(response.json().error.message).toContain(message);
    };
    await refused({ teamId: team.id, userId: parent.user.id }, 409, 'Parent Judge is in the judge pool already.');
    await refused({ teamId: team.id, userId: minor.user.id }, 403, 'Young Member is under 18');
    await refused({ teamId: team.id, userId: outsider.user.id }, 403, 'You bring only members of Bringing Team');
    await refused({ teamId: team.id, userId: 'no-such-user' }, 403, 'You bring only members of Bringing Team');
    await refused({ teamId: team.id, userId: debaters[0]!.user.id }, 409, 'is an entrant');
    await refused({ teamId: team.id }, 400, 'Choose a member of your team.');
    await refused({ userId: alum.user.id }, 400, 'Choose the team the judge judges for.');
    // A non-coach (an entrant of the team, the other team's coach with no entrants here) brings no one.
    await refused({ teamId: team.id, userId: alum.user.id }, 403, 'Only a coach of a team', debaters[0]!);
    await refused({ teamId: team.id, userId: alum.user.id }, 403, 'Only a coach of a team', otherCoach);
    expect((await call(debaters[0]!, 'GET', teamJudges)).statusCode).toBe(403);

    // A second judge meets the obligation: nothing is owed any more.
    expect((await call(coach, 'POST', teamJudges, { teamId: team.id, userId: alum.user.id })).statusCode).toBe(201);
    expect(await owed()).toEqual([]);
    const obligations = (await call(coach, 'GET', `/api/tournaments/${tournament.id}/judge-obligations`)).json()
      .obligations as TJudgeObligations;
    expect(obligations.teams[0]).toMatchObject({ owed: 2, brought: 2, isMet: true });

    // The coach takes out one they brought; the obligation is owed again.
    expect((await call(coach, 'DELETE', `${teamJudges}/${alum.user.id}`)).statusCode).toBe(204);
    expect(await owed()).toEqual([expect.objectContaining({ brought: 1, missing: 1 })]);
    expect((await call(coach, 'DELETE', `${teamJudges}/${alum.user.id}`)).statusCode).toBe(404);

    // One the host named for the team is the host's: the coach sees them but cannot take them out.
    expect(
      (await call(host, 'POST', `/api/tournaments/${tournament.id}/judges`, { userId: alum.user.id })).statusCode,
    ).toBe(201);
    const seen = (await call(coach, 'GET', teamJudges)).json().teams as TTeamJudges[];
    expect(seen[0]!.judges.find((j) => j.userId === alum.user.id)).toMatchObject({ canRemove: false });
    const notTheirs = await call(coach, 'DELETE', `${teamJudges}/${alum.user.id}`);
    expect(notTheirs.statusCode).toBe(403);
    expect(notTheirs.json().error.message).toContain('only the judges you brought');
    // The hosts keep full control: they take out a judge a coach brought, and the coach's open page is told.
    const events: TDomainEvent[] = [];
    t.app.context.events.subscribe((e) => events.push(e));
    expect((await call(host, 'DELETE', `/api/tournaments/${tournament.id}/judges/${parent.user.id}`)).statusCode).toBe(
      204,
    );
    expect(events).toContainEqual(
      expect.objectContaining({ name: 'tournament.changed', room: `tournament:${tournament.id}` }),
    );
    expect(await owed()).toEqual([expect.objectContaining({ brought: 1, missing: 1 })]);

    // Over, the tournament owes nothing and takes no more judges.
    await t.database.db
      .updateTable('tournaments')
      .set({ status: 'finished' })
      .where('id', '=', tournament.id)
      .execute();
    expect(await owed()).toEqual([]);
    await refused({ teamId: team.id, userId: parent.user.id }, 409, 'This tournament is over.');
  });
});
