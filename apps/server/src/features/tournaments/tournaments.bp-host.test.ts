/**
 * A host seats another chair in a British Parliamentary room before its debate starts (`PATCH
 * /api/tournaments/:id/bp-rooms/:roomId`), on both engines: the new chair judges the room and is told, the audit keeps
 * the change, and the release's rules refuse a judge of another room, an entrant, a judge in conflict with any of the
 * eight debaters, an unknown room, a stranger, and any change once the clock has run.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TTournamentAuditEntry, TTournamentRound } from '@resolved/shared';
import { createTestApp, TEST_ENGINES, type TTestApp } from '../../test/harness';
import { buildUser } from '../../test/factories';
import { tournamentFixture, type TWho } from '../../test/tournament-fixture';
import type { TDomainEvent } from '../../lib/events';

describe.each(TEST_ENGINES)('a host changes a BP room’s chair on %s', (engine) => {
  let t: TTestApp;
  beforeEach(async () => {
    t = await createTestApp(engine);
  });
  afterEach(async () => t.close());
  const f = tournamentFixture(() => t);

  /** Eight teams of two (two rooms) and three judges: round 1 released, one judge left over. */
  async function releasedRound() {
    const admin = await buildUser(t, { role: 'admin' });
    const tournament = await f.create(admin, { formatId: 'bp', teamSize: 2, prelimRounds: 2, breakSize: 0 });
    const members = (await f.enterTeams(tournament.id, 8)).flatMap((team) => [team.captain, team.partner]);
    const judges: TWho[] = [];
    for (let i = 0; i < 3; i++) {
      const judge = await buildUser(t);
      const added = await f.call(admin, 'POST', `/api/tournaments/${tournament.id}/judges`, { userId: judge.user.id });
      expect(added.statusCode, added.body).toBe(201);
      judges.push(judge);
    }
    const round: TTournamentRound = await f.release(admin, tournament.id, 1);
    expect(round.bpRooms).toHaveLength(2);
    const seated = new Set(round.bpRooms.map((room) => room.panel[0]?.userId));
    const spare = judges.find((j) => !seated.has(j.user.id))!;
    return { admin, tournament, members, judges, round, spare };
  }

  const change = (who: TWho | null, id: number, roomId: number, body: object) =>
    f.call(who, 'PATCH', `/api/tournaments/${id}/bp-rooms/${roomId}`, body);

  it('seats the spare judge as a room’s chair, tells them, and keeps it in the audit', async () => {
    const { admin, tournament, round, spare } = await releasedRound();
    const [room, other] = round.bpRooms;
    const before = room!.panel[0]!.userId!;
    const told: TDomainEvent[] = [];
    const stop = t.app.context.events.subscribe((event) => void told.push(event));
    const changed = await change(admin, tournament.id, room!.id, { judgeId: spare.user.id });
    stop();
    expect(changed.statusCode, changed.body).toBe(200);
    const after = (changed.json().round as TTournamentRound).bpRooms.find((r) => r.id === room!.id)!;
    expect(after.panel.map((p) => p.userId)).toEqual([spare.user.id]);
    const debate = await t.database.db
      .selectFrom('debates')
      .select('judgeId')
      .where('id', '=', room!.debateId!)
      .executeTakeFirstOrThrow();
    expect(debate.judgeId).toBe(spare.user.id);
    expect(
      told.find((e) => e.name === 'tournament.round_released' && e.room === `user:${spare.user.id}`),
    ).toMatchObject({ payload: { debateId: room!.debateId, asJudge: true } });
    const audit = await f.call(admin, 'GET', `/api/tournaments/${tournament.id}/audit`);
    const entries = audit.json().audit as TTournamentAuditEntry[];
    expect(entries.find((e) => e.action === 'judge_changed')).toMatchObject({
      roundNumber: 1,
      debateId: room!.debateId,
    });
    // The judge taken off is free again; the other room's judge is not.
    const back = await change(admin, tournament.id, room!.id, { judgeId: before });
    expect(back.statusCode, back.body).toBe(200);
    const busy = await change(admin, tournament.id, room!.id, { judgeId: other!.panel[0]!.userId });
    expect(busy.statusCode).toBe(409);
    expect(busy.json().error.message).toMatch(/judges another room of this round\.$/);
  });

  it('refuses a debater, a conflicted judge, the same judge, a stranger, bad input, and a started room', async () => {
    const { admin, tournament, members, round, spare } = await releasedRound();
    const room = round.bpRooms[0]!;
    // A debater of the tournament is not in its judge pool.
    const entrant = await change(admin, tournament.id, room.id, { judgeId: members[0]!.user.id });
    expect(entrant.statusCode).toBe(409);
    expect(entrant.json().error.message).toMatch(/is not in this tournament’s judge pool\.$/);
    // A conflict with a debater of the room's fourth team (not only the first two) keeps the judge out.
    const declared = await f.call(admin, 'PUT', `/api/tournaments/${tournament.id}/judges/${spare.user.id}/conflicts`, {
      entrantIds: [room.teams.co!.entrantId],
    });
    expect(declared.statusCode, declared.body).toBe(200);
    const conflicted = await change(admin, tournament.id, room.id, { judgeId: spare.user.id });
    expect(conflicted.statusCode).toBe(409);
    expect(conflicted.json().error.message).toMatch(/has a conflict with a debater in this room/);
    const same = await change(admin, tournament.id, room.id, { judgeId: room.panel[0]!.userId });
    expect(same.statusCode).toBe(409);
    expect(same.json().error.message).toMatch(/judges this room already\.$/);
    expect((await change(members[3]!, tournament.id, room.id, { judgeId: null })).statusCode).toBe(403);
    expect((await change(admin, tournament.id, 999_999, { judgeId: null })).statusCode).toBe(404);
    const bad = await change(admin, tournament.id, room.id, { judgeId: '' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('Unknown judge.');
    // Once the clock has run, nothing changes.
    await t.database.db.updateTable('debates').set({ clockVersion: 1 }).where('id', '=', room.debateId!).execute();
    const started = await change(admin, tournament.id, room.id, { judgeId: null });
    expect(started.statusCode).toBe(409);
    expect(started.json().error.message).toBe('Round 1’s debate has started: its judge can no longer change.');
  });
});
