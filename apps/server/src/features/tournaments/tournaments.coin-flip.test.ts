/**
 * A Public Forum tournament round's coin flip choices through the real HTTP server on both engines: only the right
 * debater at the right step chooses, each choice once and of the other kind; a side choice moves the seats and the
 * pairing; the room is told; the clock waits for both choices and then runs in the chosen order.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TDebate, TSessionUser, TTournament, TTournamentRound } from '@resolved/shared';
import { createTestApp, TEST_ENGINES, type TTestApp } from '../../test/harness';
import { buildUser } from '../../test/factories';
import type { TDomainEvent } from '../../lib/events';

type TWho = { user: TSessionUser; cookie: string };

describe.each(TEST_ENGINES)('a Public Forum coin flip on %s', (engine) => {
  let t: TTestApp;
  beforeEach(async () => {
    t = await createTestApp(engine);
  });
  afterEach(async () => t.close());

  const call = (who: TWho, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: who.cookie }, ...(payload ? { payload } : {}) });
  const choose = (who: TWho, debateId: number, choice: unknown) =>
    call(who, 'POST', `/api/debates/${debateId}/coin-flip`, { choice });
  const clock = (who: TWho, debateId: number, action: string) =>
    call(who, 'POST', `/api/debates/${debateId}/clock`, { action });
  const reasonOf = (response: { json: () => unknown }) =>
    (response.json() as { error: { reason?: string } }).error.reason;

  /** A released round 1 of a two-entrant tournament: its host, its one pairing, the coin flip's winner and loser. */
  async function released(formatId: 'pf' | 'ld' = 'pf') {
    const host = await buildUser(t, { role: 'admin' });
    const created = await call(host, 'POST', '/api/tournaments', {
      name: 'Coin Open',
      formatId,
      prelimRounds: 1,
      breakSize: 0,
      scheduleMode: 'fixed',
      entryMode: 'open',
    });
    expect(created.statusCode, created.body).toBe(201);
    const tournament = created.json().tournament as TTournament;
    const entrants = [await buildUser(t, { displayName: 'Alex' }), await buildUser(t, { displayName: 'Sam' })];
    for (const who of entrants) {
      expect((await call(who, 'POST', `/api/tournaments/${tournament.id}/entrants`, {})).statusCode).toBe(201);
    }
    const round = (await call(host, 'POST', `/api/tournaments/${tournament.id}/rounds/1/release`)).json()
      .round as TTournamentRound;
    const pairing = round.pairings[0]!;
    const winnerId = pairing.coinFlipWinner?.userId;
    const winner = entrants.find((e) => e.user.id === winnerId) ?? entrants[0]!;
    const loser = entrants.find((e) => e !== winner)!;
    const pairingNow = async () =>
      ((await call(host, 'GET', `/api/tournaments/${tournament.id}/rounds`)).json().rounds as TTournamentRound[])[0]!
        .pairings[0]!;
    return { host, tournament, pairing, debateId: pairing.debateId!, winner, loser, pairingNow };
  }

  it('waits for the winner, then the other kind of choice from the loser, and then runs the clock in that order', async () => {
    const { host, debateId, winner, loser, pairing, pairingNow } = await released();
    const events: TDomainEvent[] = [];
    t.app.context.events.subscribe((e) => events.push(e));
    expect(pairing.coinFlipWinner?.userId).toBe(winner.user.id);
    const before = (await call(winner, 'GET', `/api/debates/${debateId}`)).json().debate as TDebate;
    expect(before.coinFlip).toEqual({ winnerId: winner.user.id, winnerChoice: null, loserChoice: null });
    // The draw lists the winner as Pro until they choose.
    expect(before.debaters.a.userId).toBe(winner.user.id);

    // The clock waits: no speech, no prep, for either debater.
    for (const action of ['start_speech', 'start_prep']) {
      const refused = await clock(winner, debateId, action);
      expect(refused.statusCode).toBe(409);
      expect(reasonOf(refused)).toBe('coin_flip_pending');
      expect(refused.json().error.message).toBe(
        'The clock starts once both debaters have made their coin flip choices.',
      );
    }

    // Out of turn: the loser first, the host, someone else; a choice that is not one.
    const early = await choose(loser, debateId, 'first');
    expect(early.statusCode).toBe(403);
    expect(early.json().error).toMatchObject({ code: 'forbidden', reason: 'coin_flip_turn' });
    expect(early.json().error.message).toBe('The coin flip’s winner chooses first.');
    expect((await choose(host, debateId, 'aff')).statusCode).toBe(403);
    expect((await choose(await buildUser(t), debateId, 'aff')).statusCode).toBe(403);
    const nonsense = await choose(winner, debateId, 'heads');
    expect(nonsense.statusCode).toBe(400);
    expect(nonsense.json().error.message).toContain('Choose Pro, Con, to speak first or to speak second.');

    // The winner chooses Con: the seats move at once (side B is Con), and the pairing's sides with them.
    const chosen = await choose(winner, debateId, 'neg');
    expect(chosen.statusCode, chosen.body).toBe(200);
    const afterWinner = chosen.json().debate as TDebate;
    expect(afterWinner.coinFlip).toMatchObject({ winnerChoice: 'neg', loserChoice: null });
    expect(afterWinner.debaters.b.userId).toBe(winner.user.id);
    expect(afterWinner.debaters.a.userId).toBe(loser.user.id);
    expect((await pairingNow()).neg?.userId).toBe(winner.user.id);
    // Everyone in the room is told, on the one `debate.updated` path.
    const told = events.filter((e) => e.name === 'debate.updated' && e.room === `debate:${debateId}`);
    expect((told.at(-1)?.payload as { debate: TDebate }).debate.coinFlip?.winnerChoice).toBe('neg');

    // The winner again, the loser with the same kind, the clock: all refused.
    const twice = await choose(winner, debateId, 'first');
    expect(twice.statusCode).toBe(403);
    expect(reasonOf(twice)).toBe('coin_flip_turn');
    const sameKind = await choose(loser, debateId, 'aff');
    expect(sameKind.statusCode).toBe(409);
    expect(sameKind.json().error).toMatchObject({
      reason: 'coin_flip_same_kind',
      message: 'Your opponent chose a side: choose to speak first or second.',
    });
    expect(reasonOf(await clock(loser, debateId, 'start_speech'))).toBe('coin_flip_pending');

    // The loser (Pro) chooses to speak second: Con speaks first.
    const second = await choose(loser, debateId, 'second');
    expect(second.statusCode, second.body).toBe(200);
    const settled = second.json().debate as TDebate;
    expect(settled.coinFlip).toEqual({ winnerId: winner.user.id, winnerChoice: 'neg', loserChoice: 'second' });
    expect(settled.clock.firstSide).toBe('b');
    const third = await choose(loser, debateId, 'first');
    expect(third.statusCode).toBe(409);
    expect(reasonOf(third)).toBe('coin_flip_made');

    // The clock runs Con first: Pro may not start the first speech, Con may.
    const proFirst = await clock(loser, debateId, 'start_speech');
    expect(proFirst.statusCode).toBe(403);
    expect(proFirst.json().error.message).toBe('The Con starts and ends this speech.');
    expect((await clock(winner, debateId, 'start_speech')).statusCode).toBe(200);
    expect((await clock(winner, debateId, 'end_speech')).statusCode).toBe(200);
    expect((await clock(loser, debateId, 'start_speech')).statusCode).toBe(200);
    const running = (await call(loser, 'GET', `/api/debates/${debateId}`)).json().debate as TDebate;
    expect(running.clock).toMatchObject({ phase: 'speech', speechIndex: 1, firstSide: 'b' });
    // Once the clock has run, the choices are closed for good.
    expect(reasonOf(await choose(winner, debateId, 'aff'))).toBe('coin_flip_closed');
  });

  it('lets the winner choose the order first, and the loser then a side', async () => {
    const { debateId, winner, loser, pairingNow } = await released();
    expect((await choose(winner, debateId, 'second')).statusCode).toBe(200);
    const sameKind = await choose(loser, debateId, 'first');
    expect(sameKind.statusCode).toBe(409);
    expect(sameKind.json().error.message).toBe('Your opponent chose the speaking order: choose Pro or Con.');
    // The loser takes Pro, which the winner held: the seats move, and Pro (the loser) speaks first.
    const settled = (await choose(loser, debateId, 'aff')).json().debate as TDebate;
    expect(settled.debaters.a.userId).toBe(loser.user.id);
    expect(settled.clock.firstSide).toBe('a');
    expect((await pairingNow()).aff?.userId).toBe(loser.user.id);
    // The tournament's rounds show the choices too.
    expect((await pairingNow()).coinFlip).toEqual({
      winnerId: winner.user.id,
      winnerChoice: 'second',
      loserChoice: 'aff',
    });
    expect((await clock(loser, debateId, 'start_speech')).statusCode).toBe(200);
  });

  it('keeps the speaking order with the debater who chose it when a host swaps the sides afterwards', async () => {
    const { host, tournament, pairing, debateId, winner, loser } = await released();
    expect((await choose(winner, debateId, 'second')).statusCode).toBe(200);
    expect((await choose(loser, debateId, 'aff')).statusCode).toBe(200);
    const swapped = await call(host, 'PATCH', `/api/tournaments/${tournament.id}/pairings/${pairing.id}`, {
      swapSides: true,
    });
    expect(swapped.statusCode, swapped.body).toBe(200);
    const debate = (await call(loser, 'GET', `/api/debates/${debateId}`)).json().debate as TDebate;
    // The loser is Con now, and still speaks first: the winner chose to speak second.
    expect(debate.debaters.b.userId).toBe(loser.user.id);
    expect(debate.clock.firstSide).toBe('b');
    expect((await clock(winner, debateId, 'start_speech')).statusCode).toBe(403);
    expect((await clock(loser, debateId, 'start_speech')).statusCode).toBe(200);
  });

  it('has no coin flip outside Public Forum: nothing to choose, and the clock starts as always', async () => {
    const { debateId, winner, loser } = await released('ld');
    const debate = (await call(winner, 'GET', `/api/debates/${debateId}`)).json().debate as TDebate;
    expect(debate.coinFlip).toBeNull();
    expect(debate.clock.firstSide).toBe('a');
    const refused = await choose(winner, debateId, 'aff');
    expect(refused.statusCode).toBe(409);
    expect(reasonOf(refused)).toBe('no_coin_flip');
    const aff = debate.debaters.a.userId === winner.user.id ? winner : loser;
    expect((await clock(aff, debateId, 'start_speech')).statusCode).toBe(200);
    expect((await choose(winner, 999_999, 'aff')).statusCode).toBe(404);
  });
});
