/**
 * "Download my data", on both engines: the export holds the account's own rounds, ballots,
 * flows, messages, evidence list, reports filed and actions against it — and none of another person's private data
 * (the opponent's flow and messages, the reporter's identity, the moderator's name, the password or sessions).
 */
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ZMyData, type TMyData } from '@resolved/shared';
import { createTestApp, TEST_ENGINES, type TTestApp } from '../../test/harness';
import { buildUser, DEFAULT_TEST_PASSWORD } from '../../test/factories';
import { sendMessage } from '../chat/chat.service';

type TWho = Awaited<ReturnType<typeof buildUser>>;

describe.each(TEST_ENGINES)('my data export on %s', (engine) => {
  let t: TTestApp;
  beforeEach(async () => {
    t = await createTestApp(engine);
  });
  afterEach(async () => t.close());

  const send = (who: TWho | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: who ? { cookie: who.cookie } : {}, ...(payload ? { payload } : {}) });
  const flowOf = (text: string) => [[{ text, isExtension: false }]];

  it('holds the user’s own data and none of another person’s private data', async () => {
    const me = await buildUser(t, { displayName: 'Exporter' });
    const opponent = await buildUser(t, { displayName: 'Opponent' });
    const judge = await buildUser(t, { displayName: 'Judge' });
    const reporter = await buildUser(t, { displayName: 'Reporter Person' });
    const moderator = await buildUser(t, { displayName: 'Mod Person', role: 'moderator' });
    const created = await send(me, 'POST', '/api/debates/challenges', { formatId: 'ld' });
    const accepted = await send(opponent, 'POST', `/api/debates/challenges/${created.json().challenge.token}/accept`);
    const debateId = accepted.json().debateId as number;
    expect((await send(judge, 'POST', `/api/debates/${debateId}/judge`, {})).statusCode).toBe(200);

    expect(
      (await send(me, 'PUT', `/api/debates/${debateId}/flow`, { columns: flowOf('my own flow') })).statusCode,
    ).toBe(200);
    expect(
      (await send(opponent, 'PUT', `/api/debates/${debateId}/flow`, { columns: flowOf('opponent secret flow') }))
        .statusCode,
    ).toBe(200);
    expect((await send(me, 'POST', `/api/debates/${debateId}/messages`, { text: 'my round line' })).statusCode).toBe(
      201,
    );
    expect(
      (await send(opponent, 'POST', `/api/debates/${debateId}/messages`, { text: 'opponent round line' })).statusCode,
    ).toBe(201);
    const deps = { database: t.database, events: t.app.context.events };
    await sendMessage(deps, me.user, { clientId: randomUUID(), text: 'my community line' });
    await sendMessage(deps, opponent.user, { clientId: randomUUID(), text: 'opponent community line' });
    expect(
      (await send(me, 'POST', `/api/debates/${debateId}/evidence/notes`, { kind: 'text', text: 'My card text' }))
        .statusCode,
    ).toBe(201);

    // I report the opponent; someone reports me and a moderator warns me from that case.
    expect(
      (await send(me, 'POST', '/api/reports', { target: 'user', userId: opponent.user.id, reason: 'spam' })).statusCode,
    ).toBe(201);
    const filed = await send(reporter, 'POST', '/api/reports', {
      target: 'user',
      userId: me.user.id,
      reason: 'harassment',
    });
    expect(filed.statusCode).toBe(201);
    const acted = await send(moderator, 'POST', `/api/moderation/cases/${filed.json().caseId}/actions`, {
      action: 'warn',
      reason: 'Be kind',
    });
    expect(acted.statusCode).toBe(200);

    const response = await send(me, 'GET', '/api/users/me/export');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="(resolved-data-\d{4}-\d{2}-\d{2}\.json)"; filename\*=UTF-8''\1$/,
    );
    const data: TMyData = ZMyData.parse(response.json());
    expect(data.account).toMatchObject({ id: me.user.id, displayName: 'Exporter', role: 'user', email: me.user.email });
    expect(data.rounds).toEqual([
      expect.objectContaining({ id: debateId, formatId: 'ld', seat: expect.stringMatching(/^[ab]$/) }),
    ]);
    expect(data.flows).toEqual([expect.objectContaining({ debateId, cells: flowOf('my own flow') })]);
    expect(data.roundMessages.map((m) => m.text)).toEqual(['my round line']);
    expect(data.communityMessages.map((m) => m.text)).toEqual(['my community line']);
    expect(data.evidence).toEqual([expect.objectContaining({ debateId, kind: 'text', sha256: null })]);
    expect(data.reportsFiled).toEqual([expect.objectContaining({ reason: 'spam', target: 'user', outcome: 'open' })]);
    expect(data.moderationActions).toEqual([expect.objectContaining({ action: 'warn', reason: 'Be kind' })]);

    const text = response.body;
    for (const absent of [
      'opponent secret flow',
      'opponent round line',
      'opponent community line',
      reporter.user.id,
      'Reporter Person',
      moderator.user.id,
      'Mod Person',
      DEFAULT_TEST_PASSWORD,
      me.cookie.split('=')[1]!.split(';')[0]!,
    ])
      expect(text).not.toContain(absent);
    expect(text).not.toMatch(/password|token/i);
  });

  it('gives the judge the ballot they wrote and the debaters the ballot they received', async () => {
    const a = await buildUser(t);
    const b = await buildUser(t);
    const judge = await buildUser(t);
    const created = await send(a, 'POST', '/api/debates/challenges', { formatId: 'ld' });
    const debateId = (await send(b, 'POST', `/api/debates/challenges/${created.json().challenge.token}/accept`)).json()
      .debateId as number;
    expect((await send(judge, 'POST', `/api/debates/${debateId}/judge`, {})).statusCode).toBe(200);
    await t.database.db
      .insertInto('debateBallots')
      .values({
        debateId,
        judgeId: judge.user.id,
        winnerSide: 'a',
        speakerPointsA: 29,
        speakerPointsB: 28,
        reason: 'Clearer weighing',
        createdAt: new Date().toISOString(),
      })
      .execute();
    const judged = ZMyData.parse((await send(judge, 'GET', '/api/users/me/export')).json());
    expect(judged.ballots).toEqual([expect.objectContaining({ debateId, role: 'wrote', reason: 'Clearer weighing' })]);
    expect(judged.rounds).toEqual([expect.objectContaining({ id: debateId, seat: 'judge' })]);
    const received = ZMyData.parse((await send(b, 'GET', '/api/users/me/export')).json());
    expect(received.ballots).toEqual([expect.objectContaining({ debateId, role: 'received', winnerSide: 'a' })]);
    expect(JSON.stringify(received)).not.toContain(judge.user.id);
  });

  it('refuses a visitor', async () => {
    expect((await send(null, 'GET', '/api/users/me/export')).statusCode).toBe(401);
  });
});
