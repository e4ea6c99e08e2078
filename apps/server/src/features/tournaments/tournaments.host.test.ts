/**
 * A host's corrections through the real HTTP server on both engines: swapping a pairing's sides or judge and
 * re-pairing a round before its debates start (refused after), correcting a confirmed result with a reason (the tab
 * and the exports follow, ratings stay), the audit, and blocks kept apart by the draw.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type {
  TDebate,
  TSessionUser,
  TTournament,
  TTournamentAuditEntry,
  TTournamentPairing,
  TTournamentRound,
  TTournamentStandings,
} from '@resolved/shared';
import { createTestApp, TEST_ENGINES, type TTestApp } from '../../test/harness';
import { buildUser } from '../../test/factories';
import type { TDomainEvent } from '../../lib/events';

type TWho = { user: TSessionUser; cookie: string };

describe.each(TEST_ENGINES)('a host’s corrections on %s', (engine) => {
  let t: TTestApp;
  beforeEach(async () => {
    t = await createTestApp(engine);
  });
  afterEach(async () => t.close());

  const call = (who: TWho, method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: who.cookie }, ...(payload ? { payload } : {}) });

  async function created(admin: TWho) {
    const response = await call(admin, 'POST', '/api/tournaments', {
      name: 'Corrections cup',
      formatId: 'ld',
      prelimRounds: 2,
      breakSize: 0,
      scheduleMode: 'fixed',
      entryMode: 'open',
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().tournament as TTournament;
  }

  async function enter(tournamentId: number, count: number) {
    const entrants: { who: TWho; entrantId: number }[] = [];
    for (let i = 0; i < count; i++) {
      const who = await buildUser(t);
      const entered = await call(who, 'POST', `/api/tournaments/${tournamentId}/entrants`, {});
      expect(entered.statusCode, entered.body).toBe(201);
      entrants.push({ who, entrantId: entered.json().entrant.id });
    }
    return entrants;
  }

  async function release(admin: TWho, tournamentId: number) {
    const released = await call(admin, 'POST', `/api/tournaments/${tournamentId}/rounds/1/release`);
    expect(released.statusCode, released.body).toBe(201);
    return released.json().round as TTournamentRound;
  }

  async function started(count: number) {
    const admin = await buildUser(t, { role: 'admin' });
    const tournament = await created(admin);
    const entrants = await enter(tournament.id, count);
    return { admin, tournament, entrants, round: await release(admin, tournament.id) };
  }

  const debateOf = async (who: TWho, id: number) =>
    (await call(who, 'GET', `/api/debates/${id}`)).json().debate as TDebate;
  const auditOf = async (who: TWho, id: number) => {
    const response = await call(who, 'GET', `/api/tournaments/${id}/audit`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().audit as TTournamentAuditEntry[];
  };
  /** The round's clock has run (its first command), as a debater starting a speech leaves it. */
  const startClock = (debateId: number) =>
    t.database.db.updateTable('debates').set({ clockVersion: 1 }).where('id', '=', debateId).execute();
  const whoIs = (entrants: { who: TWho }[], userId: string) => entrants.find((e) => e.who.user.id === userId)!.who;

  it('swaps a pairing’s sides before its debate starts: the room shows it, the audit keeps it; refused after', async () => {
    const { admin, tournament, entrants, round } = await started(2);
    const pairing = round.pairings[0]!;
    const aff = whoIs(entrants, pairing.aff!.userId);
    const events: TDomainEvent[] = [];
    t.app.context.events.subscribe((e) => events.push(e));

    const byEntrant = await call(aff, 'PATCH', `/api/tournaments/${tournament.id}/pairings/${pairing.id}`, {
      swapSides: true,
    });
    expect(byEntrant.statusCode).toBe(403);
    const swapped = await call(admin, 'PATCH', `/api/tournaments/${tournament.id}/pairings/${pairing.id}`, {
      swapSides: true,
    });
    expect(swapped.statusCode, swapped.body).toBe(200);
    const after = (swapped.json().round as TTournamentRound).pairings[0]!;
    expect(after.aff!.userId).toBe(pairing.neg!.userId);
    expect(after.neg!.userId).toBe(pairing.aff!.userId);
    // The room itself: the former neg now debates as side A (aff), published to the room live.
    const debate = await debateOf(aff, pairing.debateId!);
    expect(debate.debaters.a.userId).toBe(pairing.neg!.userId);
    expect(debate.debaters.b.userId).toBe(pairing.aff!.userId);
    const published = events.find(
      (e) => e.name === 'debate.updated' && e.room === `debate:${pairing.debateId}`,
    ) as Extract<TDomainEvent, { name: 'debate.updated' }>;
    expect(published.payload.debate.debaters.a.userId).toBe(pairing.neg!.userId);
    expect(events.some((e) => e.name === 'tournament.changed' && e.room === `user:${aff.user.id}`)).toBe(true);
    const [entry] = await auditOf(admin, tournament.id);
    expect(entry).toMatchObject({ action: 'sides_swapped', roundNumber: 1, debateId: pairing.debateId });
    expect(entry!.actor!.userId).toBe(admin.user.id);
    expect(entry!.before).toContain(`Aff ${pairing.aff!.displayName}`);
    expect(entry!.after).toContain(`Aff ${pairing.neg!.displayName}`);

    await startClock(pairing.debateId!);
    const late = await call(admin, 'PATCH', `/api/tournaments/${tournament.id}/pairings/${pairing.id}`, {
      swapSides: true,
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe(
      'Round 1’s debate has started: its sides, judge and pairings can no longer change.',
    );
    expect((await debateOf(aff, pairing.debateId!)).debaters.a.userId).toBe(pairing.neg!.userId);
    const empty = await call(admin, 'PATCH', `/api/tournaments/${tournament.id}/pairings/${pairing.id}`, {});
    expect(empty.statusCode).toBe(400);
    const unknown = await call(admin, 'PATCH', `/api/tournaments/${tournament.id}/pairings/999999`, {
      swapSides: true,
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('changes a room’s judge to another of the pool, never one the rules refuse, and tells the new judge', async () => {
    const admin = await buildUser(t, { role: 'admin' });
    const tournament = await created(admin);
    const entrants = await enter(tournament.id, 2);
    const [j1, j2, j3] = [await buildUser(t), await buildUser(t), await buildUser(t)];
    for (const judge of [j1, j2, j3]) {
      const added = await call(admin, 'POST', `/api/tournaments/${tournament.id}/judges`, { userId: judge.user.id });
      expect(added.statusCode, added.body).toBe(201);
    }
    // j3 declares a conflict with the first entrant.
    const conflict = await call(j3, 'PUT', `/api/tournaments/${tournament.id}/judges/${j3.user.id}/conflicts`, {
      entrantIds: [entrants[0]!.entrantId],
    });
    expect(conflict.statusCode, conflict.body).toBe(200);
    const round = await release(admin, tournament.id);
    const pairing = round.pairings[0]!;
    // Only j1 or j2 could be seated (j3 has a conflict).
    expect([j1.user.id, j2.user.id]).toContain(pairing.judge!.userId);
    const other = pairing.judge!.userId === j1.user.id ? j2 : j1;
    const url = `/api/tournaments/${tournament.id}/pairings/${pairing.id}`;

    const refused = await call(admin, 'PATCH', url, { judgeId: j3.user.id });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(
      `${j3.user.displayName} has a conflict with a debater in this room (declared, or one of them blocked the other).`,
    );
    const outsider = await buildUser(t);
    const notInPool = await call(admin, 'PATCH', url, { judgeId: outsider.user.id });
    expect(notInPool.statusCode).toBe(409);
    expect(notInPool.json().error.message).toBe(`${outsider.user.displayName} is not in this tournament’s judge pool.`);

    const events: TDomainEvent[] = [];
    t.app.context.events.subscribe((e) => events.push(e));
    const changed = await call(admin, 'PATCH', url, { judgeId: other.user.id });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((changed.json().round as TTournamentRound).pairings[0]!.judge!.userId).toBe(other.user.id);
    expect((await debateOf(admin, pairing.debateId!)).judge?.userId).toBe(other.user.id);
    expect(
      events.some(
        (e) =>
          e.name === 'tournament.round_released' &&
          e.room === `user:${other.user.id}` &&
          e.payload.asJudge &&
          e.payload.debateId === pairing.debateId,
      ),
    ).toBe(true);
    const again = await call(admin, 'PATCH', url, { judgeId: other.user.id });
    expect(again.statusCode).toBe(409);
    // No judge at all is a choice too.
    const none = await call(admin, 'PATCH', url, { judgeId: null });
    expect(none.statusCode, none.body).toBe(200);
    expect((none.json().round as TTournamentRound).pairings[0]!.judge).toBeNull();
    const audit = await auditOf(admin, tournament.id);
    expect(audit.map((a) => a.action)).toEqual(['judge_changed', 'judge_changed']);
    expect(audit[0]!.before).toBe(`Judge: ${other.user.displayName}`);
    expect(audit[0]!.after).toBe('Judge: nobody');

    await startClock(pairing.debateId!);
    const late = await call(admin, 'PATCH', url, { judgeId: other.user.id });
    expect(late.statusCode).toBe(409);
  });

  it('re-pairs a round before it starts: the old rooms called off, drawn again once; refused after', async () => {
    const { admin, tournament, entrants, round } = await started(4);
    const url = `/api/tournaments/${tournament.id}/rounds/1/repair`;
    const byEntrant = await call(entrants[0]!.who, 'POST', url, { releasedAt: round.releasedAt });
    expect(byEntrant.statusCode).toBe(403);
    const missing = await call(admin, 'POST', url, {});
    expect(missing.statusCode).toBe(400);
    // Every round a tournament can have reaches the service (9 preliminaries and the 6 rounds of a break of 64).
    const body = { releasedAt: round.releasedAt };
    const elimination = await call(admin, 'POST', `/api/tournaments/${tournament.id}/rounds/12/repair`, body);
    expect(elimination.statusCode).toBe(409);
    expect(elimination.json().error.message).toBe('Round 12 has not been released: there is nothing to re-pair.');
    const beyond = await call(admin, 'POST', `/api/tournaments/${tournament.id}/rounds/16/repair`, body);
    expect(beyond.statusCode).toBe(400);
    expect(beyond.json().error.message).toBe('Unknown round.');

    const events: TDomainEvent[] = [];
    t.app.context.events.subscribe((e) => events.push(e));
    const repaired = await call(admin, 'POST', url, { releasedAt: round.releasedAt, reason: 'Wrong field.' });
    expect(repaired.statusCode, repaired.body).toBe(201);
    const again = repaired.json().round as TTournamentRound;
    expect(again.pairings).toHaveLength(2);
    const oldIds = round.pairings.map((p) => p.debateId);
    expect(again.pairings.every((p) => p.debateId !== null && !oldIds.includes(p.debateId))).toBe(true);
    // The old rooms are kept, called off; every entrant is told their new room.
    for (const debateId of oldIds) {
      const old = await debateOf(admin, debateId!);
      expect(old.status).toBe('abandoned');
      expect(old.isCancelled).toBe(true);
    }
    for (const { who } of entrants) {
      expect(
        events.some(
          (e) =>
            e.name === 'tournament.round_released' && e.room === `user:${who.user.id}` && e.payload.roundNumber === 1,
        ),
      ).toBe(true);
    }
    const rounds = (await call(admin, 'GET', `/api/tournaments/${tournament.id}/rounds`)).json()
      .rounds as TTournamentRound[];
    expect(rounds).toHaveLength(1);
    expect(rounds[0]!.pairings.map((p) => p.id)).toEqual(again.pairings.map((p) => p.id));
    const [entry] = await auditOf(admin, tournament.id);
    expect(entry).toMatchObject({ action: 'round_repaired', roundNumber: 1, reason: 'Wrong field.' });
    expect(entry!.after).toBe('Drawn again with a new seed; 2 rooms called off');

    // The release the host saw is gone: a second host asking with it does not draw the round a third time.
    const stale = await call(admin, 'POST', url, { releasedAt: round.releasedAt });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.message).toBe(
      'Round 1 has been drawn again since you looked: look at its new pairings first.',
    );

    await startClock(again.pairings[0]!.debateId!);
    const late = await call(admin, 'POST', url, { releasedAt: again.releasedAt });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe(
      'Round 1’s debate has started: its sides, judge and pairings can no longer change.',
    );
    // Nothing was called off by the refused re-pair.
    for (const p of again.pairings) expect((await debateOf(admin, p.debateId!)).status).toBe('live');
    const notYet = await call(admin, 'POST', `/api/tournaments/${tournament.id}/rounds/2/repair`, {
      releasedAt: again.releasedAt,
    });
    expect(notYet.statusCode).toBe(409);
  });

  it('corrects a confirmed result with a reason: the tab and exports follow, ratings stay, hosts see the audit', async () => {
    const { admin, tournament, entrants, round } = await started(2);
    const pairing = round.pairings[0]!;
    const judge = await buildUser(t);
    await t.database.db
      .updateTable('debates')
      // Every speech ran its full time (time-shifted), so the ballot is rated like any judged round.
      .set({ status: 'awaiting_ballot', judgeId: judge.user.id, spokenMs: 60 * 60_000 })
      .where('id', '=', pairing.debateId!)
      .execute();
    const url = `/api/tournaments/${tournament.id}/pairings/${pairing.id}/corrections`;
    const early = await call(admin, 'POST', url, { winner: 'neg', reason: 'Too early.' });
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toBe('Only a confirmed result (judged or forfeited) can be corrected.');

    const ballot = await call(judge, 'POST', `/api/debates/${pairing.debateId}/ballots`, {
      winnerSide: 'a',
      speakerPoints: { a: 28, b: 27.5 },
      reason: 'Aff won the weighing.',
    });
    expect(ballot.statusCode, ballot.body).toBe(201);
    const ratingsBefore = await t.database.db.selectFrom('debateRatings').selectAll().orderBy('userId').execute();
    // The ballot rated both debaters (a tournament round counts like any judged round).
    expect(ratingsBefore.map((r) => r.userId).sort()).toEqual([pairing.aff!.userId, pairing.neg!.userId].sort());

    const noReason = await call(admin, 'POST', url, { winner: 'neg' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error.message).toContain('Say why the result is corrected.');
    const badPoints = await call(admin, 'POST', url, {
      winner: 'neg',
      speakerPoints: { aff: 31, neg: 29 },
      reason: 'x',
    });
    expect(badPoints.statusCode).toBe(400);
    const byEntrant = await call(entrants[0]!.who, 'POST', url, { winner: 'neg', reason: 'I won.' });
    expect(byEntrant.statusCode).toBe(403);
    const same = await call(admin, 'POST', url, { winner: 'aff', reason: 'Nothing new.' });
    expect(same.statusCode).toBe(409);

    const corrected = await call(admin, 'POST', url, {
      winner: 'neg',
      speakerPoints: { aff: 27, neg: 28.6 },
      reason: 'The judge marked the wrong side.',
    });
    expect(corrected.statusCode, corrected.body).toBe(201);
    const standings = (await call(admin, 'GET', `/api/tournaments/${tournament.id}/standings`)).json()
      .standings as TTournamentStandings;
    const line = (entrantId: number) =>
      standings.divisions.flatMap((d) => d.standings).find((s) => s.entrantId === entrantId)!;
    expect(line(pairing.neg!.entrantId)).toMatchObject({ rank: 1, wins: 1, losses: 0, speakerPoints: 28.6 });
    expect(line(pairing.aff!.entrantId)).toMatchObject({ rank: 2, wins: 0, losses: 1, speakerPoints: 27 });
    const csv = (await call(admin, 'GET', `/api/tournaments/${tournament.id}/export/ballots.csv`)).body;
    expect(csv).toContain(
      `,${pairing.aff!.displayName},${pairing.neg!.displayName},judged,${pairing.neg!.displayName},27,28.6,`,
    );
    // The round's own page shows the corrected winner; ratings given by the ballot are not re-applied.
    expect((await debateOf(admin, pairing.debateId!)).winnerSide).toBe('b');
    const ratingsAfter = await t.database.db.selectFrom('debateRatings').selectAll().orderBy('userId').execute();
    expect(ratingsAfter).toEqual(ratingsBefore);

    const [entry] = await auditOf(admin, tournament.id);
    expect(entry).toMatchObject({
      action: 'result_corrected',
      reason: 'The judge marked the wrong side.',
      before: `${pairing.aff!.displayName} (aff) won (28 – 27.5)`,
      after: `${pairing.neg!.displayName} (neg) won (27 – 28.6)`,
    });
    expect((await call(entrants[0]!.who, 'GET', `/api/tournaments/${tournament.id}/audit`)).statusCode).toBe(403);

    // A finished tournament can still be corrected by its hosts (audited).
    await t.database.db
      .updateTable('tournaments')
      .set({ status: 'finished' })
      .where('id', '=', tournament.id)
      .execute();
    const late = await call(admin, 'POST', url, { winner: 'aff', reason: 'Appeal upheld after the tournament.' });
    expect(late.statusCode, late.body).toBe(201);
    expect((await auditOf(admin, tournament.id)).map((a) => a.action)).toEqual([
      'result_corrected',
      'result_corrected',
    ]);
  });

  it('refuses speaker points for a forfeited round, and corrects its winner', async () => {
    const { admin, tournament, entrants, round } = await started(2);
    const pairing = round.pairings[0]!;
    const aff = whoIs(entrants, pairing.aff!.userId);
    expect((await call(aff, 'POST', `/api/debates/${pairing.debateId}/forfeit`)).statusCode).toBe(200);
    const url = `/api/tournaments/${tournament.id}/pairings/${pairing.id}/corrections`;
    const points = await call(admin, 'POST', url, { winner: 'aff', speakerPoints: { aff: 28, neg: 27 }, reason: 'x' });
    expect(points.statusCode).toBe(409);
    expect(points.json().error.message).toBe(
      'This round was forfeited: it has no ballot, so no speaker points to correct.',
    );
    const corrected = await call(admin, 'POST', url, { winner: 'aff', reason: 'The forfeit was a server fault.' });
    expect(corrected.statusCode, corrected.body).toBe(201);
    const debate = await debateOf(admin, pairing.debateId!);
    expect(debate.winnerSide).toBe('a');
    expect(debate.forfeitedBy).toBe(pairing.neg!.userId);
  });

  it('draws two entrants one of whom blocked the other apart, and refuses only when no draw can', async () => {
    const admin = await buildUser(t, { role: 'admin' });
    const tournament = await created(admin);
    const entrants = await enter(tournament.id, 4);
    const [a, b] = [entrants[0]!.who, entrants[1]!.who];
    expect((await call(a, 'PUT', `/api/blocks/${b.user.id}`)).statusCode).toBe(200);
    // Every seed: the blocked pair never meets (a draw without it always exists in a field of four).
    const round = await release(admin, tournament.id);
    const meets = (p: TTournamentPairing) =>
      [p.aff?.userId, p.neg?.userId].includes(a.user.id) && [p.aff?.userId, p.neg?.userId].includes(b.user.id);
    expect(round.pairings.some(meets)).toBe(false);

    const pair = await buildUser(t, { role: 'admin' });
    const small = await created(pair);
    const two = await enter(small.id, 2);
    expect((await call(two[1]!.who, 'PUT', `/api/blocks/${two[0]!.who.user.id}`)).statusCode).toBe(200);
    const refused = await call(pair, 'POST', `/api/tournaments/${small.id}/rounds/1/release`);
    expect(refused.statusCode).toBe(409);
    const names = [two[0]!.who.user.displayName, two[1]!.who.user.displayName];
    expect(
      [names, [...names].reverse()].map(
        ([x, y]) =>
          `No draw of Open (18 and over) keeps ${x} and ${y} apart, and one of them has blocked the other: withdraw one of them to release the round.`,
      ),
    ).toContain(refused.json().error.message);
    expect(refused.json().error.reason).toBe('blocked');
  });
});
