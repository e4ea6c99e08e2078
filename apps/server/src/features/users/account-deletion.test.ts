/**
 * Account settings, on both engines: a user renames themselves under the sign-up rules, changes
 * their password with the current one, and deletes their account with its password — their rounds, chat messages
 * and score history go with it (documented in docs/decisions.md), ballots they wrote as a judge stay without their
 * name, and nothing is left pointing at the deleted account.
 */
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ENGINES, type TTestApp } from '../../test/harness';
import { buildUser, cookieHeaderFrom, DEFAULT_TEST_PASSWORD } from '../../test/factories';

describe.each(TEST_ENGINES)('account settings on %s', (engine) => {
  let t: TTestApp;
  beforeEach(async () => {
    t = await createTestApp(engine);
  });
  afterEach(async () => t.close());

  const db = () => t.database.db;
  const post = (cookie: string, url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, headers: { cookie }, payload });

  it('changes the password only with the current one, and signs in with the new one', async () => {
    const { user, cookie } = await buildUser(t);
    const wrong = await post(cookie, '/api/auth/change-password', {
      currentPassword: 'not my password',
      newPassword: 'a fresh password 2',
    });
    expect(wrong.statusCode).toBe(400);
    const ok = await post(cookie, '/api/auth/change-password', {
      currentPassword: DEFAULT_TEST_PASSWORD,
      newPassword: 'a fresh password 2',
    });
    expect(ok.statusCode).toBe(200);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: user.email, password: 'a fresh password 2' },
    });
    expect(signIn.statusCode).toBe(200);
  });

  it('deletes an account with its password: rounds, messages and ledger go, judged ballots stay unnamed', async () => {
    const leaving = await buildUser(t, { displayName: 'Leaving' });
    const staying = await buildUser(t, { displayName: 'Staying' });
    const judged = await buildUser(t, { displayName: 'Debater C' });
    // A round between the two, a round the leaving user judges, a chat message and an admin score change.
    for (const who of [leaving, staying]) {
      await post(who.cookie, '/api/debates/queue', { formatId: 'ld' });
    }
    const other = await buildUser(t, { displayName: 'Debater D' });
    for (const who of [judged, other]) await post(who.cookie, '/api/debates/queue', { formatId: 'pf' });
    const pf = await t.database.db
      .selectFrom('debates')
      .select('id')
      .where('formatId', '=', 'pf')
      .executeTakeFirstOrThrow();
    expect((await post(leaving.cookie, `/api/debates/${pf.id}/judge`, {})).statusCode).toBe(200);
    const ld = await db().selectFrom('debates').select('id').where('formatId', '=', 'ld').executeTakeFirstOrThrow();
    expect((await post(leaving.cookie, `/api/debates/${ld.id}/messages`, { text: 'Good luck' })).statusCode).toBe(201);
    const now = new Date().toISOString();
    await db()
      .insertInto('messages')
      .values({
        clientId: randomUUID(),
        userId: leaving.user.id,
        text: 'bye all',
        email: leaving.user.email,
        displayName: 'Leaving',
        role: 'user',
        timestamp: now,
        deletedAt: null,
        deletedBy: null,
      })
      .execute();
    await db()
      .insertInto('scoreLedger')
      .values({ userId: leaving.user.id, changedBy: null, oldScore: 0, newScore: 5, reason: 'Test', createdAt: now })
      .execute();
    for (const table of ['messages', 'debateMessages', 'scoreLedger'] as const) {
      expect(
        await db().selectFrom(table).select('userId').where('userId', '=', leaving.user.id).execute(),
      ).toHaveLength(1);
    }

    expect((await post(leaving.cookie, '/api/auth/delete-user', {})).statusCode).toBe(400);
    expect((await post(leaving.cookie, '/api/auth/delete-user', { password: 'wrong password' })).statusCode).toBe(400);
    const deleted = await post(leaving.cookie, '/api/auth/delete-user', { password: DEFAULT_TEST_PASSWORD });
    expect(deleted.statusCode).toBe(200);

    expect(await db().selectFrom('users').select('id').where('id', '=', leaving.user.id).execute()).toEqual([]);
    for (const table of ['sessions', 'accounts', 'scoreLedger', 'messages', 'debateMessages'] as const) {
      expect(
        await db().selectFrom(table).select('userId').where('userId', '=', leaving.user.id).execute(),
        table,
      ).toEqual([]);
    }
    const rounds = await db().selectFrom('debates').select(['id', 'judgeId', 'debaterAId', 'debaterBId']).execute();
    expect(rounds.some((r) => [r.debaterAId, r.debaterBId].includes(leaving.user.id))).toBe(false);
    expect(rounds.find((r) => r.id === pf.id)?.judgeId).toBeNull();
    // The session is gone; the others' pages still answer.
    const session = await t.app.inject({ method: 'GET', url: '/api/session', headers: { cookie: leaving.cookie } });
    expect(session.json().user).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: '/api/leaderboard' })).statusCode).toBe(200);
    const history = await t.app.inject({
      method: 'GET',
      url: '/api/debates/history',
      headers: { cookie: staying.cookie },
    });
    expect(history.statusCode).toBe(200);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: leaving.user.email, password: DEFAULT_TEST_PASSWORD },
    });
    expect(again.statusCode).toBe(404);
    expect(cookieHeaderFrom(again.headers['set-cookie'])).toBe('');
  });
  it('deletes the evidence a judge shared in rounds that outlive the account, not only its name', async () => {
    const [host, friend, judge] = [await buildUser(t), await buildUser(t), await buildUser(t)];
    const created = await post(host.cookie, '/api/debates/challenges', { formatId: 'ld' });
    const accepted = await post(friend.cookie, `/api/debates/challenges/${created.json().challenge.token}/accept`, {});
    const debateId = accepted.json().debateId as number;
    expect((await post(judge.cookie, `/api/debates/${debateId}/judge`, {})).statusCode).toBe(200);
    const note = { kind: 'text', text: 'Judge only note' };
    expect((await post(judge.cookie, `/api/debates/${debateId}/evidence/notes`, note)).statusCode).toBe(201);
    expect(
      (await post(host.cookie, `/api/debates/${debateId}/evidence/notes`, { kind: 'text', text: 'Host card' }))
        .statusCode,
    ).toBe(201);
    const deleted = await post(judge.cookie, '/api/auth/delete-user', { password: DEFAULT_TEST_PASSWORD });
    expect(deleted.statusCode).toBe(200);
    const left = await db()
      .selectFrom('debateEvidence')
      .select(['text', 'userId'])
      .where('debateId', '=', debateId)
      .execute();
    expect(left).toEqual([{ text: 'Host card', userId: host.user.id }]);
  });
  it('unnames the reports a deleted account filed (outside child safety), and its case can still be decided', async () => {
    const reporter = await buildUser(t, { displayName: 'Gone Reporter' });
    const reported = await buildUser(t);
    const moderator = await buildUser(t, { role: 'moderator' });
    const filed = await post(reporter.cookie, '/api/reports', {
      target: 'user',
      userId: reported.user.id,
      reason: 'spam',
    });
    expect(filed.statusCode).toBe(201);
    const deleted = await post(reporter.cookie, '/api/auth/delete-user', { password: DEFAULT_TEST_PASSWORD });
    expect(deleted.statusCode).toBe(200);
    const reports = await db().selectFrom('moderationReports').select(['reporterId', 'reporterName']).execute();
    expect(reports).toEqual([{ reporterId: null, reporterName: 'Deleted account' }]);
    const acted = await post(moderator.cookie, `/api/moderation/cases/${filed.json().caseId}/actions`, {
      action: 'warn',
      reason: 'Keep it on topic',
    });
    expect(acted.statusCode).toBe(200);
  });
});
