/**
 * The text filter at every door that stores words for others, on both engines: a slur of the
 * critical list is refused (400 `text_refused`, the field named) and nothing is stored; another match is stored as
 * usual and filed as an automatic case on its author — no person behind it, what matched and where, the context
 * copied — and repeated hits on one person join that one open case.
 */
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TCaseDetail, TCaseSummary, TNotice } from '@resolved/shared';
import { createTestApp, TEST_ENGINES, type TTestApp } from '../../test/harness';
import { ADULT_BIRTH_MONTH, buildUser } from '../../test/factories';
import { sendMessage } from '../chat/chat.service';

type TWho = Awaited<ReturnType<typeof buildUser>>;

const SLUR = 'kike';
const FLAGGED = 'what the fuck';
const REFUSAL = {
  code: 'validation_failed',
  reason: 'text_refused',
  message: 'This contains a slur, which Resolved does not allow. Please write it another way.',
};

describe.each(TEST_ENGINES)('the text filter on %s', (engine) => {
  let t: TTestApp;
  let moderator: TWho;
  beforeEach(async () => {
    t = await createTestApp(engine);
    moderator = await buildUser(t, { role: 'moderator' });
  });
  afterEach(async () => t.close());

  const send = (who: TWho | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: who ? { cookie: who.cookie } : {}, ...(payload ? { payload } : {}) });
  const queue = async () =>
    (await send(moderator, 'GET', '/api/moderation/cases')).json<{ cases: TCaseSummary[] }>().cases;
  const caseOf = async (id: number) =>
    (await send(moderator, 'GET', `/api/moderation/cases/${id}`)).json<{ case: TCaseDetail }>().case;
  /** The one open case on `who`, with its detail (fails when there is none or more than one). */
  async function caseOn(who: TWho): Promise<TCaseDetail> {
    const cases = (await queue()).filter((c) => c.reportedUser.id === who.user.id);
    expect(cases).toHaveLength(1);
    return caseOf(cases[0]!.id);
  }
  const casesOn = async (who: TWho) => (await queue()).filter((c) => c.reportedUser.id === who.user.id);

  /** Expects a 400 `text_refused` answer naming `field`. */
  function expectRefused(response: Awaited<ReturnType<typeof send>>, field: string) {
    expect(response.statusCode).toBe(400);
    const { error } = response.json<{ error: { details: unknown } }>();
    expect(error).toMatchObject(REFUSAL);
    expect(error.details).toEqual([{ path: field, message: REFUSAL.message }]);
  }

  async function liveRound(a: TWho, b: TWho): Promise<number> {
    await send(a, 'POST', '/api/debates/queue', { formatId: 'ld' });
    const joined = await send(b, 'POST', '/api/debates/queue', { formatId: 'ld' });
    return joined.json<{ debateId: number }>().debateId;
  }

  const deps = () => ({ database: t.database, events: t.app.context.events });

  it('refuses a slur in the community chat and stores nothing; look-alike letters too', async () => {
    const a = await buildUser(t);
    for (const text of [`you ${SLUR}`, 'n1gg3r']) {
      await expect(sendMessage(deps(), a.user, { clientId: randomUUID(), text })).rejects.toMatchObject(REFUSAL);
    }
    expect(await t.database.db.selectFrom('messages').select('id').execute()).toHaveLength(0);
    expect(await casesOn(a)).toEqual([]);
  });

  it('posts a flagged community message and files one automatic case that repeated hits join', async () => {
    const a = await buildUser(t, { displayName: 'Potty Mouth' });
    const other = await buildUser(t);
    await sendMessage(deps(), other.user, { clientId: randomUUID(), text: 'Good morning' });
    const sent = await sendMessage(deps(), a.user, { clientId: randomUUID(), text: FLAGGED });
    expect(sent.text).toBe(FLAGGED);

    const summary = (await casesOn(a))[0]!;
    expect(summary).toMatchObject({ reason: 'other', score: 0, filterHits: 1, reports: 1 });
    const detail = await caseOf(summary.id);
    const auto = detail.reportList[0]!;
    expect(auto).toMatchObject({
      isAutomatic: true,
      reporter: { id: null, displayName: 'Text filter' },
      target: 'message',
      targetId: sent.id,
    });
    expect(auto.context!.filter).toEqual({ surface: 'community_chat', words: ['fuck'], text: FLAGGED });
    expect(auto.context!.message!.lines.map((l) => [l.text, !!l.isReported])).toEqual([
      ['Good morning', false],
      [FLAGGED, true],
    ]);

    // A stretched form is the same word; the second hit joins the open case.
    await sendMessage(deps(), a.user, { clientId: randomUUID(), text: 'fuuuuuuck' });
    const joined = await caseOn(a);
    expect(joined).toMatchObject({ id: summary.id, score: 0, filterHits: 2, reports: 2 });

    // A person reporting the same person for the same reason joins it too, and counts as one reporter.
    const reported = await send(other, 'POST', '/api/reports', {
      target: 'user',
      userId: a.user.id,
      reason: 'other',
      details: 'Swears a lot',
    });
    expect(reported.json()).toMatchObject({ caseId: summary.id, joined: true });
    expect(await caseOn(a)).toMatchObject({ score: 1, filterHits: 2, reports: 3 });
  });

  it('neither refuses nor files debate vocabulary in the chat', async () => {
    const a = await buildUser(t);
    for (const text of ['sexual assault policy', 'the rape shield law', 'Scunthorpe analysis', 'cocktail']) {
      expect((await sendMessage(deps(), a.user, { clientId: randomUUID(), text })).text).toBe(text);
    }
    expect(await casesOn(a)).toEqual([]);
  });

  it('refuses a slur in a round’s chat and files a flagged round message with the round’s chat', async () => {
    const a = await buildUser(t);
    const b = await buildUser(t);
    const debateId = await liveRound(a, b);
    expectRefused(await send(a, 'POST', `/api/debates/${debateId}/messages`, { text: `a ${SLUR}` }), 'text');
    expect(await t.database.db.selectFrom('debateMessages').select('id').execute()).toHaveLength(0);

    expect((await send(b, 'POST', `/api/debates/${debateId}/messages`, { text: 'Ready?' })).statusCode).toBe(201);
    const posted = await send(a, 'POST', `/api/debates/${debateId}/messages`, { text: 'sh1t' });
    expect(posted.statusCode).toBe(201);
    const auto = (await caseOn(a)).reportList[0]!;
    expect(auto).toMatchObject({ isAutomatic: true, target: 'round', targetId: debateId });
    expect(auto.context!.filter).toMatchObject({ surface: 'round_chat', words: ['shit'] });
    expect(auto.context!.message!.lines.map((l) => [l.text, !!l.isReported])).toEqual([
      ['Ready?', false],
      ['sh1t', true],
    ]);
    expect(await casesOn(b)).toEqual([]);
  });

  it('refuses a slur in a display name at sign-up and on change; files a flagged one', async () => {
    const signUp = await send(null, 'POST', '/api/auth/sign-up/email', {
      name: `Big ${SLUR}`,
      email: `slur-${randomUUID()}@example.test`,
      password: 'correct horse battery',
      birthMonth: ADULT_BIRTH_MONTH,
    });
    expectRefused(signUp, 'name');
    expect(await t.database.db.selectFrom('users').select('id').where('displayName', 'like', 'Big%').execute()).toEqual(
      [],
    );

    const flaggedAtSignUp = await buildUser(t, { displayName: 'Shit Lord' });
    const auto = (await caseOn(flaggedAtSignUp)).reportList[0]!;
    expect(auto).toMatchObject({ isAutomatic: true, target: 'user' });
    expect(auto.context!.filter).toEqual({ surface: 'display_name', words: ['shit'], text: 'Shit Lord' });

    const a = await buildUser(t, { displayName: 'Plain Name' });
    expectRefused(await send(a, 'POST', '/api/auth/update-user', { name: 'tr4nny' }), 'name');
    expect((await send(a, 'GET', '/api/session')).json().user.displayName).toBe('Plain Name');
    expect(await casesOn(a)).toEqual([]);
    expect((await send(a, 'POST', '/api/auth/update-user', { name: 'Bitch Please' })).statusCode).toBe(200);
    expect((await caseOn(a)).reportList[0]!.context!.filter).toMatchObject({
      surface: 'display_name',
      words: ['bitch'],
    });
  });

  it('refuses a slur in a team’s name, school or description, and files a flagged team', async () => {
    const coach = await buildUser(t);
    const team = { name: 'Debate Club', school: 'Scunthorpe High', description: 'Analysis and assessment' };
    expectRefused(await send(coach, 'POST', '/api/teams', { ...team, description: `No ${SLUR}s` }), 'description');
    expectRefused(await send(coach, 'POST', '/api/teams', { ...team, name: `${SLUR} club` }), 'name');
    expect(await t.database.db.selectFrom('teams').select('id').execute()).toEqual([]);

    const created = await send(coach, 'POST', '/api/teams', team);
    expect(created.statusCode).toBe(201);
    expect(await casesOn(coach)).toEqual([]);
    const teamId = created.json<{ team: { id: number } }>().team.id;
    expectRefused(await send(coach, 'PUT', `/api/teams/${teamId}`, { ...team, name: `${SLUR} club` }), 'name');
    const updated = await send(coach, 'PUT', `/api/teams/${teamId}`, { ...team, description: 'We are the shit' });
    expect(updated.statusCode).toBe(200);
    const auto = (await caseOn(coach)).reportList[0]!;
    expect(auto).toMatchObject({ isAutomatic: true, target: 'team', targetId: teamId });
    expect(auto.context!.team).toMatchObject({ id: teamId, name: 'Debate Club' });
    expect(auto.context!.filter).toMatchObject({ surface: 'team', words: ['shit'] });
  });

  it('refuses a slur in an evidence note or file name, and files flagged evidence', async () => {
    const a = await buildUser(t);
    const b = await buildUser(t);
    const debateId = await liveRound(a, b);
    const note = (text: string) => send(a, 'POST', `/api/debates/${debateId}/evidence/notes`, { kind: 'text', text });
    const file = (name: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/debates/${debateId}/evidence/files?name=${encodeURIComponent(name)}`,
        headers: { cookie: a.cookie, 'content-type': 'text/plain' },
        payload: 'the card text',
      });
    expectRefused(await note(`Card about ${SLUR}s`), 'text');
    expectRefused(await file(`${SLUR}.txt`), 'name');
    expect(await t.database.db.selectFrom('debateEvidence').select('id').execute()).toEqual([]);

    const shared = await note('Piss-poor argument, see card');
    expect(shared.statusCode).toBe(201);
    const evidenceId = shared.json<{ evidence: { id: number } }>().evidence.id;
    const uploaded = await file('bullshit.txt');
    expect(uploaded.statusCode).toBe(201);
    const detail = await caseOn(a);
    expect(detail.filterHits).toBe(2);
    expect(detail.reportList.map((r) => [r.target, r.context!.filter!.surface, r.context!.filter!.words])).toEqual([
      ['evidence', 'evidence', ['piss']],
      ['evidence', 'evidence', ['shit']],
    ]);
    expect(detail.reportList[0]!.targetId).toBe(evidenceId);
  });

  it('refuses a slur in a report’s text; notes other matches on the report, not against the reporter', async () => {
    const a = await buildUser(t);
    const b = await buildUser(t);
    const report = (details: string) =>
      send(a, 'POST', '/api/reports', { target: 'user', userId: b.user.id, reason: 'harassment', details });
    expectRefused(await report(`They called me a ${SLUR}`), 'details');
    expect(await t.database.db.selectFrom('moderationReports').select('id').execute()).toEqual([]);

    const filed = await report('They told me to fuck off');
    expect(filed.statusCode).toBe(201);
    const detail = await caseOf(filed.json<{ caseId: number }>().caseId);
    expect(detail).toMatchObject({ reason: 'harassment', score: 1, filterHits: 0 });
    expect(detail.reportList[0]).toMatchObject({ isAutomatic: false, reporter: { id: a.user.id } });
    expect(detail.reportList[0]!.context!.filter).toEqual({
      surface: 'report',
      words: ['fuck'],
      text: 'They told me to fuck off',
    });
    expect(await casesOn(a)).toEqual([]);
  });

  it('refuses a slur in an appeal, and files a flagged appeal on the appellant', async () => {
    const a = await buildUser(t);
    const warned = await send(moderator, 'POST', `/api/moderation/users/${a.user.id}/actions`, {
      action: 'warn',
      reason: 'Be kind',
    });
    expect(warned.statusCode).toBe(200);
    const notice = (await send(a, 'GET', '/api/notices')).json<{ notices: TNotice[] }>().notices[0]!;
    const appeal = (text: string) => send(a, 'POST', `/api/notices/${notice.id}/appeal`, { text });
    expectRefused(await appeal(`Not fair, ${SLUR}`), 'text');
    expect(await casesOn(a)).toEqual([]);

    expect((await appeal('This is bullshit')).statusCode).toBe(201);
    const cases = await casesOn(a);
    expect(cases.map((c) => c.kind).sort()).toEqual(['appeal', 'report']);
    const auto = (await caseOf(cases.find((c) => c.kind === 'report')!.id)).reportList[0]!;
    expect(auto).toMatchObject({ isAutomatic: true, target: 'user' });
    expect(auto.context!.filter).toEqual({ surface: 'appeal', words: ['shit'], text: 'This is bullshit' });
  });
});
