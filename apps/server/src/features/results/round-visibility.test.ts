/**
 * Two latent bugs of round visibility and judging on both engines: a debater's judge invitation in a team round
 * (which locked the round: nobody could judge it), and the public debates list showing rounds whose pages refuse the
 * viewer (a team's practice round, a private replay, while they await a ballot).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FORMATS, type TDebate, type TDebateSummary, type TSessionUser, type TTeamRound } from '@resolved/shared';
import { createTestApp, TEST_ENGINES, type TTestApp } from '../../test/harness';
import { buildUser } from '../../test/factories';

type TCookieUser = { user: TSessionUser; cookie: string };

describe.each(TEST_ENGINES)('round visibility and judging on %s', (engine) => {
  let t: TTestApp;
  beforeEach(async () => {
    t = await createTestApp(engine);
  });
  afterEach(async () => {
    await t.close();
  });
  const call = (who: TCookieUser | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: who ? { cookie: who.cookie } : {}, ...(payload ? { payload } : {}) });

  async function teamRound() {
    const coach = await buildUser(t);
    const team = (await call(coach, 'POST', '/api/teams', { name: 'Northside', school: 'Northside High' })).json()
      .team as { id: number; joinCode: string };
    const [ann, ben] = [await buildUser(t), await buildUser(t)];
    for (const m of [ann, ben]) await call(m, 'POST', `/api/teams/join/${team.joinCode}`);
    const round = (
      await call(coach, 'POST', `/api/teams/${team.id}/rounds`, {
        mode: 'manual',
        formatId: 'ld',
        pairs: [{ aUserId: ann.user.id, bUserId: ben.user.id }],
      })
    ).json().rounds[0] as TTeamRound;
    return { coach, ann, ben, debateId: round.debateId };
  }

  async function challengeRound() {
    const [host, friend] = [await buildUser(t), await buildUser(t)];
    const created = await call(host, 'POST', '/api/debates/challenges', { formatId: 'ld' });
    const debateId = (
      await call(friend, 'POST', `/api/debates/challenges/${created.json().challenge.token}/accept`)
    ).json().debateId as number;
    return { host, friend, debateId };
  }

  /** Every speech, started and ended by its speaker: the round then waits for its judge's ballot. */
  async function runSpeeches(debateId: number, debaters: TCookieUser[]) {
    const { debate } = (await call(debaters[0]!, 'GET', `/api/debates/${debateId}`)).json() as { debate: TDebate };
    const bySide = (side: 'a' | 'b') => debaters.find((d) => d.user.id === debate.debaters[side].userId)!;
    for (const speech of FORMATS.ld.speeches) {
      const speaker = bySide(speech.speaker === 'b' ? 'b' : 'a');
      expect(
        (await call(speaker, 'POST', `/api/debates/${debateId}/clock`, { action: 'start_speech' })).statusCode,
      ).toBe(200);
      expect((await call(speaker, 'POST', `/api/debates/${debateId}/clock`, { action: 'end_speech' })).statusCode).toBe(
        200,
      );
    }
  }

  const listed = async (who: TCookieUser | null) =>
    ((await call(who, 'GET', '/api/debates')).json().debates as TDebateSummary[]).map((d) => d.id);

  it('a debater cannot invite a judge into a team round, so its coach can still judge it', async () => {
    const { coach, ann, debateId } = await teamRound();
    const invited = await call(ann, 'POST', `/api/debates/${debateId}/judge-invites`);
    expect(invited.statusCode).toBe(403);
    expect(invited.json().error).toMatchObject({ code: 'forbidden', reason: 'not_team_judge' });
    const seated = await call(coach, 'POST', `/api/debates/${debateId}/judge`, {});
    expect(seated.statusCode).toBe(200);
    expect((seated.json().debate as TDebate).judge?.userId).toBe(coach.user.id);
  });

  it('the debates list shows a round awaiting its ballot only to those its page lets in', async () => {
    const team = await teamRound();
    await call(team.coach, 'POST', `/api/debates/${team.debateId}/judge`, {});
    await runSpeeches(team.debateId, [team.ann, team.ben]);
    const secret = await challengeRound();
    await call(secret.host, 'PUT', `/api/debates/${secret.debateId}/replay-privacy`, { isPrivate: true });
    const judge = await buildUser(t);
    await call(judge, 'POST', `/api/debates/${secret.debateId}/judge`, {});
    await runSpeeches(secret.debateId, [secret.host, secret.friend]);
    const open = await challengeRound();
    await call(judge, 'POST', `/api/debates/${open.debateId}/judge`, {});
    await runSpeeches(open.debateId, [open.host, open.friend]);

    const stranger = await buildUser(t);
    for (const who of [null, stranger]) {
      const ids = await listed(who);
      expect(ids).toContain(open.debateId);
      expect(ids).not.toContain(team.debateId);
      expect(ids).not.toContain(secret.debateId);
    }
    // Whom each page lets in, the list shows it to.
    expect(await listed(team.ann)).toContain(team.debateId);
    expect(await listed(secret.friend)).toContain(secret.debateId);
    expect((await call(stranger, 'GET', `/api/debates/${team.debateId}`)).statusCode).toBe(403);
    expect((await call(stranger, 'GET', `/api/debates/${secret.debateId}`)).statusCode).toBe(403);
  });
});
