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
    // No round is out: an entrant reads the tab when told (an entrant who withdraws now is deleted).
    expect(await ask(viewer.socket, 'tournament.watch', { tournamentId: tournament.id })).toEqual({
      ok: true,
      data: { tournamentId: tournament.id, isTabPushed: false },
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

  it('tells a ballot as the tab and results to all, its pairing to its people, and sends the tab to hosts and entrants', async () => {
    const host = await buildUser(t, { role: 'admin' });
    const tournament = await create(host, 'open');
    const entrants: TWho[] = [];
    for (let i = 0; i < 4; i++) {
      const who = await buildUser(t);
      expect((await call(who, 'POST', `/api/tournaments/${tournament.id}/entrants`, {})).statusCode).toBe(201);
      entrants.push(who);
    }
    const released = await call(host, 'POST', `/api/tournaments/${tournament.id}/rounds/1/release`);
    expect(released.statusCode, released.body).toBe(201);
    const [judged, other] = (released.json().round as TTournamentRound).pairings;
    const byEntrant = new Map(entrants.map((e) => [e.user.id, e]));
    const sideOf = (ref: { userId: string | null } | null) => byEntrant.get(ref!.userId!)!;

    type TListener = { parts: string[][]; tabs: TTournamentStandings[]; isTabPushed: boolean };
    const watch = async (who: TWho): Promise<TListener> => {
      const socket = await connectClient(await listenOnFreePort(t.app), who.cookie);
      sockets.push(socket);
      const heard: TListener = { parts: [], tabs: [], isTabPushed: false };
      socket.on('tournament.changed', ({ parts }) => heard.parts.push(parts));
      socket.on('tournament.standings_changed', (tab) => heard.tabs.push(tab));
      const reply = await ask(socket, 'tournament.watch', { tournamentId: tournament.id });
      expect(reply.ok).toBe(true);
      heard.isTabPushed = reply.ok && (reply.data as { isTabPushed: boolean }).isTabPushed;
      return heard;
    };
    const debater = await watch(sideOf(judged!.aff));
    const bystander = await watch(sideOf(other!.aff));
    const hostPage = await watch(host);
    // Any signed-in user reads an open tournament; a stranger's page reads the tab when told (if it may at all).
    const stranger = await watch(await buildUser(t));
    expect([debater, bystander, hostPage, stranger].map((l) => l.isTabPushed)).toEqual([true, true, true, false]);
    await sleep(1200);
    for (const l of [debater, bystander, hostPage, stranger]) {
      l.parts.splice(0);
      l.tabs.splice(0);
    }

    const judge = await buildUser(t);
    await t.database.db
      .updateTable('debates')
      .set({ status: 'awaiting_ballot', judgeId: judge.user.id })
      .where('id', '=', judged!.debateId!)
      .execute();
    const ballot = await call(judge, 'POST', `/api/debates/${judged!.debateId}/ballots`, {
      winnerSide: 'a',
      speakerPoints: { a: 29, b: 28 },
      reason: 'The affirmative carried the framework.',
    });
    expect(ballot.statusCode, ballot.body).toBe(201);
    for (let waited = 0; waited < 5000 && (stranger.parts.length === 0 || bystander.tabs.length === 0); waited += 20) {
      await sleep(20);
    }
    await sleep(300);
    // The room hears the tab and the results; only the pairing's own people hear that their pairing changed.
    for (const l of [debater, bystander, hostPage, stranger]) expect(l.parts).toContainEqual(['results', 'tab']);
    expect(debater.parts).toContainEqual(['rounds']);
    for (const l of [bystander, hostPage, stranger]) expect(l.parts.flat()).not.toContain('rounds');
    // The tab itself, whole, to the hosts and entrants: the same as a read of it; nothing to the stranger.
    const read = (await call(host, 'GET', `/api/tournaments/${tournament.id}/standings`)).json().standings;
    for (const l of [debater, bystander, hostPage]) expect(l.tabs).toEqual([read]);
    expect(read.divisions.reduce((n: number, d: { resultsCounted: number }) => n + d.resultsCounted, 0)).toBe(1);
    expect(stranger.tabs).toEqual([]);
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

    // What the release started settles first (the tab sent to the hosts' and entrants' sockets, the sequencer).
    await sleep(1500);
    const builds = { ...readModelBuilds };
    expect(await tab(admin)).toBe(1); // the bye
    expect(await tab(entrants[0]!)).toBe(1);
    expect((await rounds(admin))[0]!.pairings).toHaveLength(2);
    // An entrant sees their own pairing only, filtered from the same read model.
    expect((await rounds(entrants[0]!))[0]!.pairings).toHaveLength(1);
    // Once for this version: by the first read, or before it by the tab sent to the hosts' and entrants' sockets
    // after the release (`tournament-tab-push.ts`), whichever came first.
    expect(readModelBuilds.standings - builds.standings).toBeLessThanOrEqual(1);
    expect(readModelBuilds.rounds - builds.rounds).toBe(1);
    const built = readModelBuilds.standings;
    expect(await tab(entrants[1]!)).toBe(1);
    expect(readModelBuilds.standings).toBe(built);

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
    // Built again for the new version (the sequencer the ballot wakes may make one more: the round's results are in).
    expect(readModelBuilds.standings - built).toBeGreaterThanOrEqual(1);
    // Once settled, every read of a version is served from the one built.
    await sleep(1500);
    const settled = readModelBuilds.standings;
    expect(await tab(entrants[0]!)).toBe(2);
    expect(await tab(entrants[2]!)).toBe(2);
    expect(await tab(admin)).toBe(2);
    expect(readModelBuilds.standings - settled).toBeLessThanOrEqual(1);

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
