/**
 * The sequencer through the real app on both engines, time-shifted: the sequencer's `now` is moved (as the scheduler's
 * clock would be) and, for the job itself, the database's times. A fixed round releases at its start by itself; a
 * `when_ballots_in` round once the last result is in and the pause passed; an entrant absent at the end of the grace
 * period forfeits, and a second no-show withdraws them; a standby judge takes an absent judge's seat, a panel's
 * (recorded when each judge first opens the room) as the chair's.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TDebate, TSessionUser, TTournament, TTournamentRound, TTournamentSchedule } from '@resolved/shared';
import { createTestApp, TEST_ENGINES, type TTestApp } from '../../test/harness';
import { buildUser } from '../../test/factories';
import type { TDomainEvent } from '../../lib/events';
import { notePresent } from '../debates/debates.service';
import { RELEASE_RETRY_MS, runSequencer, SEQUENCER_JOB, type TSequencer } from './tournament-sequencer';

type TWho = { user: TSessionUser; cookie: string };
const MINUTE = 60_000;

describe.each(TEST_ENGINES)('the tournament sequencer on %s', (engine) => {
  let t: TTestApp;
  beforeEach(async () => {
    t = await createTestApp(engine);
  });
  afterEach(async () => t.close());

  const call = (who: TWho, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: who.cookie }, ...(payload ? { payload } : {}) });

  /** The sequencer as the module wires it, at the shifted time `at()` (ms). */
  function sequencerAt(at: () => number): TSequencer {
    return {
      deps: {
        database: t.app.context.database,
        events: t.app.context.events,
        now: at,
        timings: t.config.tournamentTimings,
      },
      scheduler: t.app.context.scheduler,
      log: t.app.log,
    };
  }

  async function create(host: TWho, body: object): Promise<TTournament> {
    const response = await call(host, 'POST', '/api/tournaments', {
      name: 'Self-running',
      formatId: 'ld',
      prelimRounds: 3,
      breakSize: 0,
      entryMode: 'open',
      ...body,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().tournament;
  }

  async function enter(tournamentId: number, count: number): Promise<TWho[]> {
    const people: TWho[] = [];
    for (let i = 0; i < count; i++) {
      const who = await buildUser(t);
      const entered = await call(who, 'POST', `/api/tournaments/${tournamentId}/entrants`, {});
      expect(entered.statusCode, entered.body).toBe(201);
      people.push(who);
    }
    return people;
  }

  async function checkIn(who: TWho, tournamentId: number): Promise<TTournamentSchedule> {
    const checked = await call(who, 'POST', `/api/tournaments/${tournamentId}/check-in`);
    expect(checked.statusCode, checked.body).toBe(200);
    return checked.json().schedule;
  }

  async function roundsOf(host: TWho, tournamentId: number): Promise<TTournamentRound[]> {
    return (await call(host, 'GET', `/api/tournaments/${tournamentId}/rounds`)).json().rounds;
  }

  /** The debaters (and optionally the judge) open their room, as the socket's join records it. */
  async function present(debateId: number, who: 'both' | 'aff' | 'neg' | 'none', judge = false) {
    const at = new Date().toISOString();
    await t.database.db
      .updateTable('debates')
      .set({
        ...(who === 'both' || who === 'aff' ? { debaterAJoinedAt: at } : {}),
        ...(who === 'both' || who === 'neg' ? { debaterBJoinedAt: at } : {}),
        ...(judge ? { judgeJoinedAt: at } : {}),
      })
      .where('id', '=', debateId)
      .execute();
  }

  async function until(check: () => Promise<boolean>) {
    for (let i = 0; i < 200 && !(await check()); i++) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await check()).toBe(true);
  }

  it('releases a fixed round at its start by itself, drawing only those who checked in', async () => {
    const admin = await buildUser(t, { role: 'admin' });
    // Round 1 starts in 10 minutes (check-in is open: it opens 15 minutes before).
    const start = Date.now() + 10 * MINUTE;
    const tournament = await create(admin, {
      scheduleMode: 'fixed',
      roundStartsAt: [new Date(start).toISOString(), new Date(start + 60 * MINUTE).toISOString()],
    });
    const entrants = await enter(tournament.id, 5);
    for (const who of entrants.slice(0, 4)) await checkIn(who, tournament.id);
    const schedule = (await call(admin, 'GET', `/api/tournaments/${tournament.id}/schedule`)).json()
      .schedule as TTournamentSchedule;
    expect(schedule.checkInRound).toBe(1);
    expect(schedule.rounds[0]).toMatchObject({ number: 1, status: 'draft', releasesAt: new Date(start).toISOString() });
    expect(schedule.checkedIn.map((c) => c.userId).sort()).toEqual(
      entrants
        .slice(0, 4)
        .map((e) => e.user.id)
        .sort(),
    );
    expect(schedule.notCheckedIn.map((c) => c.userId)).toEqual([entrants[4]!.user.id]);
    // Checking in twice is refused clearly.
    const twice = await call(entrants[0]!, 'POST', `/api/tournaments/${tournament.id}/check-in`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toBe('You have checked in for round 1 already.');

    // Nobody at the desk: the app's own scheduler releases round 1 when its start comes. Time-shifted in the
    // database: the start is moved to a second from now, and the job to its new time.
    expect(await roundsOf(admin, tournament.id)).toEqual([]);
    const shifted = Date.now() + 1000;
    await t.database.db
      .updateTable('tournamentRounds')
      .set({ startsAt: new Date(shifted).toISOString() })
      .where('tournamentId', '=', tournament.id)
      .where('number', '=', 1)
      .execute();
    await t.app.context.scheduler.at(SEQUENCER_JOB, String(tournament.id), Date.now());
    await until(async () => (await roundsOf(admin, tournament.id)).length === 1);
    const [round] = await roundsOf(admin, tournament.id);
    const drawn = round!.pairings.flatMap((p) => [p.aff, p.neg, p.bye]).flatMap((s) => (s ? [s.userId] : []));
    expect(drawn.sort()).toEqual(
      entrants
        .slice(0, 4)
        .map((e) => e.user.id)
        .sort(),
    );
    const released = await t.database.db
      .selectFrom('tournamentRounds')
      .select(['releasedBy', 'releasedAt'])
      .where('tournamentId', '=', tournament.id)
      .where('number', '=', 1)
      .executeTakeFirstOrThrow();
    expect(released.releasedBy).toBeNull();
    expect(Date.parse(released.releasedAt!)).toBeGreaterThanOrEqual(shifted);
    // The one who did not check in sat it out as a no-show.
    const entrantRows = await t.database.db
      .selectFrom('tournamentEntrants')
      .select(['userId', 'noShows'])
      .where('tournamentId', '=', tournament.id)
      .execute();
    expect(entrantRows.find((e) => e.userId === entrants[4]!.user.id)?.noShows).toBe(1);
    expect(entrantRows.filter((e) => e.noShows === 0)).toHaveLength(4);
  });

  it('releases the next round once every result is in and the pause passed, and tells hosts of a refusal', async () => {
    const admin = await buildUser(t, { role: 'admin' });
    const tournament = await create(admin, { scheduleMode: 'when_ballots_in' });
    const entrants = await enter(tournament.id, 4);
    const first = await call(admin, 'POST', `/api/tournaments/${tournament.id}/rounds/1/release`);
    expect(first.statusCode, first.body).toBe(201);
    const round1 = first.json().round as TTournamentRound;
    const events: TDomainEvent[] = [];
    t.app.context.events.subscribe((e) => events.push(e));
    let clock = Date.now();
    const seq = sequencerAt(() => clock);

    // One result in, one to come: nothing is released, the check-in for round 2 is not open.
    const [a, b] = round1.pairings;
    const byUser = new Map(entrants.map((e) => [e.user.id, e]));
    const resign = (who: TWho, debateId: number) => call(who, 'POST', `/api/debates/${debateId}/forfeit`);
    expect((await resign(byUser.get(a!.aff!.userId!)!, a!.debateId!)).statusCode).toBe(200);
    clock = Date.now();
    await present(a!.debateId!, 'both');
    await present(b!.debateId!, 'both');
    await runSequencer(seq, tournament.id);
    expect((await roundsOf(admin, tournament.id)).map((r) => r.number)).toEqual([1]);

    // The last result: check-in opens for round 2; it is released after the pause, with those who checked in.
    // The app's own sequencer, woken by the result on the real clock, may plan the pause before this test's run does:
    // the pause then starts at a moment between the result and the end of this run.
    const beforeResult = Date.now();
    expect((await resign(byUser.get(b!.neg!.userId!)!, b!.debateId!)).statusCode).toBe(200);
    clock = Date.now();
    await runSequencer(seq, tournament.id);
    const afterRun = Date.now();
    const schedule = (await call(entrants[0]!, 'GET', `/api/tournaments/${tournament.id}/schedule`)).json()
      .schedule as TTournamentSchedule;
    expect(schedule.checkInRound).toBe(2);
    expect(schedule.viewer).toEqual({ isCheckedIn: false, canCheckIn: true });
    const releasesAt = Date.parse(schedule.rounds[1]!.releasesAt!);
    const pause = t.config.tournamentTimings.pauseMinutes * MINUTE;
    expect(releasesAt).toBeGreaterThanOrEqual(beforeResult + pause);
    expect(releasesAt).toBeLessThanOrEqual(afterRun + pause);
    // Before the pause ends: not yet.
    clock = releasesAt - 1000;
    await runSequencer(seq, tournament.id);
    expect((await roundsOf(admin, tournament.id)).map((r) => r.number)).toEqual([1]);

    // Only one checked in when the pause ends: the release is refused, hosts are told, and it is tried again.
    await checkIn(entrants[0]!, tournament.id);
    clock = releasesAt + 1;
    await runSequencer(seq, tournament.id);
    expect((await roundsOf(admin, tournament.id)).map((r) => r.number)).toEqual([1]);
    const delayed = events.find((e) => e.name === 'tournament.release_delayed');
    expect(delayed).toMatchObject({ room: `user:${admin.user.id}`, payload: { roundNumber: 2 } });
    const refusal = (await call(admin, 'GET', `/api/tournaments/${tournament.id}/schedule`)).json().schedule.rounds[1]
      .releaseRefusal as string;
    expect(refusal).toBe('Round 2 needs at least 2 entrants checked in; 1 has.');
    // A minute on, refused for the same reason: tried again, and the hosts are not told twice.
    clock += RELEASE_RETRY_MS;
    await runSequencer(seq, tournament.id);
    expect((await roundsOf(admin, tournament.id)).map((r) => r.number)).toEqual([1]);
    expect(events.filter((e) => e.name === 'tournament.release_delayed')).toHaveLength(1);

    for (const who of entrants.slice(1)) await checkIn(who, tournament.id);
    clock += 2 * MINUTE;
    await runSequencer(seq, tournament.id);
    const rounds = await roundsOf(admin, tournament.id);
    expect(rounds.map((r) => r.number)).toEqual([1, 2]);
    expect(rounds[1]!.pairings.filter((p) => p.debateId !== null)).toHaveLength(2);
  });

  it('forfeits an entrant absent at the end of grace, withdraws them at their second no-show, and never draws them again', async () => {
    const admin = await buildUser(t, { role: 'admin' });
    const tournament = await create(admin, { scheduleMode: 'fixed', prelimRounds: 3 });
    const entrants = await enter(tournament.id, 4);
    let clock = Date.now();
    const seq = sequencerAt(() => clock);
    const absent = entrants[3]!;
    const entrantIdOf = async (who: TWho) =>
      await t.database.db
        .selectFrom('tournamentEntrants')
        .select(['id', 'noShows', 'withdrawnAt'])
        .where('tournamentId', '=', tournament.id)
        .where('userId', '=', who.user.id)
        .executeTakeFirstOrThrow();

    for (const number of [1, 2]) {
      const released = await call(admin, 'POST', `/api/tournaments/${tournament.id}/rounds/${number}/release`);
      expect(released.statusCode, released.body).toBe(201);
      const round = released.json().round as TTournamentRound;
      for (const p of round.pairings.filter((x) => x.debateId !== null)) {
        const isAbsentAff = p.aff!.userId === absent.user.id;
        const isAbsentNeg = p.neg!.userId === absent.user.id;
        await present(p.debateId!, isAbsentAff ? 'neg' : isAbsentNeg ? 'aff' : 'both');
      }
      // Grace not over: nothing happens.
      clock = Date.now() + (t.config.tournamentTimings.graceMinutes * MINUTE) / 2;
      await runSequencer(seq, tournament.id);
      expect((await entrantIdOf(absent)).noShows).toBe(number - 1);
      // Grace over: the absent entrant forfeits, their opponent wins, the result is confirmed.
      clock = Date.now() + t.config.tournamentTimings.graceMinutes * MINUTE + 1000;
      await runSequencer(seq, tournament.id);
      const own = round.pairings.find((p) => [p.aff?.userId, p.neg?.userId].includes(absent.user.id))!;
      const debate = await t.database.db
        .selectFrom('debates')
        .select(['status', 'winnerSide', 'forfeitedBy'])
        .where('id', '=', own.debateId!)
        .executeTakeFirstOrThrow();
      expect(debate).toMatchObject({ status: 'forfeited', forfeitedBy: absent.user.id });
      expect(debate.winnerSide).toBe(own.aff!.userId === absent.user.id ? 'b' : 'a');
      const row = await entrantIdOf(absent);
      expect(row.noShows).toBe(number);
      expect(row.withdrawnAt === null).toBe(number === 1);
      // The others' rounds end with a result so the next round can be drawn.
      for (const p of round.pairings.filter((x) => x.debateId !== null && x.id !== own.id)) {
        const who = entrants.find((e) => e.user.id === p.aff!.userId)!;
        expect((await call(who, 'POST', `/api/debates/${p.debateId}/forfeit`)).statusCode).toBe(200);
      }
    }
    // Withdrawn after two no-shows: not in round 3's draw; their history stays.
    const third = await call(admin, 'POST', `/api/tournaments/${tournament.id}/rounds/3/release`);
    expect(third.statusCode, third.body).toBe(201);
    const drawn = (third.json().round as TTournamentRound).pairings
      .flatMap((p) => [p.aff, p.neg, p.bye])
      .flatMap((s) => (s ? [s.userId] : []));
    expect(drawn).toHaveLength(3);
    expect(drawn).not.toContain(absent.user.id);
    const entrantsList = (await call(admin, 'GET', `/api/tournaments/${tournament.id}/entrants`)).json().entrants as {
      userId: string;
      isWithdrawn: boolean;
      noShows: number;
    }[];
    expect(entrantsList.find((e) => e.userId === absent.user.id)).toMatchObject({ isWithdrawn: true, noShows: 2 });
  });

  it('abandons a debate neither debater came to, counting it for neither, so the next round is not held up', async () => {
    const admin = await buildUser(t, { role: 'admin' });
    const tournament = await create(admin, { scheduleMode: 'fixed', prelimRounds: 2 });
    await enter(tournament.id, 2);
    const released = await call(admin, 'POST', `/api/tournaments/${tournament.id}/rounds/1/release`);
    const round = released.json().round as TTournamentRound;
    const clock = Date.now() + t.config.tournamentTimings.graceMinutes * MINUTE + 1000;
    await runSequencer(
      sequencerAt(() => clock),
      tournament.id,
    );
    const debate = await t.database.db
      .selectFrom('debates')
      .select('status')
      .where('id', '=', round.pairings[0]!.debateId!)
      .executeTakeFirstOrThrow();
    expect(debate.status).toBe('abandoned');
    const second = await call(admin, 'POST', `/api/tournaments/${tournament.id}/rounds/2/release`);
    expect(second.statusCode, second.body).toBe(201);
  });

  it('replaces a judge absent at the end of grace with a checked-in standby, and leaves the room unjudged without one', async () => {
    const admin = await buildUser(t, { role: 'admin' });
    const start = Date.now() + 10 * MINUTE;
    const tournament = await create(admin, { scheduleMode: 'fixed', roundStartsAt: [new Date(start).toISOString()] });
    const entrants = await enter(tournament.id, 4);
    const judges = [await buildUser(t), await buildUser(t), await buildUser(t)];
    for (const judge of judges) {
      const added = await call(admin, 'POST', `/api/tournaments/${tournament.id}/judges`, { userId: judge.user.id });
      expect(added.statusCode, added.body).toBe(201);
    }
    for (const who of [...entrants, ...judges]) await checkIn(who, tournament.id);
    let clock = start + 1000;
    const seq = sequencerAt(() => clock);
    await runSequencer(seq, tournament.id);
    const [round] = await roundsOf(admin, tournament.id);
    const rooms = round!.pairings.filter((p) => p.debateId !== null);
    expect(rooms).toHaveLength(2);
    const seated = rooms.map((p) => p.judge!.userId);
    const standby = judges.find((j) => !seated.includes(j.user.id))!;
    // Room 1: everyone came. Room 2: the debaters came, the judge did not.
    await present(rooms[0]!.debateId!, 'both', true);
    await present(rooms[1]!.debateId!, 'both', false);
    const events: TDomainEvent[] = [];
    t.app.context.events.subscribe((e) => events.push(e));
    clock = Date.parse(round!.releasedAt!) + t.config.tournamentTimings.graceMinutes * MINUTE + 1000;
    await runSequencer(seq, tournament.id);
    const after = (await roundsOf(admin, tournament.id))[0]!;
    const judgeOf = (debateId: number) => after.pairings.find((p) => p.debateId === debateId)!.judge?.userId ?? null;
    expect(judgeOf(rooms[0]!.debateId!)).toBe(seated[0]);
    expect(judgeOf(rooms[1]!.debateId!)).toBe(standby.user.id);
    expect(after.unjudgedPairingIds).toEqual([]);
    expect(
      events.some(
        (e) =>
          e.name === 'tournament.round_released' &&
          e.room === `user:${standby.user.id}` &&
          e.payload.asJudge &&
          e.payload.debateId === rooms[1]!.debateId,
      ),
    ).toBe(true);
    // The room's open pages are told who judges now.
    const roomUpdate = events.find((e) => e.name === 'debate.updated' && e.room === `debate:${rooms[1]!.debateId}`);
    expect(roomUpdate?.name === 'debate.updated' && roomUpdate.payload.debate.judge?.userId).toBe(standby.user.id);

    // A second tournament with no standby left: the absent judge's room is shown unjudged.
    const other = await create(admin, { scheduleMode: 'fixed', roundStartsAt: [new Date(start).toISOString()] });
    const pair = await enter(other.id, 2);
    const lone = await buildUser(t);
    await call(admin, 'POST', `/api/tournaments/${other.id}/judges`, { userId: lone.user.id });
    for (const who of [...pair, lone]) await checkIn(who, other.id);
    clock = start + 1000;
    await runSequencer(seq, other.id);
    const [otherRound] = await roundsOf(admin, other.id);
    expect(otherRound!.pairings[0]!.judge?.userId).toBe(lone.user.id);
    await present(otherRound!.pairings[0]!.debateId!, 'both', false);
    clock = Date.parse(otherRound!.releasedAt!) + t.config.tournamentTimings.graceMinutes * MINUTE + 1000;
    await runSequencer(seq, other.id);
    const unjudged = (await roundsOf(admin, other.id))[0]!;
    expect(unjudged.pairings[0]!.judge).toBeNull();
    expect(unjudged.unjudgedPairingIds).toEqual([unjudged.pairings[0]!.id]);
  });

  it('gives a panel judge’s seat to a standby when they never came, keeping those who came', async () => {
    const admin = await buildUser(t, { role: 'admin' });
    const start = Date.now() + 10 * MINUTE;
    const tournament = await create(admin, {
      scheduleMode: 'fixed',
      roundStartsAt: [new Date(start).toISOString()],
      prelimJudgesPerRoom: 3,
    });
    const entrants = await enter(tournament.id, 4);
    const judges: TWho[] = [];
    for (let i = 0; i < 8; i++) judges.push(await buildUser(t));
    for (const judge of judges) {
      const added = await call(admin, 'POST', `/api/tournaments/${tournament.id}/judges`, { userId: judge.user.id });
      expect(added.statusCode, added.body).toBe(201);
    }
    for (const who of [...entrants, ...judges]) await checkIn(who, tournament.id);
    let clock = start + 1000;
    const seq = sequencerAt(() => clock);
    await runSequencer(seq, tournament.id);
    const [round] = await roundsOf(admin, tournament.id);
    const rooms = round!.pairings.filter((p) => p.debateId !== null);
    expect(rooms.map((p) => p.panel.length)).toEqual([3, 3]);
    const panelOf = (index: number) => rooms[index]!.panel.map((j) => j.userId!);
    const standbys = judges.filter((j) => ![...panelOf(0), ...panelOf(1)].includes(j.user.id)).map((j) => j.user.id);
    expect(standbys).toHaveLength(2);

    // Room 1: its chair and second judge open the room, the third never does. Room 2: all but the chair.
    const deps = { database: t.app.context.database, events: t.app.context.events };
    const [first, second] = [rooms[0]!.debateId!, rooms[1]!.debateId!];
    await present(first, 'both');
    await present(second, 'both');
    for (const userId of panelOf(0).slice(0, 2)) await notePresent(deps, first, userId);
    for (const userId of panelOf(1).slice(1)) await notePresent(deps, second, userId);
    clock = Date.parse(round!.releasedAt!) + t.config.tournamentTimings.graceMinutes * MINUTE + 1000;
    await runSequencer(seq, tournament.id);

    const panelNow = async (debateId: number) =>
      ((await call(admin, 'GET', `/api/debates/${debateId}`)).json().debate as TDebate).panel!.judges.map(
        (j) => j.userId,
      );
    const [firstNow, secondNow] = [await panelNow(first), await panelNow(second)];
    expect(firstNow.slice(0, 2)).toEqual(panelOf(0).slice(0, 2));
    expect(standbys).toContain(firstNow[2]);
    // The chair's seat is the panel's seat 1 and the round's judge: the standby takes both.
    expect(standbys).toContain(secondNow[0]);
    expect(secondNow.slice(1)).toEqual(panelOf(1).slice(1));
    const secondRound = (await call(admin, 'GET', `/api/debates/${second}`)).json().debate as TDebate;
    expect(secondRound.judge?.userId).toBe(secondNow[0]);
    expect(new Set([firstNow[2], secondNow[0]])).toEqual(new Set(standbys));

    // A panel whose absent judge has no standby keeps the seat: its other judges still decide by their majority.
    const other = await create(admin, {
      scheduleMode: 'fixed',
      roundStartsAt: [new Date(start).toISOString()],
      prelimJudgesPerRoom: 3,
    });
    const pair = await enter(other.id, 2);
    const trio = [await buildUser(t), await buildUser(t), await buildUser(t)];
    for (const judge of trio)
      await call(admin, 'POST', `/api/tournaments/${other.id}/judges`, { userId: judge.user.id });
    for (const who of [...pair, ...trio]) await checkIn(who, other.id);
    clock = start + 1000;
    await runSequencer(seq, other.id);
    const [otherRound] = await roundsOf(admin, other.id);
    const kept = otherRound!.pairings[0]!;
    await present(kept.debateId!, 'both');
    for (const judge of kept.panel.slice(0, 2)) await notePresent(deps, kept.debateId!, judge.userId!);
    clock = Date.parse(otherRound!.releasedAt!) + t.config.tournamentTimings.graceMinutes * MINUTE + 1000;
    await runSequencer(seq, other.id);
    expect(await panelNow(kept.debateId!)).toEqual(kept.panel.map((j) => j.userId));
  });

  it('refuses bad schedules clearly', async () => {
    const admin = await buildUser(t, { role: 'admin' });
    const past = await call(admin, 'POST', '/api/tournaments', {
      name: 'Past',
      formatId: 'ld',
      prelimRounds: 2,
      breakSize: 0,
      scheduleMode: 'fixed',
      entryMode: 'open',
      roundStartsAt: [new Date(Date.now() - MINUTE).toISOString()],
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().error.message).toContain('Round 1’s start is in the past.');
    const tournament = await create(admin, { scheduleMode: 'fixed', prelimRounds: 2 });
    const later = Date.now() + 60 * MINUTE;
    const decreasing = await call(admin, 'PUT', `/api/tournaments/${tournament.id}/schedule`, {
      startsAt: [new Date(later).toISOString(), new Date(later - MINUTE).toISOString()],
    });
    expect(decreasing.statusCode).toBe(400);
    expect(decreasing.json().error.message).toContain('Round 2 must start after round 1.');
    const tooMany = await call(admin, 'PUT', `/api/tournaments/${tournament.id}/schedule`, {
      fromRound: 2,
      startsAt: [new Date(later).toISOString(), new Date(later + MINUTE).toISOString()],
    });
    expect(tooMany.statusCode).toBe(400);
    const set = await call(admin, 'PUT', `/api/tournaments/${tournament.id}/schedule`, {
      startsAt: [new Date(later).toISOString(), new Date(later + 60 * MINUTE).toISOString()],
    });
    expect(set.statusCode, set.body).toBe(200);
    expect((set.json().schedule as TTournamentSchedule).rounds.map((r) => r.startsAt)).toEqual([
      new Date(later).toISOString(),
      new Date(later + 60 * MINUTE).toISOString(),
    ]);
    const entrant = (await enter(tournament.id, 1))[0]!;
    const closed = await call(entrant, 'POST', `/api/tournaments/${tournament.id}/check-in`);
    expect(closed.statusCode).toBe(409);
    expect(closed.json().error.message).toContain('Check-in is not open');
  });
});
