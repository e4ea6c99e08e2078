/**
 * A host corrects an elimination round's walkover (issue 39), through the real HTTP server on both engines: the
 * entrant who could not take part goes through instead once they may take part (never while suspended or withdrawn),
 * without points, audited with a reason; the bracket records the other's forfeit and the next round draws from it.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TTournamentRound } from '@resolved/shared';
import { createTestApp, TEST_ENGINES, type TTestApp } from '../../test/harness';
import { buildUser } from '../../test/factories';
import { tournamentFixture } from '../../test/tournament-fixture';

describe.each(TEST_ENGINES)('a host corrects a walkover on %s', (engine) => {
  let t: TTestApp;
  beforeEach(async () => {
    t = await createTestApp(engine);
  });
  afterEach(async () => t.close());
  const { call, create, enter, suspend, release, judgeRound, ballot, bracketOf } = tournamentFixture(() => t);

  it('puts the entrant who could not take part through once they may, audited, and the bracket follows', async () => {
    const admin = await buildUser(t, { role: 'admin' });
    const tournament = await create(admin, { breakSize: 4 });
    const id = tournament.id;
    const entrants = await enter(id, 4);
    const judge = await buildUser(t);
    await judgeRound(judge, await release(admin, id, 1));
    const restricted = entrants[0]!;
    await suspend(restricted);
    const semis = await release(admin, id, 2);
    const walkover = semis.pairings.find((p) => p.walkoverFrom !== null)!;
    const through = walkover.bye!.entrantId;
    const out = walkover.walkoverFrom!.entrantId;
    const correct = (body: object) =>
      call(admin, 'POST', `/api/tournaments/${id}/pairings/${walkover.id}/corrections`, body);

    // Still suspended: they may not go through. Points: a walkover had no debate. The same winner: nothing to do.
    const refused = await correct({ winner: 'neg', reason: 'The suspension was a mistake.' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(
      `${restricted.user.displayName} cannot take part in rounds right now, so they cannot go through.`,
    );
    const withPoints = await correct({ winner: 'neg', speakerPoints: { aff: 28, neg: 27 }, reason: 'Points.' });
    expect(withPoints.statusCode).toBe(400);
    expect((await correct({ winner: 'aff', reason: 'Keep it.' })).statusCode).toBe(400);

    // The suspension is lifted: the host puts them through.
    await t.database.db
      .updateTable('users')
      .set({ suspendedUntil: null })
      .where('id', '=', restricted.user.id)
      .execute();
    const corrected = await correct({ winner: 'neg', reason: 'The suspension was a mistake.' });
    expect(corrected.statusCode, corrected.body).toBe(201);
    const pairing = (corrected.json().round as TTournamentRound).pairings.find((p) => p.id === walkover.id)!;
    expect(pairing).toMatchObject({
      bye: { entrantId: out },
      walkoverFrom: { entrantId: through },
      winnerEntrantId: out,
      flags: ['walkover_corrected'],
    });
    const audit = (await call(admin, 'GET', `/api/tournaments/${id}/audit`)).json().audit as {
      action: string;
      reason: string | null;
      roundNumber: number | null;
    }[];
    expect(audit[0]).toMatchObject({
      action: 'result_corrected',
      reason: 'The suspension was a mistake.',
      roundNumber: 2,
    });

    // The pairings' CSV says the walkover was corrected (not that the one who went through did not take part).
    const csv = (await call(admin, 'GET', `/api/tournaments/${id}/export/pairings.csv`)).body;
    expect(csv).toContain(`walkover corrected by a host: ${walkover.bye!.displayName} did not go on`);

    // The bracket records the other entrant's forfeit, and the final draws the corrected winner.
    type TSlot = { id: number | null; result?: string; forfeit?: boolean } | null;
    const view = (await bracketOf(admin, id)).divisions[0]!.bracket;
    const participant = (entrantId: number) => Number(view.participant.find((p) => p.entrantId === entrantId)!.id);
    const match = (view.match as { opponent1: TSlot; opponent2: TSlot }[]).find((m) =>
      [m.opponent1?.id, m.opponent2?.id].includes(participant(out)),
    )!;
    const [winnerSlot, loserSlot] =
      match.opponent1?.id === participant(out)
        ? [match.opponent1, match.opponent2]
        : [match.opponent2, match.opponent1];
    expect(winnerSlot).toMatchObject({ result: 'win' });
    expect(loserSlot).toMatchObject({ id: participant(through), forfeit: true });
    const debate = semis.pairings.find((p) => p.walkoverFrom === null)!;
    expect((await ballot(judge, debate.debateId!, 'a')).statusCode).toBe(201);
    const final = await release(admin, id, 3);
    const finalists = final.pairings.flatMap((p) => [p.aff?.entrantId, p.neg?.entrantId]);
    expect(finalists).toContain(out);
    expect(finalists).not.toContain(through);

    // The final has been released with the corrected winner: correcting the walkover back draws it again.
    const back = await correct({ winner: 'neg', reason: 'The suspension stood after all.' });
    expect(back.statusCode, back.body).toBe(201);
    const again = (await call(admin, 'GET', `/api/tournaments/${id}/rounds`)).json().rounds as TTournamentRound[];
    const redrawn = again.find((r) => r.number === 3)!.pairings.flatMap((p) => [p.aff?.entrantId, p.neg?.entrantId]);
    expect(redrawn).toContain(through);
    expect(redrawn).not.toContain(out);
    expect(again.find((r) => r.number === 2)!.pairings.find((p) => p.id === walkover.id)!.flags).toEqual([]);
  });

  it('refuses to put a withdrawn entrant through', async () => {
    const admin = await buildUser(t, { role: 'admin' });
    const tournament = await create(admin, { breakSize: 4 });
    const id = tournament.id;
    await enter(id, 4);
    const judge = await buildUser(t);
    await judgeRound(judge, await release(admin, id, 1));
    const semis = await release(admin, id, 2);
    for (const p of semis.pairings) expect((await ballot(judge, p.debateId!, 'a')).statusCode).toBe(201);
    // A semifinal's winner withdraws before the final: the other finalist goes through by walkover.
    const gone = semis.pairings[0]!.aff!;
    expect((await call(admin, 'DELETE', `/api/tournaments/${id}/entrants/${gone.entrantId}`)).statusCode).toBe(204);
    const final = await release(admin, id, 3);
    const walkover = final.pairings[0]!;
    expect(walkover.walkoverFrom?.entrantId).toBe(gone.entrantId);
    const refused = await call(admin, 'POST', `/api/tournaments/${id}/pairings/${walkover.id}/corrections`, {
      winner: 'neg',
      reason: 'Put them through.',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(
      `${gone.displayName} withdrew from the tournament: a withdrawn entrant cannot go through.`,
    );
  });
});
