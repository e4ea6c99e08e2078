/** Points of information on both engines: the clock's window, one offer at a time, the speaker's answer, the record. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TDebate, TSessionUser } from '@resolved/shared';
import { createTestApp, TEST_ENGINES, type TTestApp } from '../../test/harness';
import { buildUser } from '../../test/factories';
import * as pois from './pois.service';
import * as debates from './debates.service';

type TCookieUser = { user: TSessionUser; cookie: string };

describe.each(TEST_ENGINES)('points of information on %s', (engine) => {
  let t: TTestApp;
  beforeEach(async () => {
    t = await createTestApp(engine);
  });
  afterEach(async () => {
    await t.close();
  });
  const call = (who: TCookieUser, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: who.cookie }, ...(payload ? { payload } : {}) });

  it('the other side offers in the open window; the speaker accepts; each point is recorded', async () => {
    const [host, friend] = [await buildUser(t), await buildUser(t)];
    const created = await call(host, 'POST', '/api/debates/challenges', { formatId: 'parli', prepMinutes: 15 });
    const id = (await call(friend, 'POST', `/api/debates/challenges/${created.json().challenge.token}/accept`)).json()
      .debateId as number;
    const { debate } = (await call(host, 'GET', `/api/debates/${id}`)).json() as { debate: TDebate };
    const gov = debate.debaters.a.userId === host.user.id ? host : friend;
    const opp = gov === host ? friend : host;
    const startedAt = Date.now();
    expect((await call(gov, 'POST', `/api/debates/${id}/clock`, { action: 'start_speech' })).statusCode).toBe(200);
    const at = (seconds: number) => ({
      database: t.database,
      events: t.app.context.events,
      now: () => startedAt + seconds * 1000,
    });

    await expect(pois.offerPoi(at(20), opp.user, id, 'poi')).rejects.toThrow(
      'Protected time: points of information are not allowed now.',
    );
    await expect(pois.offerPoi(at(90), gov.user, id, 'poi')).rejects.toThrow('Only the other side offers a point.');
    await expect(pois.offerPoi(at(90), opp.user, id, 'order')).rejects.toThrow(
      'Points of order are raised only during the rebuttals.',
    );
    const offered = await pois.offerPoi(at(90), opp.user, id, 'poi');
    expect(offered).toMatchObject({ kind: 'poi', status: 'offered', offeredBy: opp.user.id, speechIndex: 0 });
    await expect(pois.offerPoi(at(92), opp.user, id, 'poi')).rejects.toThrow('already waiting for the speaker');
    await expect(pois.answerPoi(at(93), opp.user, id, offered.id, true)).rejects.toThrow('Only the speaker');
    const accepted = await pois.answerPoi(at(94), gov.user, id, offered.id, true);
    expect(accepted).toMatchObject({ status: 'accepted', answeredAt: new Date(startedAt + 94_000).toISOString() });
    await expect(pois.answerPoi(at(95), gov.user, id, offered.id, false)).rejects.toThrow('no longer waiting');
    // An offer the speaker lets pass lapses, and the next may be offered.
    const second = await pois.offerPoi(at(150), opp.user, id, 'poi');
    const third = await pois.offerPoi(at(170), opp.user, id, 'poi');
    const declined = await pois.answerPoi(at(172), gov.user, id, third.id, false);
    expect(declined.status).toBe('declined');
    // An answer that comes after the offer lapsed is refused, and the offer is recorded as lapsed.
    const late = await pois.offerPoi(at(200), opp.user, id, 'poi');
    await expect(pois.answerPoi(at(211), gov.user, id, late.id, true)).rejects.toThrow('no longer waiting');
    const recorded = (await call(opp, 'GET', `/api/debates/${id}`)).json().debate.pois;
    expect(recorded.map((p: { id: number; status: string }) => [p.id, p.status])).toEqual([
      [offered.id, 'accepted'],
      [second.id, 'lapsed'],
      [third.id, 'declined'],
      [late.id, 'lapsed'],
    ]);

    // Past the speech's time the window is closed as time up, by the format's one rule (`mayOfferPoi`), not called
    // protected time; the speaker and their side are refused whatever the time.
    await expect(pois.offerPoi(at(7 * 60 + 0.5), opp.user, id, 'poi')).rejects.toThrow(
      'The speech’s time is up: no more points of information.',
    );
    await expect(pois.offerPoi(at(7 * 60 - 10), gov.user, id, 'poi')).rejects.toThrow(
      'Only the other side offers a point.',
    );

    // In the rebuttals the other side may rise on a point of order (no POIs there); it is recorded as raised.
    let elapsed = 7 * 60;
    for (const speech of ['pmc', 'loc', 'mgc', 'moc']) {
      const speaker = speech === 'pmc' || speech === 'mgc' ? gov : opp;
      if (speech !== 'pmc') await debates.commandClock(at(elapsed), speaker.user, id, 'start_speech');
      elapsed += 1;
      await debates.commandClock(at(elapsed), speaker.user, id, 'end_speech');
      elapsed += 1;
    }
    await debates.commandClock(at(elapsed), opp.user, id, 'start_speech'); // the LOR
    await expect(pois.offerPoi(at(elapsed + 90), gov.user, id, 'poi')).rejects.toThrow();
    const order = await pois.offerPoi(at(elapsed + 90), gov.user, id, 'order');
    expect(order).toMatchObject({ kind: 'order', status: 'raised', offeredBy: gov.user.id, speechIndex: 4 });
  });
});
