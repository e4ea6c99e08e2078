/**
 * What a tournament shows of its minors, to whom, through the real HTTP server on both engines (`docs/safety.md`,
 * "Tournaments"): its own people — host, entrant, coach of an entrant's team, pool judge — read the whole tab, the
 * rounds and the entrants; a signed-in stranger and a visitor read a published tournament with its minors named
 * "Mina Y." and without user id, rank, record or points, and never its entrants list or CSV exports.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type {
  TSessionUser,
  TTournament,
  TTournamentEntrant,
  TTournamentRound,
  TTournamentStandings,
} from '@resolved/shared';
import { createTestApp, TEST_ENGINES, type TTestApp } from '../../test/harness';
import { buildUser } from '../../test/factories';
import { tournamentFixture } from '../../test/tournament-fixture';

type TWho = { user: TSessionUser; cookie: string };

const MINOR_BIRTH_MONTH = `${new Date().getUTCFullYear() - 16}-01`;

describe.each(TEST_ENGINES)('a tournament’s minors, seen by each viewer, on %s', (engine) => {
  let t: TTestApp;
  beforeEach(async () => {
    t = await createTestApp(engine);
  });
  afterEach(async () => t.close());
  const fixture = tournamentFixture(() => t);

  const call = (who: TWho | null, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: who ? { cookie: who.cookie } : {}, ...(payload ? { payload } : {}) });

  /**
   * A tournament entered by code by one coach's team: two minors ("Mina Young", "Noor Zed") and two adults; a
   * verified pool judge; round 1 released.
   */
  async function field() {
    const host = await buildUser(t, { role: 'admin' });
    const coach = await buildUser(t, { displayName: 'Coach Carter' });
    const mina = await buildUser(t, { displayName: 'Mina Young', birthMonth: MINOR_BIRTH_MONTH });
    const noor = await buildUser(t, { displayName: 'Noor Zed', birthMonth: MINOR_BIRTH_MONTH });
    const adults = [await buildUser(t, { displayName: 'Ada Adult' }), await buildUser(t, { displayName: 'Al Older' })];
    const team = (await call(coach, 'POST', '/api/teams', { name: 'Hawks', school: 'Hawks High' })).json().team as {
      id: number;
      joinCode: string;
    };
    // Adults meet minors only on their own team: all four debate for the one team.
    for (const minor of [mina, noor, ...adults]) {
      const joined = await call(minor, 'POST', `/api/teams/join/${team.joinCode}`);
      expect(joined.statusCode, joined.body).toBeLessThan(300);
      if (joined.json().isPending) {
        const approved = await call(coach, 'POST', `/api/teams/${team.id}/members/${minor.user.id}/approve`);
        expect(approved.statusCode, approved.body).toBe(200);
      }
    }
    const created = await call(host, 'POST', '/api/tournaments', {
      name: 'Spring league',
      formatId: 'ld',
      prelimRounds: 2,
      breakSize: 0,
      scheduleMode: 'fixed',
      entryMode: 'code',
    });
    expect(created.statusCode, created.body).toBe(201);
    const tournament = created.json().tournament as TTournament;
    for (const [who, teamId] of [
      [mina, team.id],
      [noor, team.id],
      [adults[0]!, team.id],
      [adults[1]!, team.id],
    ] as const) {
      const entered = await call(who, 'POST', `/api/tournaments/join/${tournament.joinCode}`, { teamId });
      expect(entered.statusCode, entered.body).toBe(201);
    }
    const judge = await buildUser(t, { displayName: 'Judy Bench' });
    await t.database.db.updateTable('users').set({ isVerifiedJudge: 1 }).where('id', '=', judge.user.id).execute();
    const added = await call(host, 'POST', `/api/tournaments/${tournament.id}/judges`, { userId: judge.user.id });
    expect(added.statusCode, added.body).toBe(201);
    const released = await call(host, 'POST', `/api/tournaments/${tournament.id}/rounds/1/release`);
    expect(released.statusCode, released.body).toBe(201);
    const stranger = await buildUser(t, { displayName: 'Stan Ger' });
    return { host, coach, mina, noor, adults, judge, stranger, tournament };
  }

  it('gives its own people everything and outsiders a published tab with its minors private', async () => {
    const { host, coach, mina, noor, adults, judge, stranger, tournament } = await field();
    const base = `/api/tournaments/${tournament.id}`;
    const insiders = { host, entrant: adults[0]!, minor: mina, coach, judge };
    const outsiders = { stranger, visitor: null };

    // Before publication: the draw to hosts, entrants (their own) and the pool judge (the rooms they judge).
    const roundsOf = async (who: TWho | null) =>
      (await call(who, 'GET', `${base}/rounds`)).json().rounds as TTournamentRound[];
    expect((await roundsOf(host))[0]!.pairings).toHaveLength(2);
    expect((await roundsOf(adults[0]!))[0]!.pairings).toHaveLength(1);
    const judged = (await roundsOf(judge))[0]!.pairings;
    expect(judged.length).toBe(1);
    expect(judged[0]!.judge?.userId).toBe(judge.user.id);
    const coachRounds = await call(coach, 'GET', `${base}/rounds`);
    expect(coachRounds.statusCode).toBe(403);
    expect(coachRounds.json().error).toMatchObject({
      reason: 'tournament_access',
      message: 'Only the tournament’s hosts, entrants and judges see its draw before it is published.',
    });
    // A tournament entered by code is not found by others; a visitor is asked to sign in.
    expect((await call(stranger, 'GET', `${base}/standings`)).statusCode).toBe(404);
    expect((await call(null, 'GET', `${base}/standings`)).statusCode).toBe(401);

    expect((await call(host, 'POST', `${base}/publish`)).statusCode).toBe(200);

    // The entrants list (user ids, no-shows, entry times) and the CSV exports: its own people, never outsiders.
    for (const [who, viewer] of Object.entries(insiders)) {
      const entrants = await call(viewer, 'GET', `${base}/entrants`);
      expect({ who, status: entrants.statusCode }).toEqual({ who, status: 200 });
      expect((entrants.json().entrants as TTournamentEntrant[]).map((e) => e.displayName)).toContain('Mina Young');
    }
    const refusedEntrants = await call(stranger, 'GET', `${base}/entrants`);
    expect(refusedEntrants.statusCode).toBe(403);
    expect(refusedEntrants.json().error.message).toBe(
      'Only the tournament’s hosts, entrants, their coaches and its judges see its entrants.',
    );
    expect((await call(null, 'GET', `${base}/entrants`)).statusCode).toBe(401);
    expect((await call(host, 'GET', `${base}/export/standings.csv`)).body).toContain('Mina Young');
    for (const who of [adults[0]!, coach, judge, stranger]) {
      expect((await call(who, 'GET', `${base}/export/standings.csv`)).statusCode).toBe(403);
    }
    expect((await call(null, 'GET', `${base}/export/standings.csv`)).statusCode).toBe(401);

    // The tab: whole for its own people.
    for (const [who, viewer] of Object.entries(insiders)) {
      const tab = (await call(viewer, 'GET', `${base}/standings`)).json().standings as TTournamentStandings;
      const rows = tab.divisions.flatMap((d) => d.standings);
      expect({ who, names: rows.map((r) => r.displayName).sort() }).toEqual({
        who,
        names: ['Al Older', 'Ada Adult', 'Mina Young', 'Noor Zed'].sort(),
      });
      expect(tab.divisions.flatMap((d) => d.privateEntrants)).toEqual([]);
    }
    // To outsiders: the adults ranked, the minors by a shortened name alone; no full name or user id anywhere.
    for (const [who, viewer] of Object.entries(outsiders)) {
      const response = await call(viewer, 'GET', `${base}/standings`);
      expect({ who, status: response.statusCode }).toEqual({ who, status: 200 });
      const tab = response.json().standings as TTournamentStandings;
      expect(tab.divisions.flatMap((d) => d.standings.map((r) => r.displayName)).sort()).toEqual([
        'Ada Adult',
        'Al Older',
      ]);
      expect(tab.divisions.flatMap((d) => d.privateEntrants)).toEqual([
        { entrantId: expect.any(Number), displayName: 'Mina Y.' },
        { entrantId: expect.any(Number), displayName: 'Noor Z.' },
      ]);
      const rounds = await call(viewer, 'GET', `${base}/rounds`);
      expect(rounds.statusCode).toBe(200);
      const names = (rounds.json().rounds as TTournamentRound[]).flatMap((r) =>
        r.pairings.flatMap((p) => [p.aff, p.neg, p.bye].flatMap((s) => (s ? [s] : []))),
      );
      expect(names.filter((s) => s.displayName.endsWith('.'))).toEqual([
        expect.objectContaining({ userId: null }),
        expect.objectContaining({ userId: null }),
      ]);
      for (const body of [response.body, rounds.body, (await call(viewer, 'GET', base)).body]) {
        expect(body).not.toContain('Mina Young');
        expect(body).not.toContain('Noor Zed');
        expect(body).not.toContain(mina.user.id);
        expect(body).not.toContain(noor.user.id);
        expect(body).not.toMatch(/under 18|18 and over|"ageBand"/);
      }
    }
    // Its own people read the rounds with every name and user id.
    const hostRounds = (await call(coach, 'GET', `${base}/rounds`)).body;
    expect(hostRounds).toContain('Mina Young');
    expect(hostRounds).toContain(mina.user.id);
  });

  it('ranks the rows an outsider sees among themselves, and names a minor co-host as a minor entrant', async () => {
    const { host, mina, noor, adults, judge, stranger, tournament } = await field();
    const base = `/api/tournaments/${tournament.id}`;
    const leo = await buildUser(t, { displayName: 'Leo Minor', birthMonth: MINOR_BIRTH_MONTH });
    expect((await call(host, 'POST', `${base}/cohosts`, { userId: leo.user.id })).statusCode).toBe(200);
    // Round 1: a minor beats an adult, and every minor outscores every adult, so a minor leads the tab and
    // the adults' own ranks have a gap whichever way the random draw paired the four.
    const minors = new Set([mina.user.id, noor.user.id]);
    const round = ((await call(host, 'GET', `${base}/rounds`)).json().rounds as TTournamentRound[])[0]!;
    // Each debate's points a half-point below the last, so no two rows tie.
    const pointsOf = (userId: string, won: boolean, i: number) =>
      (minors.has(userId) ? 29 : 27) + (won ? 0.5 : 0) - i * 0.5;
    for (const [i, p] of round.pairings.entries()) {
      const side = minors.has(p.neg!.userId!) && !minors.has(p.aff!.userId!) ? 'b' : 'a';
      const points = { a: pointsOf(p.aff!.userId!, side === 'a', i), b: pointsOf(p.neg!.userId!, side === 'b', i) };
      const judged = await fixture.ballot(judge, p.debateId!, side, points);
      expect(judged.statusCode, judged.body).toBe(201);
    }
    expect((await call(host, 'POST', `${base}/publish`)).statusCode).toBe(200);
    const rowsOf = async (who: TWho | null) =>
      (await fixture.standingsOf(who, tournament.id)).divisions.flatMap((d) => d.standings);
    await fixture.until(async () => (await rowsOf(host)).every((r) => r.wins + r.losses === 1));
    const whole = await rowsOf(host);
    expect(whole[0] && minors.has(whole[0].userId)).toBe(true);
    expect(whole.filter((r) => !minors.has(r.userId)).map((r) => r.rank)).not.toEqual([1, 2]);
    for (const viewer of [stranger, null]) {
      const shown = await rowsOf(viewer);
      // The adults, in the tab's order, ranked 1 and 2 among the rows shown: no gap says where a minor placed.
      expect(shown.map((r) => [r.displayName, r.rank])).toEqual(
        whole.filter((r) => !minors.has(r.userId)).map((r, i) => [r.displayName, i + 1]),
      );
      // The co-host under 18: a shortened name and no user id, as a minor entrant; the adult host in full.
      const seen = await fixture.tournamentNow(viewer, tournament.id);
      expect(seen.cohosts).toEqual([{ userId: null, displayName: 'Leo M.' }]);
      expect(seen.host).toEqual({ userId: host.user.id, displayName: host.user.displayName });
      expect(JSON.stringify(seen)).not.toContain('Leo Minor');
    }
    // Its own people read the co-host's name and the tab's ranks as they are.
    for (const insider of [host, adults[0]!]) {
      expect((await fixture.tournamentNow(insider, tournament.id)).cohosts).toEqual([
        { userId: leo.user.id, displayName: 'Leo Minor' },
      ]);
    }
    expect((await rowsOf(adults[0]!)).map((r) => r.rank)).toEqual(whole.map((r) => r.rank));
  });

  it('names an open tournament’s age pools without age words', async () => {
    const admin = await buildUser(t, { role: 'admin' });
    const created = await call(admin, 'POST', '/api/tournaments', {
      name: 'Open night',
      formatId: 'ld',
      prelimRounds: 1,
      breakSize: 0,
      scheduleMode: 'fixed',
      entryMode: 'open',
      divisions: ['Novice'],
    });
    expect(created.statusCode, created.body).toBe(201);
    const tournament = created.json().tournament as TTournament;
    expect(tournament.divisions).toEqual([
      { id: expect.any(Number), name: 'Novice · pool A', entryName: 'Novice' },
      { id: expect.any(Number), name: 'Novice · pool B', entryName: 'Novice' },
    ]);
    // Entering by either pool places the entrant in their own band's pool, which is never named.
    const minor = await buildUser(t, { birthMonth: MINOR_BIRTH_MONTH });
    const entered = await call(minor, 'POST', `/api/tournaments/${tournament.id}/entrants`, {
      divisionId: tournament.divisions[1]!.id,
    });
    expect(entered.statusCode, entered.body).toBe(201);
    expect(entered.json().entrant.divisionId).toBe(tournament.divisions[0]!.id);
    expect(JSON.stringify(entered.json())).not.toMatch(/under 18|18 and over|ageBand/);
  });
});
