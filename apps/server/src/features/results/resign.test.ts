import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TSessionUser } from '@resolved/shared';
import { createTestApp, TEST_ENGINES, type TTestApp } from '../../test/harness';
import { buildUser } from '../../test/factories';

type TCookieUser = { user: TSessionUser; cookie: string };

/** The room's Forfeit button: `POST /api/debates/:id/forfeit` resigns a live round. */
describe.each(TEST_ENGINES)('resigning a round on %s', (engine) => {
  let t: TTestApp;
  beforeEach(async () => {
    t = await createTestApp(engine);
  });
  afterEach(async () => {
    await t.close();
  });

  const call = (who: TCookieUser | null, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: who ? { cookie: who.cookie } : {}, ...(payload ? { payload } : {}) });
  const resign = (who: TCookieUser | null, debateId: number | string) =>
    call(who, 'POST', `/api/debates/${debateId}/forfeit`);

  /** Two new users matched through the queue: the live round, and who sits on which side. */
  async function liveRound() {
    const first = await buildUser(t);
    const second = await buildUser(t);
    expect((await call(first, 'POST', '/api/debates/queue', { formatId: 'ld' })).json().status).toBe('waiting');
    const matched = await call(second, 'POST', '/api/debates/queue', { formatId: 'ld' });
    const debateId = matched.json().debateId as number;
    const debate = (await call(first, 'GET', `/api/debates/${debateId}`)).json().debate;
    const [a, b] = debate.debaters.a.userId === first.user.id ? [first, second] : [second, first];
    return { debateId, a, b };
  }

  const statusOf = async (debateId: number) =>
    (
      await t.database.db
        .selectFrom('debates')
        .select(['status', 'winnerSide', 'forfeitedBy'])
        .where('id', '=', debateId)
        .executeTakeFirstOrThrow()
    ).status;

  it('a debater resigns: the other side wins, the result is announced, and no strike is recorded', async () => {
    const { debateId, a, b } = await liveRound();
    const announced: unknown[] = [];
    const stop = t.app.context.events.subscribe((event) => {
      if (event.name === 'debate.updated') announced.push({ room: event.room, ...event.payload.debate });
    });
    const res = await resign(b, debateId);
    stop();
    expect(res.statusCode).toBe(200);
    expect(res.json().debate).toMatchObject({ status: 'forfeited', winnerSide: 'a', forfeitedBy: b.user.id });
    const room = `debate:${debateId}`;
    expect(announced).toContainEqual(expect.objectContaining({ room, status: 'forfeited', winnerSide: 'a' }));
    // The opponent reads the same result, and is free to find the next round.
    expect((await call(a, 'GET', `/api/debates/${debateId}`)).json().debate.status).toBe('forfeited');
    expect((await call(a, 'POST', '/api/debates/queue', { formatId: 'ld' })).json().status).toBe('waiting');
    expect(await t.database.db.selectFrom('playStrikes').selectAll().execute()).toEqual([]);
  });

  it('refuses anyone but a debater of the live round, with the reason, and leaves the round live', async () => {
    const { debateId, a } = await liveRound();
    const spectator = await buildUser(t);
    const bySpectator = await resign(spectator, debateId);
    expect(bySpectator.statusCode).toBe(403);
    expect(bySpectator.json().error).toMatchObject({ code: 'forbidden', reason: 'not_in_round' });
    expect((await resign(null, debateId)).statusCode).toBe(401);
    expect((await resign(a, 'not-a-number')).statusCode).toBe(400);
    expect((await resign(a, 999_999)).statusCode).toBe(404);
    expect(await statusOf(debateId)).toBe('live');
  });

  it('a round already over cannot be resigned: 409, the first result stands', async () => {
    const { debateId, a, b } = await liveRound();
    expect((await resign(a, debateId)).statusCode).toBe(200);
    const again = await resign(b, debateId);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({ code: 'conflict', reason: 'round_over' });
    const row = await t.database.db
      .selectFrom('debates')
      .select(['winnerSide', 'forfeitedBy'])
      .where('id', '=', debateId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ winnerSide: 'b', forfeitedBy: a.user.id });
  });
});
