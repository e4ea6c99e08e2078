/**
 * The free-text rule at the doors (issue 39 item 13), on both engines: a NUL, a C1 control or a direction override in
 * a tournament's or a division's name, a ballot's or a correction's reason, a display name or a chat message is a 400
 * with a message that says what is wrong — never stored, and never PostgreSQL's 500 ("invalid byte sequence for
 * encoding UTF8: 0x00"). Text the schemas do not hold to the rule (an id) still answers 400 when PostgreSQL cannot
 * store it: the error handler reads its encoding refusal as the client's.
 */
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TTournament, TTournamentRound } from '@resolved/shared';
import { createTestApp, TEST_ENGINES, type TTestApp } from '../test/harness';
import { buildUser } from '../test/factories';
import { displayNameFrom } from '../features/auth/auth';
import { connectClient, listenOnFreePort, request, type TTestSocket } from '../features/chat/chat-test-client';

type TWho = Awaited<ReturnType<typeof buildUser>>;

const CONTROL = /cannot contain (line breaks or )?control characters\./;
const INVISIBLE = /cannot contain invisible or direction-changing characters\./;

describe.each(TEST_ENGINES)('control and invisible characters in free text on %s', (engine) => {
  let t: TTestApp;
  const sockets: TTestSocket[] = [];
  beforeEach(async () => {
    t = await createTestApp(engine);
  });
  afterEach(async () => {
    for (const socket of sockets.splice(0)) socket.disconnect();
    await t.close();
  });

  const call = (who: TWho, method: 'POST' | 'PUT', url: string, payload: object) =>
    t.app.inject({ method, url, headers: { cookie: who.cookie }, payload });

  /** A 400 `validation_failed` whose message matches `message`. */
  function expectRefused(response: { statusCode: number; body: string; json(): unknown }, message: RegExp) {
    expect(response.statusCode, response.body).toBe(400);
    const { error } = response.json() as { error: { code: string; message: string } };
    expect(error.code).toBe('validation_failed');
    expect(error.message).toMatch(message);
  }

  const tournament = (name: string, divisions?: string[]) => ({
    name,
    formatId: 'ld',
    prelimRounds: 2,
    breakSize: 0,
    scheduleMode: 'fixed',
    entryMode: 'open',
    ...(divisions ? { divisions } : {}),
  });

  it('refuses them in a tournament’s and a division’s name', async () => {
    const admin = await buildUser(t, { role: 'admin' });
    for (const name of ['Spring\u0000Open', 'Bell\u0007Cup', 'Esc\u001b[31mCup', 'Del\u007fCup', 'Csi\u009bCup']) {
      expectRefused(await call(admin, 'POST', '/api/tournaments', tournament(name)), CONTROL);
    }
    for (const name of ['Spring \u202eneпO', 'Cup\u200b', 'Cup\u2067x\u2069', '\ufeffCup\ufeff Two']) {
      expectRefused(await call(admin, 'POST', '/api/tournaments', tournament(name)), INVISIBLE);
    }
    for (const division of ['Nov\u0000ice', 'Var\u0085sity']) {
      expectRefused(await call(admin, 'POST', '/api/tournaments', tournament('Cup', ['Open', division])), CONTROL);
    }
    expectRefused(await call(admin, 'POST', '/api/tournaments', tournament('Cup', ['Open', 'Open\u200d'])), INVISIBLE);
    const fine = await call(admin, 'POST', '/api/tournaments', tournament('Zoë’s Cup — محمد', ['Open', 'Novice']));
    expect(fine.statusCode, fine.body).toBe(201);
    expect((await t.database.db.selectFrom('tournaments').select('name').execute()).map((r) => r.name)).toEqual([
      'Zoë’s Cup — محمد',
    ]);
  });

  it('refuses them in a ballot’s and a correction’s reason, and keeps a reason’s line breaks', async () => {
    const admin = await buildUser(t, { role: 'admin' });
    const created = await call(admin, 'POST', '/api/tournaments', tournament('Reasons cup'));
    const { id } = created.json().tournament as TTournament;
    for (let i = 0; i < 2; i++) {
      const who = await buildUser(t);
      expect((await call(who, 'POST', `/api/tournaments/${id}/entrants`, {})).statusCode).toBe(201);
    }
    const released = await t.app.inject({
      method: 'POST',
      url: `/api/tournaments/${id}/rounds/1/release`,
      headers: { cookie: admin.cookie },
    });
    expect(released.statusCode, released.body).toBe(201);
    const pairing = (released.json().round as TTournamentRound).pairings[0]!;
    const judge = await buildUser(t);
    await t.database.db
      .updateTable('debates')
      .set({ status: 'awaiting_ballot', judgeId: judge.user.id, spokenMs: 60 * 60_000 })
      .where('id', '=', pairing.debateId!)
      .execute();
    const ballotUrl = `/api/debates/${pairing.debateId}/ballots`;
    const ballot = (reason: string) => ({ winnerSide: 'a', speakerPoints: { a: 28, b: 27.5 }, reason });
    for (const reason of ['Aff\u0000won', 'Aff won\u0007', 'Aff\u009bwon', 'Aff\u2028won']) {
      expectRefused(await call(judge, 'POST', ballotUrl, ballot(reason)), CONTROL);
    }
    const accepted = await call(judge, 'POST', ballotUrl, ballot('Aff won the weighing.\r\n\tNeg dropped the K.'));
    expect(accepted.statusCode, accepted.body).toBe(201);
    const stored = await t.database.db.selectFrom('debateBallots').select('reason').executeTakeFirstOrThrow();
    expect(stored.reason).toBe('Aff won the weighing.\n\tNeg dropped the K.');

    const correctionUrl = `/api/tournaments/${id}/pairings/${pairing.id}/corrections`;
    for (const reason of ['Wrong\u0000side', 'Wrong\u001bside', 'Wrong\u0085side']) {
      expectRefused(await call(admin, 'POST', correctionUrl, { winner: 'neg', reason }), CONTROL);
    }
    const corrected = await call(admin, 'POST', correctionUrl, { winner: 'neg', reason: 'The judge\nmarked Aff.' });
    expect(corrected.statusCode, corrected.body).toBe(201);
  });

  it('refuses them in a display name at sign-up and in account settings', async () => {
    const signUp = (name: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        payload: { name, email: `${randomUUID()}@example.test`, password: 'debate-practice-1', birthMonth: '1990-01' },
      });
    expectRefused(await signUp('Ann\u0000Lee'), CONTROL);
    expectRefused(await signUp('Ann \u202eeeL'), INVISIBLE);
    const who = await buildUser(t);
    const update = (name: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/update-user',
        headers: { cookie: who.cookie, 'content-type': 'application/json' },
        payload: JSON.stringify({ name }),
      });
    expectRefused(await update('Ann\u0000Lee'), CONTROL);
    expectRefused(await update('Ann\u009fLee'), CONTROL);
    for (const name of ['Ann\u200bLee', 'Ann\u2066Lee', 'Ann\ufeffLee', '\u3164']) {
      expectRefused(await update(name), INVISIBLE);
    }
  });

  it('refuses them in a chat message, which keeps its line breaks', async () => {
    const baseUrl = await listenOnFreePort(t.app);
    const who = await buildUser(t);
    const socket = await connectClient(baseUrl, who.cookie);
    sockets.push(socket);
    expect((await request(socket, 'chat.join', {})).ok).toBe(true);
    for (const text of ['hi\u0000there', 'hi\u0007', 'hi\u009b31m']) {
      const refused = await request(socket, 'message.send', { clientId: randomUUID(), text });
      expect(refused).toMatchObject({ ok: false, error: { code: 'validation_failed' } });
      expect(refused.ok ? '' : refused.error.message).toMatch(CONTROL);
    }
    const sent = await request(socket, 'message.send', { clientId: randomUUID(), text: 'two\nlines' });
    expect(sent.ok, JSON.stringify(sent)).toBe(true);
  });

  it('answers 400, never 500, when the database cannot store text the schemas let through (a NUL in an id)', async () => {
    const admin = await buildUser(t, { role: 'admin' });
    const created = await call(admin, 'POST', '/api/tournaments', tournament('Ids cup'));
    const { id } = created.json().tournament as TTournament;
    const response = await call(admin, 'POST', `/api/tournaments/${id}/judges`, { userId: 'abc\u0000def' });
    // SQLite finds no such account; PostgreSQL refuses the NUL itself, and that is the client's error too.
    expect(response.statusCode, response.body).toBe(engine === 'postgres' ? 400 : 404);
    expect(response.json().error.message).not.toBe('');
  });
});

describe('a display name from a sign-in provider', () => {
  it('loses control and invisible characters rather than the account', () => {
    expect(displayNameFrom('Ann\u202e Lee\u0000', 'ann@example.test')).toBe('Ann Lee');
    expect(displayNameFrom('\u200b\u3164', 'ann@example.test')).toBe('ann');
  });
});
