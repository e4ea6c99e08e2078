/**
 * Trust and safety on both engines: reports and their preserved context, limits and merging, the queue's
 * order and claims, who may act on whom, what each action does at the other doors, the append-only log, notices and
 * appeals, and retention.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TBanRefusalDetails, TCaseDetail, TCaseSummary, TLogEntry, TNotice } from '@resolved/shared';
import { createTestApp, TEST_ENGINES, type TTestApp } from '../../test/harness';
import { buildUser, DEFAULT_TEST_PASSWORD } from '../../test/factories';
import { banAppealToken, purgeExpiredContext } from './moderation.service';

type TWho = Awaited<ReturnType<typeof buildUser>>;

describe.each(TEST_ENGINES)('moderation on %s', (engine) => {
  let t: TTestApp;
  beforeEach(async () => {
    t = await createTestApp(engine);
  });
  afterEach(async () => t.close());

  const send = (who: TWho | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: who ? { cookie: who.cookie } : {}, ...(payload ? { payload } : {}) });
  const report = (who: TWho, payload: object) => send(who, 'POST', '/api/reports', payload);
  const queue = async (who: TWho) =>
    (await send(who, 'GET', '/api/moderation/cases')).json<{ cases: TCaseSummary[] }>().cases;
  const caseOf = async (who: TWho, id: number) =>
    (await send(who, 'GET', `/api/moderation/cases/${id}`)).json<{ case: TCaseDetail }>().case;
  const act = (who: TWho, caseId: number, payload: object) =>
    send(who, 'POST', `/api/moderation/cases/${caseId}/actions`, payload);
  const notices = async (who: TWho) => (await send(who, 'GET', '/api/notices')).json<{ notices: TNotice[] }>().notices;

  /** A live LD round between a and b (both join the queue). */
  async function liveRound(a: TWho, b: TWho): Promise<number> {
    await send(a, 'POST', '/api/debates/queue', { formatId: 'ld' });
    const joined = await send(b, 'POST', '/api/debates/queue', { formatId: 'ld' });
    return joined.json<{ debateId: number }>().debateId;
  }

  it('copies a round’s context into the case, and it survives the messages and evidence being deleted', async () => {
    const a = await buildUser(t, { displayName: 'Reporter A' });
    const b = await buildUser(t, { displayName: 'Reported B' });
    const moderator = await buildUser(t, { role: 'moderator' });
    const debateId = await liveRound(a, b);
    expect((await send(b, 'POST', `/api/debates/${debateId}/messages`, { text: 'you are awful' })).statusCode).toBe(
      201,
    );
    const file = await t.app.inject({
      method: 'POST',
      url: `/api/debates/${debateId}/evidence/files?name=card.txt`,
      headers: { cookie: b.cookie, 'content-type': 'text/plain' },
      payload: 'the card text',
    });
    expect(file.statusCode).toBe(201);

    const filed = await report(a, { target: 'round', targetId: debateId, userId: b.user.id, reason: 'harassment' });
    expect(filed.statusCode).toBe(201);
    const { caseId, joined } = filed.json<{ caseId: number; joined: boolean }>();
    expect(joined).toBe(false);

    // The originals go (b deletes their account: their rounds, messages and evidence with it).
    const deleted = await send(b, 'POST', '/api/auth/delete-user', { password: DEFAULT_TEST_PASSWORD });
    expect(deleted.statusCode).toBe(200);
    expect(await t.database.db.selectFrom('debateMessages').select('id').execute()).toHaveLength(0);

    const detail = await caseOf(moderator, caseId);
    const round = detail.reportList[0]!.context!.round!;
    expect(round.participants.map((p) => p.displayName).sort()).toEqual(['Reported B', 'Reporter A']);
    expect(round.chat.map((m) => m.text)).toEqual(['you are awful']);
    expect(round.evidence).toHaveLength(1);
    const { createHash } = await import('node:crypto');
    expect(round.evidence[0]!.sha256).toBe(createHash('sha256').update('the card text').digest('hex'));
    const download = await send(moderator, 'GET', `/api/moderation/files/${round.evidence[0]!.fileId}`);
    expect(download.statusCode).toBe(200);
    expect(download.body).toBe('the card text');
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="[^"]+"; filename\*=UTF-8''/);
    expect(round.hasRecording).toBe(false);
  });

  it('keeps a child-safety round’s recording after a debater deletes it, for moderators only', async () => {
    const a = await buildUser(t);
    const b = await buildUser(t);
    const moderator = await buildUser(t, { role: 'moderator' });
    const debateId = await liveRound(a, b);
    for (const who of [a, b]) {
      const agreed = await send(who, 'PUT', `/api/debates/${debateId}/recording-consent`, { agree: true });
      expect(agreed.statusCode).toBe(200);
    }
    const started = await send(b, 'POST', `/api/debates/${debateId}/recordings`, { mimeType: 'video/webm' });
    expect(started.statusCode).toBe(201);
    const recordingId = started.json().recording.id as number;
    const bytes = Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 1, 2, 3, 4]);
    const chunk = await t.app.inject({
      method: 'POST',
      url: `/api/debates/${debateId}/recordings/${recordingId}/chunks?seq=0`,
      headers: { cookie: b.cookie, 'content-type': 'video/webm' },
      payload: bytes,
    });
    expect(chunk.statusCode).toBeLessThan(300);

    const filed = await report(a, { target: 'round', targetId: debateId, userId: b.user.id, reason: 'child_safety' });
    expect(filed.statusCode).toBe(201);
    // Either debater may delete a round's recordings: the case's copy stays.
    expect((await send(b, 'DELETE', `/api/debates/${debateId}/recordings`)).statusCode).toBe(200);
    const detail = await caseOf(moderator, filed.json().caseId);
    const round = detail.reportList[0]!.context!.round!;
    expect(round.hasRecording).toBe(true);
    expect(round.recordingFileIds).toHaveLength(1);
    expect(detail.retainUntil).not.toBeNull();
    const kept = await send(moderator, 'GET', `/api/moderation/files/${round.recordingFileIds[0]}`);
    expect(kept.statusCode).toBe(200);
    expect(kept.rawPayload.equals(bytes)).toBe(true);
    // A moderator's download only: the reporter cannot fetch it.
    expect((await send(a, 'GET', `/api/moderation/files/${round.recordingFileIds[0]}`)).statusCode).toBe(403);
  });

  it('keeps a community message with the ten before and after it', async () => {
    const a = await buildUser(t);
    const b = await buildUser(t);
    const now = new Date().toISOString();
    const rows = Array.from({ length: 25 }, (_, i) => ({
      clientId: `c${i}`,
      userId: i === 12 ? b.user.id : a.user.id,
      text: `line ${i}`,
      email: 'x@example.test',
      displayName: i === 12 ? 'B' : 'A',
      role: 'user',
      timestamp: now,
      deletedAt: null,
      deletedBy: null,
    }));
    await t.database.db.insertInto('messages').values(rows).execute();
    const target = await t.database.db
      .selectFrom('messages')
      .select('id')
      .where('text', '=', 'line 12')
      .executeTakeFirstOrThrow();
    const filed = await report(a, { target: 'message', targetId: target.id, userId: b.user.id, reason: 'spam' });
    expect(filed.statusCode).toBe(201);
    const moderator = await buildUser(t, { role: 'moderator' });
    const lines = (await caseOf(moderator, filed.json<{ caseId: number }>().caseId)).reportList[0]!.context!.message!
      .lines;
    expect(lines.map((l) => l.text)).toEqual(Array.from({ length: 21 }, (_, i) => `line ${i + 2}`));
    expect(lines.find((l) => l.isReported)?.text).toBe('line 12');
    // A message that is not the reported user's is not theirs to be reported for.
    const wrong = await report(a, { target: 'message', targetId: target.id, userId: a.user.id, reason: 'spam' });
    expect(wrong.statusCode).toBe(400);
  });

  it('blocks on a harassment report from the live room (the round ends), not on spam; the reporter can unblock', async () => {
    const a = await buildUser(t);
    const b = await buildUser(t);
    const debateId = await liveRound(a, b);
    const filed = await report(a, { target: 'round', targetId: debateId, userId: b.user.id, reason: 'harassment' });
    expect(filed.statusCode).toBe(201);
    expect(filed.json()).toMatchObject({ blocked: true });
    const blocks = (await send(a, 'GET', '/api/blocks')).json<{ blocks: { userId: string }[] }>().blocks;
    expect(blocks.map((x) => x.userId)).toEqual([b.user.id]);
    const round = (await send(a, 'GET', `/api/debates/${debateId}`)).json<{ debate: { status: string } }>().debate;
    expect(round.status).toBe('abandoned');
    expect((await send(a, 'DELETE', `/api/blocks/${b.user.id}`)).statusCode).toBeLessThan(300);
    expect((await send(a, 'GET', '/api/blocks')).json<{ blocks: unknown[] }>().blocks).toEqual([]);

    const c = await buildUser(t);
    const spam = await report(a, { target: 'user', userId: c.user.id, reason: 'spam' });
    expect(spam.json()).toMatchObject({ blocked: false });
    expect((await send(a, 'GET', '/api/blocks')).json<{ blocks: unknown[] }>().blocks).toEqual([]);
  });

  it('refuses self-reports, unknown users, over-long text and a 31st report in three hours', async () => {
    const a = await buildUser(t);
    const b = await buildUser(t);
    const self = await report(a, { target: 'user', userId: a.user.id, reason: 'spam' });
    expect(self.statusCode).toBe(400);
    expect(self.json().error.reason).toBe('self_report');
    expect((await report(a, { target: 'user', userId: 'nobody', reason: 'spam' })).statusCode).toBe(404);
    const long = await report(a, { target: 'user', userId: b.user.id, reason: 'other', details: 'x'.repeat(1001) });
    expect(long.statusCode).toBe(400);
    expect((await report(a, { target: 'user', userId: b.user.id, reason: 'other' })).statusCode).toBe(400);
    for (let i = 0; i < 30; i += 1) {
      expect((await report(a, { target: 'user', userId: b.user.id, reason: 'spam' })).statusCode).toBe(201);
    }
    const over = await report(a, { target: 'user', userId: b.user.id, reason: 'spam' });
    expect(over.statusCode).toBe(429);
    expect(over.json().error.code).toBe('rate_limited');
  });

  it('joins a second report into the open case, raising its score once per reporter, and sorts the queue', async () => {
    const [a, c, d, b, e] = await Promise.all([1, 2, 3, 4, 5].map(() => buildUser(t)));
    const moderator = await buildUser(t, { role: 'moderator' });
    const first = (await report(a!, { target: 'user', userId: b!.user.id, reason: 'spam' })).json<{ caseId: number }>();
    const again = (await report(a!, { target: 'user', userId: b!.user.id, reason: 'spam' })).json();
    const second = (await report(c!, { target: 'user', userId: b!.user.id, reason: 'spam' })).json();
    expect(again).toMatchObject({ caseId: first.caseId, joined: true });
    expect(second).toMatchObject({ caseId: first.caseId, joined: true });
    await report(d!, { target: 'user', userId: e!.user.id, reason: 'harassment' });
    await report(d!, { target: 'user', userId: b!.user.id, reason: 'child_safety' });
    const cases = await queue(moderator);
    expect(cases.map((x) => [x.reason, x.score])).toEqual([
      ['child_safety', 1],
      ['harassment', 1],
      ['spam', 2],
    ]);
    expect(cases[2]!.reports).toBe(3);
  });

  it('holds a claim for twenty minutes against another moderator, then lets them take it', async () => {
    const a = await buildUser(t);
    const b = await buildUser(t);
    const m1 = await buildUser(t, { role: 'moderator' });
    const m2 = await buildUser(t, { role: 'moderator' });
    const { caseId } = (await report(a, { target: 'user', userId: b.user.id, reason: 'spam' })).json();
    expect((await send(m1, 'POST', `/api/moderation/cases/${caseId}/claim`)).statusCode).toBe(200);
    const taken = await send(m2, 'POST', `/api/moderation/cases/${caseId}/claim`);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.reason).toBe('case_claimed');
    expect((await act(m2, caseId, { action: 'warn', reason: 'x' })).statusCode).toBe(409);
    // Twenty minutes and a second later (the claim's end moved back), the claim has lapsed.
    await t.database.db
      .updateTable('moderationCases')
      .set({ claimedUntil: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', caseId)
      .execute();
    expect((await send(m2, 'POST', `/api/moderation/cases/${caseId}/claim`)).statusCode).toBe(200);
  });

  it('lets moderators act on users only and admins on moderators; users and visitors not at all', async () => {
    const a = await buildUser(t);
    const staff = await buildUser(t, { role: 'moderator' });
    const m = await buildUser(t, { role: 'moderator' });
    const admin = await buildUser(t, { role: 'admin' });
    const { caseId } = (await report(a, { target: 'user', userId: staff.user.id, reason: 'spam' })).json();
    const refused = await act(m, caseId, { action: 'warn', reason: 'no' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.reason).toBe('cannot_moderate_staff');
    expect((await act(a, caseId, { action: 'warn', reason: 'no' })).statusCode).toBe(403);
    expect((await act(admin, caseId, { action: 'warn', reason: 'Be kind' })).statusCode).toBe(200);
    const own = await send(m, 'POST', `/api/moderation/users/${m.user.id}/actions`, { action: 'warn', reason: 'x' });
    expect(own.statusCode).toBe(403);
    const dismissUser = await send(admin, 'POST', `/api/moderation/users/${a.user.id}/actions`, {
      action: 'dismiss',
      reason: 'x',
    });
    expect(dismissUser.statusCode).toBe(400);
    expect((await send(null, 'GET', '/api/moderation/cases')).statusCode).toBe(401);
  });

  it('mutes: both chats refuse with until when; suspends: queue, challenges and the judge seat refuse', async () => {
    const a = await buildUser(t);
    const b = await buildUser(t);
    const m = await buildUser(t, { role: 'moderator' });
    const debateId = await liveRound(a, b);
    // Spam, not harassment: a harassment report would also block, which ends the round this test goes on using.
    const { caseId } = (await report(a, { target: 'user', userId: b.user.id, reason: 'spam' })).json();
    expect((await act(m, caseId, { action: 'mute', reason: 'Insults', hours: 24 })).statusCode).toBe(200);
    const said = await send(b, 'POST', `/api/debates/${debateId}/messages`, { text: 'hello' });
    expect(said.statusCode).toBe(403);
    expect(said.json().error.reason).toBe('muted');
    expect(said.json().error.message).toMatch(/muted until \d+ \w+ \d{4}, \d\d:\d\d UTC/);
    const session = (await send(b, 'GET', '/api/session')).json<{ user: { mutedUntil?: string } }>();
    expect(session.user.mutedUntil).toBeDefined();
    // The end as an ISO time too, for the web to say in the viewer's own time.
    expect(said.json().error.details).toEqual({ until: session.user.mutedUntil });

    const c = await buildUser(t);
    const second = (await report(a, { target: 'user', userId: c.user.id, reason: 'cheating' })).json();
    expect((await act(m, second.caseId, { action: 'suspend', reason: 'Farming', hours: 72 })).statusCode).toBe(200);
    const queued = await send(c, 'POST', '/api/debates/queue', { formatId: 'pf' });
    expect(queued.statusCode).toBe(403);
    expect(queued.json().error.reason).toBe('suspended');
    expect((await send(c, 'POST', '/api/debates/challenges', { formatId: 'ld' })).statusCode).toBe(403);
    expect((await send(c, 'POST', `/api/debates/${debateId}/judge`, {})).statusCode).toBe(403);
    // Someone not suspended still takes the seat.
    expect((await send(m, 'POST', `/api/debates/${debateId}/judge`, {})).statusCode).toBe(200);
  });

  it('bans: sessions end, sign-in is refused with a clear message, the reporter learns action was taken', async () => {
    const a = await buildUser(t);
    const b = await buildUser(t);
    const m = await buildUser(t, { role: 'moderator' });
    const { caseId } = (await report(a, { target: 'user', userId: b.user.id, reason: 'hate' })).json();
    expect((await act(m, caseId, { action: 'ban', reason: 'Slurs' })).statusCode).toBe(200);
    expect((await send(b, 'GET', '/api/notices')).statusCode).toBe(401);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: b.user.email, password: DEFAULT_TEST_PASSWORD },
    });
    expect(signIn.statusCode).toBe(403);
    expect(signIn.json().error).toMatchObject({ reason: 'account_banned', message: 'This account has been banned.' });
    const told = await notices(a);
    expect(told[0]).toMatchObject({ kind: 'report_outcome', title: 'Action taken', action: null });
    expect(told[0]!.body).not.toMatch(/ban/i);
    // The case is closed: a second action on it is refused.
    expect((await act(m, caseId, { action: 'warn', reason: 'x' })).statusCode).toBe(409);
    expect((await caseOf(m, caseId)).isReportedUserBanned).toBe(true);
    // Unban lets them back in.
    const admin = await buildUser(t, { role: 'admin' });
    const unban = await send(admin, 'POST', `/api/moderation/users/${b.user.id}/actions`, {
      action: 'unban',
      reason: 'Served',
    });
    expect(unban.statusCode).toBe(200);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: b.user.email, password: DEFAULT_TEST_PASSWORD },
    });
    expect(again.statusCode).toBe(200);
    expect((await caseOf(m, caseId)).isReportedUserBanned).toBe(false);
  });

  it('lets a banned person appeal the ban once from the refused sign-in, with its token and no session', async () => {
    const a = await buildUser(t);
    const b = await buildUser(t);
    const m = await buildUser(t, { role: 'moderator' });
    const { caseId } = (await report(a, { target: 'user', userId: b.user.id, reason: 'spam' })).json();
    expect((await act(m, caseId, { action: 'ban', reason: 'Posting adverts everywhere' })).statusCode).toBe(200);
    const signIn = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        payload: { email: b.user.email, password: DEFAULT_TEST_PASSWORD },
      });
    const refused = (await signIn()).json<{ error: { details: TBanRefusalDetails } }>().error;
    expect(refused.details.reason).toBe('Posting adverts everywhere');
    expect(refused.details.appealToken).toEqual(expect.any(String));
    // A wrong password says nothing of the ban (and gives no token).
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: b.user.email, password: 'not the password at all' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).not.toContain('appealToken');

    const appeal = (token: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/ban-appeals',
        payload: { token, text: 'They were my own club links.' },
      });
    const forged = `${refused.details.appealToken!.split('.')[0]}.${'A'.repeat(43)}`;
    expect((await appeal(forged)).statusCode).toBe(401);
    expect((await appeal('not-a-token')).statusCode).toBe(401);
    const filed = await appeal(refused.details.appealToken!);
    expect(filed.statusCode).toBe(201);
    const cases = await queue(m);
    expect(cases.some((c) => c.kind === 'appeal' && c.reportedUser.id === b.user.id)).toBe(true);
    const twice = await appeal(refused.details.appealToken!);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.reason).toBe('already_appealed');
    // Once appealed, the refused sign-in offers no second appeal.
    expect((await signIn()).json<{ error: { details: TBanRefusalDetails } }>().error.details.appealToken).toBeNull();
    // An expired token is refused.
    const { secret } = await t.app.auth.$context;
    const old = banAppealToken(secret, b.user.id, Date.now() - 2 * 60 * 60 * 1000);
    expect((await appeal(old)).statusCode).toBe(401);
  });

  it('logs every action append-only; admins read and filter all, moderators their own', async () => {
    const a = await buildUser(t);
    const b = await buildUser(t);
    const m1 = await buildUser(t, { role: 'moderator' });
    const m2 = await buildUser(t, { role: 'moderator' });
    const admin = await buildUser(t, { role: 'admin' });
    const one = (await report(a, { target: 'user', userId: b.user.id, reason: 'spam' })).json();
    await act(m1, one.caseId, { action: 'dismiss', reason: 'Not spam' });
    const two = (await report(a, { target: 'user', userId: b.user.id, reason: 'cheating' })).json();
    await act(m2, two.caseId, { action: 'warn', reason: 'Play fair' });
    const log = async (who: TWho, query = '') =>
      (await send(who, 'GET', `/api/moderation/log${query}`)).json<{ entries: TLogEntry[] }>().entries;
    expect((await log(admin)).map((e) => e.action)).toEqual(['warn', 'dismiss']);
    expect((await log(admin, '?action=dismiss')).map((e) => e.actor.id)).toEqual([m1.user.id]);
    expect((await log(m1)).map((e) => e.action)).toEqual(['dismiss']);
    // Asking for another moderator's entries still shows only one's own.
    expect((await log(m1, `?actorId=${m2.user.id}`)).map((e) => e.actor.id)).toEqual([m1.user.id]);
    await expect(t.database.db.updateTable('moderationLog').set({ reason: 'changed' }).execute()).rejects.toThrow(
      /append-only/,
    );
    await expect(t.database.db.deleteFrom('moderationLog').execute()).rejects.toThrow(/append-only/);
  });

  it('tells the actioned user what, why and until when; one appeal goes back to the queue and its decision to the log', async () => {
    const a = await buildUser(t);
    const b = await buildUser(t);
    const m = await buildUser(t, { role: 'moderator' });
    const { caseId } = (await report(a, { target: 'user', userId: b.user.id, reason: 'harassment' })).json();
    await act(m, caseId, { action: 'mute', reason: 'Name-calling', hours: 1 });
    const [notice] = await notices(b);
    expect(notice).toMatchObject({ kind: 'action', title: 'Muted', action: 'mute', canAppeal: true });
    expect(notice!.body).toContain('Name-calling');
    expect(notice!.until).not.toBeNull();
    const appealed = await send(b, 'POST', `/api/notices/${notice!.id}/appeal`, {
      text: 'It was a joke between friends',
    });
    expect(appealed.statusCode).toBe(201);
    const twice = await send(b, 'POST', `/api/notices/${notice!.id}/appeal`, { text: 'Again' });
    expect(twice.statusCode).toBe(409);
    expect((await notices(b))[0]!.canAppeal).toBe(false);
    const appealCase = (await queue(m)).find((x) => x.kind === 'appeal')!;
    expect(appealCase.reportedUser.id).toBe(b.user.id);
    const decided = await send(m, 'POST', `/api/moderation/cases/${appealCase.id}/appeal-decision`, {
      grant: true,
      reason: 'Fair enough',
    });
    expect(decided.statusCode).toBe(200);
    expect((await send(b, 'GET', '/api/session')).json().user.mutedUntil).toBeUndefined();
    expect((await notices(b))[0]).toMatchObject({ kind: 'appeal_outcome', title: 'Appeal granted' });
    // Someone else's notice cannot be appealed.
    expect((await send(a, 'POST', `/api/notices/${notice!.id}/appeal`, { text: 'x' })).statusCode).toBe(404);
  });

  it('purges closed cases’ context after 90 days, and a child-safety case’s only after SAFETY_RETENTION_DAYS', async () => {
    const a = await buildUser(t);
    const b = await buildUser(t);
    const m = await buildUser(t, { role: 'moderator' });
    const spam = (await report(a, { target: 'user', userId: b.user.id, reason: 'spam' })).json();
    const safety = (await report(a, { target: 'user', userId: b.user.id, reason: 'child_safety' })).json();
    await act(m, spam.caseId, { action: 'dismiss', reason: 'x' });
    await act(m, safety.caseId, { action: 'warn', reason: 'x' });
    const deps = {
      database: t.database,
      events: t.app.context.events,
      blobs: t.app.context.blobs,
      safetyRetentionDays: 365,
    };
    const day = 24 * 60 * 60 * 1000;
    expect(await purgeExpiredContext({ ...deps, now: () => Date.now() + 89 * day })).toBe(0);
    expect(await purgeExpiredContext({ ...deps, now: () => Date.now() + 91 * day })).toBe(1);
    expect((await caseOf(m, spam.caseId)).reportList[0]!.context).toBeNull();
    expect((await caseOf(m, safety.caseId)).reportList[0]!.context).not.toBeNull();
    expect(await purgeExpiredContext({ ...deps, now: () => Date.now() + 366 * day })).toBe(1);
    expect((await caseOf(m, safety.caseId)).reportList[0]!.context).toBeNull();
  });
});
