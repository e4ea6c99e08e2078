/**
 * The judge pool through the real HTTP server on both engines: hosts name judges, judges say which rounds they can
 * judge and declare conflicts, and releasing a round seats a judge in each room it may (never a conflict, never a
 * judge the safety rules keep from a minor's room), listing to hosts the rooms left unjudged.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TSessionUser, TTournament, TTournamentJudge, TTournamentRound } from '@resolved/shared';
import { createTestApp, TEST_ENGINES, type TTestApp } from '../../test/harness';
import { buildUser } from '../../test/factories';
import type { TDomainEvent } from '../../lib/events';

type TWho = { user: TSessionUser; cookie: string };

const MINOR_BIRTH_MONTH = `${new Date().getUTCFullYear() - 16}-01`;

describe.each(TEST_ENGINES)('tournament judges on %s', (engine) => {
  let t: TTestApp;
  beforeEach(async () => {
    t = await createTestApp(engine);
  });
  afterEach(async () => t.close());

  const call = (who: TWho, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: who.cookie }, ...(payload ? { payload } : {}) });

  async function tournamentWith(entrants: TWho[]) {
    const admin = await buildUser(t, { role: 'admin' });
    const created = await call(admin, 'POST', '/api/tournaments', {
      name: 'Judged open',
      formatId: 'ld',
      prelimRounds: 2,
      breakSize: 0,
      scheduleMode: 'fixed',
      entryMode: 'open',
    });
    expect(created.statusCode, created.body).toBe(201);
    const tournament = created.json().tournament as TTournament;
    const entries = [];
    for (const who of entrants) {
      const entered = await call(who, 'POST', `/api/tournaments/${tournament.id}/entrants`, {});
      expect(entered.statusCode, entered.body).toBe(201);
      entries.push(entered.json().entrant as { id: number; userId: string });
    }
    return { admin, tournament, entries };
  }

  async function addJudge(host: TWho, tournamentId: number, judge: TWho) {
    const added = await call(host, 'POST', `/api/tournaments/${tournamentId}/judges`, { userId: judge.user.id });
    expect(added.statusCode, added.body).toBe(201);
    return added.json().judges as TTournamentJudge[];
  }

  async function release(host: TWho, tournamentId: number) {
    const released = await call(host, 'POST', `/api/tournaments/${tournamentId}/rounds/1/release`);
    expect(released.statusCode, released.body).toBe(201);
    return released.json().round as TTournamentRound;
  }

  async function users(count: number, opts: { birthMonth?: string } = {}) {
    const out: TWho[] = [];
    for (let i = 0; i < count; i++) out.push(await buildUser(t, opts));
    return out;
  }

  it('seats a judge in every room, never one a judge declared a conflict with, and tells the judge', async () => {
    const debaters = await users(4);
    const { admin, tournament, entries } = await tournamentWith(debaters);
    const [j1, j2] = await users(2);
    await addJudge(admin, tournament.id, j1!);
    const pool = await addJudge(admin, tournament.id, j2!);
    expect(pool.map((j) => j.userId)).toEqual([j1!.user.id, j2!.user.id]);
    // Judge 1 declares a conflict with the first entrant (and a second entry for them replaces the first list).
    const url = `/api/tournaments/${tournament.id}/judges/${j1!.user.id}/conflicts`;
    expect((await call(j1!, 'PUT', url, { entrantIds: [entries[1]!.id] })).statusCode).toBe(200);
    const conflicts = await call(j1!, 'PUT', url, { entrantIds: [entries[0]!.id, entries[0]!.id] });
    expect(conflicts.statusCode, conflicts.body).toBe(200);
    expect(conflicts.json().judge.conflictEntrantIds).toEqual([entries[0]!.id]);

    const events: TDomainEvent[] = [];
    t.app.context.events.subscribe((e) => events.push(e));
    const round = await release(admin, tournament.id);
    expect(round.unjudgedPairingIds).toEqual([]);
    const judgeOfRoom = new Map<number, string>();
    for (const pairing of round.pairings) {
      expect(pairing.judge).not.toBeNull();
      judgeOfRoom.set(pairing.debateId!, pairing.judge!.userId!);
      // The conflicted entrant's room has the other judge.
      const isConflicted = [pairing.aff!.userId, pairing.neg!.userId].includes(entries[0]!.userId);
      expect(pairing.judge!.userId).toBe(isConflicted ? j2!.user.id : j1!.user.id);
      // The judge sits in the ordinary round's seat.
      const debate = (await call(admin, 'GET', `/api/debates/${pairing.debateId}`)).json().debate;
      expect(debate.judge?.userId).toBe(pairing.judge!.userId);
    }
    expect(new Set(judgeOfRoom.values())).toEqual(new Set([j1!.user.id, j2!.user.id]));
    const told = events.filter((e) => e.name === 'tournament.round_released' && e.payload.asJudge);
    expect(told.map((e) => e.room).sort()).toEqual([`user:${j1!.user.id}`, `user:${j2!.user.id}`].sort());

    // The seated judge's ballot decides the round (its speeches over, time-shifted in the database).
    const [debateId, judgeId] = [...judgeOfRoom.entries()][0]!;
    await t.database.db.updateTable('debates').set({ status: 'awaiting_ballot' }).where('id', '=', debateId).execute();
    const judge = [j1!, j2!].find((j) => j.user.id === judgeId)!;
    const ballot = await call(judge, 'POST', `/api/debates/${debateId}/ballots`, {
      winnerSide: 'a',
      speakerPoints: { a: 28, b: 27 },
      reason: 'Clearer weighing.',
    });
    expect(ballot.statusCode, ballot.body).toBe(201);
    // A judge sees the rooms they judge; the host every room.
    const seen = (await call(judge, 'GET', `/api/tournaments/${tournament.id}/rounds`)).json()
      .rounds as TTournamentRound[];
    expect(seen[0]!.pairings.map((p) => p.debateId)).toEqual([debateId]);
  });

  it('lists unjudged rooms to hosts when judges run short, and honours a judge’s unavailability', async () => {
    const debaters = await users(4);
    const { admin, tournament } = await tournamentWith(debaters);
    const [available, away] = await users(2);
    await addJudge(admin, tournament.id, available!);
    await addJudge(admin, tournament.id, away!);
    const marked = await call(away!, 'PUT', `/api/tournaments/${tournament.id}/rounds/1/availability`, {
      isAvailable: false,
    });
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json().judge.unavailableRounds).toEqual([1]);

    const round = await release(admin, tournament.id);
    const judged = round.pairings.filter((p) => p.judge !== null);
    expect(judged.map((p) => p.judge!.userId)).toEqual([available!.user.id]);
    const unjudged = round.pairings.filter((p) => p.judge === null).map((p) => p.id);
    expect(round.unjudgedPairingIds).toEqual(unjudged);
    expect(unjudged).toHaveLength(1);
    // Entrants are not shown the host's list.
    const own = (await call(debaters[0]!, 'GET', `/api/tournaments/${tournament.id}/rounds`)).json().rounds;
    expect(own[0].unjudgedPairingIds).toEqual([]);
    // Availability closes with the round's release.
    const late = await call(away!, 'PUT', `/api/tournaments/${tournament.id}/rounds/1/availability`, {
      isAvailable: true,
    });
    expect(late.statusCode).toBe(409);
  });

  it('keeps an unverified adult judge out of a minor’s room and seats a verified judge there', async () => {
    const minors = await users(2, { birthMonth: MINOR_BIRTH_MONTH });
    const { admin, tournament } = await tournamentWith(minors);
    const [adult] = await users(1);
    await addJudge(admin, tournament.id, adult!);
    const first = await release(admin, tournament.id);
    expect(first.pairings[0]!.judge).toBeNull();
    expect(first.unjudgedPairingIds).toEqual([first.pairings[0]!.id]);

    const { admin: admin2, tournament: second } = await tournamentWith(
      await users(2, { birthMonth: MINOR_BIRTH_MONTH }),
    );
    const verified = (await users(1))[0]!;
    await t.database.db.updateTable('users').set({ isVerifiedJudge: 1 }).where('id', '=', verified.user.id).execute();
    await addJudge(admin2, second.id, verified);
    const round = await release(admin2, second.id);
    expect(round.pairings[0]!.judge?.userId).toBe(verified.user.id);
  });

  it('refuses bad requests clearly', async () => {
    const debaters = await users(2);
    const { admin, tournament, entries } = await tournamentWith(debaters);
    const [judge, other] = await users(2);
    const byEntrant = await call(debaters[0]!, 'POST', `/api/tournaments/${tournament.id}/judges`, {
      userId: judge!.user.id,
    });
    expect(byEntrant.statusCode).toBe(403);
    const entrantAsJudge = await call(admin, 'POST', `/api/tournaments/${tournament.id}/judges`, {
      userId: debaters[0]!.user.id,
    });
    expect(entrantAsJudge.statusCode).toBe(409);
    expect(entrantAsJudge.json().error.message).toContain('is an entrant: an entrant does not judge the tournament.');
    const nobody = await call(admin, 'POST', `/api/tournaments/${tournament.id}/judges`, { userId: 'no-such-user' });
    expect(nobody.statusCode).toBe(404);
    expect((await call(admin, 'POST', `/api/tournaments/${tournament.id}/judges`, {})).statusCode).toBe(400);
    await addJudge(admin, tournament.id, judge!);
    const twice = await call(admin, 'POST', `/api/tournaments/${tournament.id}/judges`, { userId: judge!.user.id });
    expect(twice.statusCode).toBe(409);

    // Only a judge of the pool says when they can judge; only the judge or a host declares their conflicts.
    const notJudge = await call(other!, 'PUT', `/api/tournaments/${tournament.id}/rounds/1/availability`, {
      isAvailable: false,
    });
    expect(notJudge.statusCode).toBe(403);
    const badBody = await call(judge!, 'PUT', `/api/tournaments/${tournament.id}/rounds/1/availability`, {});
    expect(badBody.statusCode).toBe(400);
    expect(badBody.json().error.message).toContain('Say whether you can judge this round.');
    const noRound = await call(judge!, 'PUT', `/api/tournaments/${tournament.id}/rounds/3/availability`, {
      isAvailable: false,
    });
    expect(noRound.statusCode).toBe(404);
    const othersConflicts = await call(
      other!,
      'PUT',
      `/api/tournaments/${tournament.id}/judges/${judge!.user.id}/conflicts`,
      { entrantIds: [entries[0]!.id] },
    );
    expect(othersConflicts.statusCode).toBe(403);
    const stranger = await call(admin, 'PUT', `/api/tournaments/${tournament.id}/judges/${judge!.user.id}/conflicts`, {
      entrantIds: [999999],
    });
    expect(stranger.statusCode).toBe(400);

    // The pool: every judge for hosts, their own line for a judge, nothing for others.
    expect(((await call(admin, 'GET', `/api/tournaments/${tournament.id}/judges`)).json().judges as []).length).toBe(1);
    expect((await call(judge!, 'GET', `/api/tournaments/${tournament.id}/judges`)).json().judges).toHaveLength(1);
    expect((await call(debaters[0]!, 'GET', `/api/tournaments/${tournament.id}/judges`)).statusCode).toBe(403);
    expect((await call(admin, 'DELETE', `/api/tournaments/${tournament.id}/judges/${judge!.user.id}`)).statusCode).toBe(
      204,
    );
    expect((await call(admin, 'DELETE', `/api/tournaments/${tournament.id}/judges/${judge!.user.id}`)).statusCode).toBe(
      404,
    );
  });
});
