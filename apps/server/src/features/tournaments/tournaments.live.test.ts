/**
 * A tournament's live updates and its read model, through the real server on both engines: `tournament.changed` goes
 * to the tournament's room, which only those who may read the tournament join, once per burst of changes; the rounds
 * and the tab are built once per tournament version, and a ballot (a new version) moves them.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TSessionUser, TTournament, TTournamentRound, TTournamentStandings } from '@resolved/shared';
import { createTestApp, TEST_ENGINES, type TTestApp } from '../../test/harness';
import { buildUser } from '../../test/factories';
import { ask, connectClient, listenOnFreePort, type TTestSocket } from '../chat/chat-test-client';
import { emitChanged } from './tournament-events';
import { readModelBuilds } from './tournament-read-model';

type TWho = { user: TSessionUser; cookie: string };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(TEST_ENGINES)('a tournament live on %s', (engine) => {
  let t: TTestApp;
  const sockets: TTestSocket[] = [];
  beforeEach(async () => {
    t = await createTestApp(engine);
  });
  afterEach(async () => {
    for (const socket of sockets.splice(0)) socket.disconnect();
    await t.close();
  });

  const call = (who: TWho | null, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: who ? { cookie: who.cookie } : {}, ...(payload ? { payload } : {}) });

  async function create(host: TWho, entryMode: 'open' | 'code'): Promise<TTournament> {
    const created = await call(host, 'POST', '/api/tournaments', {
      name: 'League night',
      formatId: 'ld',
      prelimRounds: 2,
      breakSize: 0,
      scheduleMode: 'fixed',
      entryMode,
    });
    expect(created.statusCode, created.body).toBe(201);
    return created.json().tournament as TTournament;
  }

  /** A socket of `who` (null: a visitor) that counts the `tournament.changed` it hears. */
  async function listener(who: TWho | null) {
    const socket = await connectClient(await listenOnFreePort(t.app), who?.cookie);
    sockets.push(socket);
    const heard: number[] = [];
    socket.on('tournament.changed', ({ tournamentId }) => heard.push(tournamentId));
    return { socket, heard };
  }

  it('tells the sockets watching it once per burst, and no stranger or visitor', async () => {
    const host = await buildUser(t, { role: 'admin' });
    const tournament = await create(host, 'code');
    const entrant = await buildUser(t);
    expect((await call(entrant, 'POST', `/api/tournaments/join/${tournament.joinCode}`, {})).statusCode).toBe(201);

    const viewer = await listener(entrant);
    const hostTab = await listener(host);
    const stranger = await listener(await buildUser(t));
    const visitor = await listener(null);
    expect(await ask(viewer.socket, 'tournament.watch', { tournamentId: tournament.id })).toEqual({
      ok: true,
      data: { tournamentId: tournament.id },
    });
    expect(await ask(hostTab.socket, 'tournament.watch', { tournamentId: tournament.id })).toMatchObject({ ok: true });
    // A tournament entered by code is unknown to a stranger, and asks a visitor to sign in.
    expect(await ask(stranger.socket, 'tournament.watch', { tournamentId: tournament.id })).toMatchObject({
      ok: false,
      error: { code: 'not_found' },
    });
    expect(await ask(visitor.socket, 'tournament.watch', { tournamentId: tournament.id })).toMatchObject({
      ok: false,
      error: { code: 'unauthenticated' },
    });
    expect(await ask(viewer.socket, 'tournament.watch', { tournamentId: 'x' })).toMatchObject({
      ok: false,
      error: { code: 'validation_failed' },
    });

    // Quiet first: what the entry above told (the room was empty then, or not yet) is not counted.
    await sleep(1200);
    for (const socket of [viewer, hostTab, stranger, visitor]) socket.heard.splice(0);
    // A burst of changes (as one request's writes make): one event.
    for (let i = 0; i < 5; i++) await emitChanged(t.app.context, tournament.id);
    await sleep(1500);
    expect(viewer.heard).toEqual([tournament.id]);
    expect(hostTab.heard).toEqual([tournament.id]);
    expect(stranger.heard).toEqual([]);
    expect(visitor.heard).toEqual([]);

    // A real change: another entry.
    const late = await buildUser(t);
    expect((await call(late, 'POST', `/api/tournaments/join/${tournament.joinCode}`, {})).statusCode).toBe(201);
    for (let waited = 0; waited < 3000 && viewer.heard.length < 2; waited += 20) await sleep(20);
    expect(viewer.heard).toEqual([tournament.id, tournament.id]);
    expect(stranger.heard).toEqual([]);

    // Changes every 100 ms for 2.5 s: at most one event a second (3 or 4 here), the last change never lost.
    const before = viewer.heard.length;
    for (let i = 0; i < 25; i++) {
      await emitChanged(t.app.context, tournament.id);
      await sleep(100);
    }
    await sleep(1200);
    expect(viewer.heard.length - before).toBeGreaterThanOrEqual(2);
    expect(viewer.heard.length - before).toBeLessThanOrEqual(4);

    // A page closed: the socket leaves the room.
    viewer.socket.emit('tournament.unwatch', { tournamentId: tournament.id });
    await sleep(100);
    const heard = viewer.heard.length;
    await emitChanged(t.app.context, tournament.id);
    await sleep(1500);
    expect(viewer.heard).toHaveLength(heard);
    expect(hostTab.heard.length).toBeGreaterThan(heard - 1);
  });

  it('serves the rounds and the tab once per version, and a ballot (a new version) moves them', async () => {
    const admin = await buildUser(t, { role: 'admin' });
    const tournament = await create(admin, 'open');
    const entrants: TWho[] = [];
    for (let i = 0; i < 3; i++) {
      const who = await buildUser(t);
      expect((await call(who, 'POST', `/api/tournaments/${tournament.id}/entrants`, {})).statusCode).toBe(201);
      entrants.push(who);
    }
    const released = await call(admin, 'POST', `/api/tournaments/${tournament.id}/rounds/1/release`);
    expect(released.statusCode, released.body).toBe(201);
    const pairing = (released.json().round as TTournamentRound).pairings.find((p) => p.debateId !== null)!;
    const version = async () =>
      Number(
        (
          await t.database.db
            .selectFrom('tournaments')
            .select('version')
            .where('id', '=', tournament.id)
            .executeTakeFirstOrThrow()
        ).version,
      );
    const tab = async (who: TWho) => {
      const response = await call(who, 'GET', `/api/tournaments/${tournament.id}/standings`);
      expect(response.statusCode, response.body).toBe(200);
      return (response.json().standings as TTournamentStandings).divisions.reduce((n, d) => n + d.resultsCounted, 0);
    };
    const rounds = async (who: TWho) => {
      const response = await call(who, 'GET', `/api/tournaments/${tournament.id}/rounds`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json().rounds as TTournamentRound[];
    };

    const builds = { ...readModelBuilds };
    expect(await tab(admin)).toBe(1); // the bye
    expect(await tab(entrants[0]!)).toBe(1);
    expect((await rounds(admin))[0]!.pairings).toHaveLength(2);
    // An entrant sees their own pairing only, filtered from the same read model.
    expect((await rounds(entrants[0]!))[0]!.pairings).toHaveLength(1);
    expect(readModelBuilds.standings - builds.standings).toBe(1);
    expect(readModelBuilds.rounds - builds.rounds).toBe(1);

    const judge = await buildUser(t);
    const beforeBallot = await version();
    await t.database.db
      .updateTable('debates')
      .set({ status: 'awaiting_ballot', judgeId: judge.user.id })
      .where('id', '=', pairing.debateId!)
      .execute();
    const ballot = await call(judge, 'POST', `/api/debates/${pairing.debateId}/ballots`, {
      winnerSide: 'b',
      speakerPoints: { a: 27.5, b: 29.2 },
      reason: 'The negative carried the framework.',
    });
    expect(ballot.statusCode, ballot.body).toBe(201);
    expect(await version()).toBeGreaterThan(beforeBallot);
    expect(await tab(entrants[1]!)).toBe(2);
    const judged = (await rounds(admin))[0]!.pairings.find((p) => p.id === pairing.id)!;
    expect(judged.debateStatus).toBe('judged');
    expect(judged.winnerEntrantId).toBe(pairing.neg!.entrantId);
    expect(readModelBuilds.standings - builds.standings).toBe(2);

    // A rename of an entrant is a new version too: the tab shows the new name.
    const renamed = entrants[2]!;
    const beforeRename = await version();
    await t.database.db
      .updateTable('users')
      .set({ displayName: 'Renamed Entrant' })
      .where('id', '=', renamed.user.id)
      .execute();
    expect(await version()).toBeGreaterThan(beforeRename);
    const names = (await call(admin, 'GET', `/api/tournaments/${tournament.id}/standings`)).json().standings
      .divisions as TTournamentStandings['divisions'];
    expect(names.flatMap((d) => d.standings.map((s) => s.displayName))).toContain('Renamed Entrant');
  });
});
