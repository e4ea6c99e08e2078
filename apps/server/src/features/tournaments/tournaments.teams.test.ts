/**
 * Tournaments of teams (issue 40, item 6) through the real HTTP server on both engines: eight Public Forum teams of two
 * entered (each partner confirming) and run to a champion, every round seating all four debaters in their positions;
 * the entry's refusals over the whole team; a judge kept out of a room by a block with a partner; and a host's
 * replacement of a partner, audited.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TTournamentAuditEntry, TTournamentEntrant } from '@resolved/shared';
import { createTestApp, TEST_ENGINES, type TTestApp } from '../../test/harness';
import { buildUser } from '../../test/factories';
import { tournamentFixture, type TWho } from '../../test/tournament-fixture';

const MINOR_BIRTH_MONTH = `${new Date().getUTCFullYear() - 16}-01`;
const TEAMS = { formatId: 'pf', teamSize: 2 } as const;

describe.each(TEST_ENGINES)('a tournament of teams on %s', (engine) => {
  let t: TTestApp;
  beforeEach(async () => {
    t = await createTestApp(engine);
  });
  afterEach(async () => t.close());
  const f = tournamentFixture(() => t);

  /** `captain` enters naming `partner` (201 expected); the entrant. */
  async function enterTeam(id: number, captain: TWho, partner: TWho): Promise<TTournamentEntrant> {
    const entered = await f.call(captain, 'POST', `/api/tournaments/${id}/entrants`, {
      partnerIds: [partner.user.id],
    });
    expect(entered.statusCode, entered.body).toBe(201);
    return entered.json().entrant as TTournamentEntrant;
  }

  async function confirm(id: number, partner: TWho, entrantId: number) {
    const confirmed = await f.call(partner, 'POST', `/api/tournaments/${id}/entrants/${entrantId}/confirm`);
    expect(confirmed.statusCode, confirmed.body).toBe(204);
  }

  const teamsOf = (id: number, count: number) => f.enterTeams(id, count);

  const seatsOf = (debateId: number) =>
    t.database.db
      .selectFrom('debateSeats')
      .select(['side', 'position', 'userId'])
      .where('debateId', '=', debateId)
      .orderBy('side')
      .orderBy('seat')
      .execute();

  it('runs eight Public Forum teams to a champion, every round seating all four debaters', async () => {
    const admin = await buildUser(t, { role: 'admin' });
    const tournament = await f.create(admin, { ...TEAMS, prelimRounds: 2, breakSize: 4 });
    expect(tournament.teamSize).toBe(2);
    const teams = await teamsOf(tournament.id, 8);
    // A ninth team whose partner has not confirmed is not drawn.
    const late = await enterTeam(tournament.id, await buildUser(t), await buildUser(t));
    const entrants = (await f.call(admin, 'GET', `/api/tournaments/${tournament.id}/entrants`)).json()
      .entrants as TTournamentEntrant[];
    const first = entrants.find((e) => e.id === teams[0]!.entrant.id)!;
    expect(first.displayName).toBe(`${teams[0]!.captain.user.displayName} & ${teams[0]!.partner.user.displayName}`);
    expect(first.members.map((m) => m.isConfirmed)).toEqual([true, true]);
    expect(entrants.find((e) => e.id === late.id)!.members.map((m) => m.isConfirmed)).toEqual([true, false]);

    const judge = await buildUser(t);
    for (let number = 1; number <= 4; number++) {
      const round = await f.release(admin, tournament.id, number);
      const debates = round.pairings.filter((p) => p.debateId !== null);
      expect(debates).toHaveLength(number <= 2 ? 4 : number === 3 ? 2 : 1);
      expect(round.pairings.some((p) => p.aff?.entrantId === late.id || p.neg?.entrantId === late.id)).toBe(false);
      for (const pairing of debates) {
        const team = (entrantId: number) => teams.find((x) => x.entrant.id === entrantId)!;
        const [aff, neg] = [team(pairing.aff!.entrantId), team(pairing.neg!.entrantId)];
        expect(await seatsOf(pairing.debateId!)).toEqual([
          { side: 'a', position: 'first', userId: aff.captain.user.id },
          { side: 'a', position: 'second', userId: aff.partner.user.id },
          { side: 'b', position: 'first', userId: neg.captain.user.id },
          { side: 'b', position: 'second', userId: neg.partner.user.id },
        ]);
      }
      await f.judgeRound(judge, round);
    }
    // The adults' pool holds the bracket (an open tournament pools its entrants by age band).
    const championNow = async () =>
      (await f.bracketOf(admin, tournament.id)).divisions.find((d) => d.champion)?.champion?.entrantId;
    // The final's result reaches the bracket when its event is handled, soon after the ballot.
    await f.until(async () => (await championNow()) !== undefined);
    const champion = await championNow();
    expect(teams.map((x) => x.entrant.id)).toContain(champion);
    const standings = await f.standingsOf(admin, tournament.id);
    // An open tournament pools its entrants by age band: these adults are all in one pool.
    const tab = standings.divisions.find((d) => d.standings.length > 0)!;
    expect(tab.standings).toHaveLength(8);
    expect(tab.standings[0]!.displayName).toContain(' & ');
    // The speaker tab: all sixteen debaters, each scored in both preliminary rounds, best first.
    const everyone = teams.flatMap((x) => [x.captain.user.id, x.partner.user.id]);
    expect(tab.speakers.map((s) => s.userId).sort()).toEqual([...everyone].sort());
    expect(tab.speakers.every((s) => s.rounds === 2)).toBe(true);
    const points = tab.speakers.map((s) => s.speakerPoints);
    expect(points).toEqual([...points].sort((a, b) => b - a));
    // Each debater has their own points (the fixture's ballots give a second speaker half a point less than the
    // first, each round), and a team's points on the tab are its debaters' together.
    for (const row of tab.standings) {
      const [captain, partner] = [row.entrantId, row.entrantId].map((_, i) => {
        const team = teams.find((x) => x.entrant.id === row.entrantId)!;
        return tab.speakers.find((s) => s.userId === (i === 0 ? team.captain : team.partner).user.id)!;
      });
      expect(captain!.speakerPoints - partner!.speakerPoints).toBeCloseTo(1);
      expect(captain!.speakerPoints + partner!.speakerPoints).toBeCloseTo(row.speakerPoints);
    }
  });

  it('refuses a team with one person twice, a member of another team, a blocked or suspended partner, or a minor with an adult stranger', async () => {
    const admin = await buildUser(t, { role: 'admin' });
    const { id } = await f.create(admin, TEAMS);
    const [ann, ben, cy, dee] = [await buildUser(t), await buildUser(t), await buildUser(t), await buildUser(t)];
    const enterWith = (captain: TWho, partnerIds: string[]) =>
      f.call(captain, 'POST', `/api/tournaments/${id}/entrants`, { partnerIds });
    const refused = async (response: Awaited<ReturnType<typeof enterWith>>, status: number, message: string) => {
      expect(response.statusCode, response.body).toBe(status);
      expect(response.json().error.message).toContain(message);
    };
    await refused(await enterWith(ann!, []), 400, 'Name your partner.');
    await refused(await enterWith(ann!, [ann!.user.id]), 400, 'A team names each debater once.');
    await enterTeam(id, ann!, ben!);
    await refused(await enterWith(cy!, [ben!.user.id]), 409, 'is in a team of this tournament already');
    // Nothing was written by a refusal: Cy is in no team and may enter with Dee.
    expect((await f.call(cy!, 'PUT', `/api/blocks/${dee!.user.id}`)).statusCode).toBe(200);
    const blocked = await enterWith(cy!, [dee!.user.id]);
    expect(blocked.statusCode, blocked.body).toBe(409);
    expect(blocked.json().error.reason).toBe('blocked');
    const eve = await buildUser(t);
    await f.suspend(eve);
    const suspended = await enterWith(cy!, [eve.user.id]);
    expect(suspended.statusCode, suspended.body).toBeGreaterThanOrEqual(400);
    expect(suspended.statusCode).toBeLessThan(500);
    const minor = await buildUser(t, { birthMonth: MINOR_BIRTH_MONTH });
    const mixed = await enterWith(cy!, [minor.user.id]);
    expect(mixed.statusCode, mixed.body).toBe(409);
    expect(mixed.json().error.reason).toBe('age_band_pair');
    const entrants = (await f.call(admin, 'GET', `/api/tournaments/${id}/entrants`)).json()
      .entrants as TTournamentEntrant[];
    expect(entrants).toHaveLength(1);
    // An LD tournament of one-person entrants takes no partner.
    const ld = await f.create(admin, { name: 'Solo open' });
    const solo = await f.call(cy!, 'POST', `/api/tournaments/${ld.id}/entrants`, { partnerIds: [dee!.user.id] });
    expect(solo.statusCode, solo.body).toBe(400);
  });

  it('never seats a judge in the room of a team one of whose partners blocked them', async () => {
    const admin = await buildUser(t, { role: 'admin' });
    const { id } = await f.create(admin, TEAMS);
    const teams = await teamsOf(id, 2);
    const [j1, j2] = [await buildUser(t), await buildUser(t)];
    for (const judge of [j1, j2]) {
      const added = await f.call(admin, 'POST', `/api/tournaments/${id}/judges`, { userId: judge.user.id });
      expect(added.statusCode, added.body).toBe(201);
    }
    // The partner (not the captain who entered) blocks judge 1: only judge 2 may sit.
    expect((await f.call(teams[0]!.partner, 'PUT', `/api/blocks/${j1.user.id}`)).statusCode).toBe(200);
    const round = await f.release(admin, id, 1);
    expect(round.pairings[0]!.judge?.userId).toBe(j2.user.id);
  });

  it('leaves out a team whose partners blocked each other after the entry, and seats the rest', async () => {
    const admin = await buildUser(t, { role: 'admin' });
    const { id } = await f.create(admin, TEAMS);
    const teams = await teamsOf(id, 3);
    // After both confirmed, the partner blocks the captain: the team may no longer sit together.
    const [split] = teams;
    expect((await f.call(split!.partner, 'PUT', `/api/blocks/${split!.captain.user.id}`)).statusCode).toBe(200);
    const round = await f.release(admin, id, 1);
    const debates = round.pairings.filter((p) => p.debateId !== null);
    expect(debates).toHaveLength(1);
    const seated = (await seatsOf(debates[0]!.debateId!)).map((seat) => seat.userId);
    expect(seated).toHaveLength(4);
    expect(seated).not.toContain(split!.captain.user.id);
    expect(seated).not.toContain(split!.partner.user.id);
  });

  it('lets a host replace a partner who cannot come, every rule read again, and audits it', async () => {
    const admin = await buildUser(t, { role: 'admin' });
    const { id } = await f.create(admin, TEAMS);
    const [team] = await teamsOf(id, 1);
    const url = (userId: string) => `/api/tournaments/${id}/entrants/${team!.entrant.id}/members/${userId}`;
    const stranger = await buildUser(t);
    // Only a host replaces; a suspended replacement is refused.
    expect(
      (await f.call(team!.captain, 'PUT', url(team!.partner.user.id), { userId: stranger.user.id })).statusCode,
    ).toBe(403);
    const suspended = await buildUser(t);
    await f.suspend(suspended);
    const refused = await f.call(admin, 'PUT', url(team!.partner.user.id), { userId: suspended.user.id });
    expect(refused.statusCode, refused.body).toBeGreaterThanOrEqual(400);
    expect(refused.statusCode).toBeLessThan(500);
    const replaced = await f.call(admin, 'PUT', url(team!.partner.user.id), { userId: stranger.user.id });
    expect(replaced.statusCode, replaced.body).toBe(204);
    const entrants = (await f.call(admin, 'GET', `/api/tournaments/${id}/entrants`)).json()
      .entrants as TTournamentEntrant[];
    expect(entrants[0]!.members.map((m) => m.userId)).toEqual([team!.captain.user.id, stranger.user.id]);
    // Named, not entered: the replacement confirms the team themselves before it is drawn again.
    expect(entrants[0]!.members.map((m) => m.isConfirmed)).toEqual([true, false]);
    const drawnTeams = async () =>
      (await f.call(admin, 'POST', `/api/tournaments/${id}/rounds/1/release`)).json().error.message as string;
    expect(await drawnTeams()).toContain('this one has 0');
    await confirm(id, stranger, team!.entrant.id);
    expect(await drawnTeams()).toContain('this one has 1');
    const audit = (await f.call(admin, 'GET', `/api/tournaments/${id}/audit`)).json().audit as TTournamentAuditEntry[];
    expect(audit[0]!.action).toBe('member_replaced');
    expect(audit[0]!.before).toBe(`${team!.captain.user.displayName} & ${team!.partner.user.displayName}`);
    expect(audit[0]!.after).toBe(`${team!.captain.user.displayName} & ${stranger.user.displayName}`);
  });
});
