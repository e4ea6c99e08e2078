/**
 * Policy and World Schools rounds in the built app (issue 40): teams made by the queue's "find me a partner", a
 * schedule that names each speech's position and debater (and each cross-examination's asker and answerer), clock
 * controls only for a speech's speaker, and a World Schools reply refused to the third speaker. The speeches run
 * through the clock route (`POST /api/debates/:id/clock`), as a debater's button sends them.
 */
import type { Browser, BrowserContext } from '@playwright/test';
import { FORMATS, speakerOf, type TDebate, type TFormatId } from '@resolved/shared';
import { test, expect } from '../support/fixtures';
import { signInAs, uniqueEmail } from '../support/accounts';
import { BASE_URL } from '../support/env';
import { userIdOf } from '../support/rounds';

const headers = { origin: BASE_URL };

/** `count` new accounts, each queued alone ("find me a partner") in `formatId`, until the queue seats them all. */
async function queuedTeams(browser: Browser, formatId: TFormatId, label: string, count: number) {
  const contexts = await Promise.all(Array.from({ length: count }, () => browser.newContext()));
  await Promise.all(contexts.map((ctx, i) => signInAs(ctx, uniqueEmail(`${formatId}-${i}`), `${label} ${i + 1}`)));
  let debateId: number | null = null;
  for (const ctx of contexts) {
    const joined = await ctx.request.post('/api/debates/queue', { headers, data: { formatId, mode: 'solo' } });
    expect(joined.ok(), await joined.text()).toBe(true);
    const body = (await joined.json()) as { status: string; debateId?: number };
    if (body.status === 'matched') debateId = body.debateId!;
  }
  expect(debateId, 'the last to queue is seated with the rest').not.toBeNull();
  const { debate } = (await (await contexts[0]!.request.get(`/api/debates/${debateId}`)).json()) as { debate: TDebate };
  expect(debate.formatId).toBe(formatId);
  expect(debate.seats).toHaveLength(count);
  const byUser = new Map<string, BrowserContext>();
  for (const ctx of contexts) byUser.set(await userIdOf(ctx), ctx);
  /** The browser of the debater in a side's position. */
  const at = (side: 'a' | 'b', position: string) => {
    const seat = debate.seats!.find((s) => s.side === side && s.position === position);
    expect(seat, `${side} ${position} is seated`).toBeTruthy();
    return { ctx: byUser.get(seat!.userId)!, name: seat!.displayName };
  };
  return { debate, debateId: debateId!, contexts, at, byUser };
}

function clock(ctx: BrowserContext, debateId: number, action: 'start_speech' | 'end_speech') {
  return ctx.request.post(`/api/debates/${debateId}/clock`, { headers, data: { action } });
}

test('a Policy round: positions in the schedule, and only a speech’s speaker or cross-examiners run it', async ({
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const { debateId, contexts, at } = await queuedTeams(browser, 'policy', 'Policy', 4);
  const oneA = at('a', '1a');
  const twoN = at('b', '2n');
  const oneN = at('b', '1n');
  const page = await oneN.ctx.newPage();
  await page.goto(`/debates/${debateId}`);
  const rows = page.getByTestId('speech-schedule').getByRole('listitem');
  await expect(rows).toHaveCount(FORMATS.policy.speeches.length, { timeout: 15_000 });
  await expect(rows.nth(0)).toContainText('First Affirmative · 8 min');
  await expect(rows.nth(0)).toContainText(oneA.name);
  await expect(rows.nth(1)).toContainText('Second Negative asks, First Affirmative answers · 3 min');
  await expect(rows.nth(1)).toContainText(twoN.name);
  await expect(page.getByTestId('current-speakers')).toContainText(`${oneA.name} (Affirmative, First Affirmative)`);
  // The 1N has no control for the 1AC, and the server refuses it the speech; the 1A's page offers it.
  await expect(page.getByRole('button', { name: 'Start 1AC' })).toHaveCount(0);
  const refused = await clock(oneN.ctx, debateId, 'start_speech');
  expect(refused.status()).toBeGreaterThanOrEqual(400);
  expect(refused.status()).toBeLessThan(500);
  const speakerPage = await oneA.ctx.newPage();
  await speakerPage.goto(`/debates/${debateId}`);
  await speakerPage.getByRole('button', { name: 'Start 1AC' }).first().click();
  await expect(page.getByTestId('current-speakers')).toContainText(oneA.name);
  await speakerPage.getByRole('button', { name: 'End speech' }).first().click();
  // The cross-examination of the 1A: the 1N (not in it) is refused; the 2N, its asker, runs it.
  await expect(page.getByTestId('current-speakers')).toContainText(`In this cross-examination: `);
  await expect(page.getByTestId('current-speakers')).toContainText(twoN.name);
  const notAsker = await clock(oneN.ctx, debateId, 'start_speech');
  expect(notAsker.status(), await notAsker.text()).toBeGreaterThanOrEqual(400);
  expect((await clock(twoN.ctx, debateId, 'start_speech')).ok()).toBe(true);
  await expect(rows.nth(1)).toHaveAttribute('aria-current', 'step');
  await page.screenshot({ path: testInfo.outputPath('policy-schedule-1280.png'), fullPage: true });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: testInfo.outputPath('policy-schedule-375.png'), fullPage: true });
  await Promise.all(contexts.map((ctx) => ctx.close()));
});

test('a World Schools round: the reply is refused to the third speaker and run by the first', async ({
  browser,
}, testInfo) => {
  test.setTimeout(150_000);
  const { debate, debateId, contexts, byUser, at } = await queuedTeams(browser, 'ws', 'Worlds', 6);
  const format = FORMATS.ws;
  // The six eight-minute speeches, each by its speaker.
  for (const speech of format.speeches.slice(0, 6)) {
    const [speaker] = speakerOf(format, speech, { seats: debate.seats! });
    const ctx = byUser.get(speaker!)!;
    const start = await clock(ctx, debateId, 'start_speech');
    expect(start.ok(), `${speech.short}: ${await start.text()}`).toBe(true);
    const end = await clock(ctx, debateId, 'end_speech');
    expect(end.ok(), `${speech.short}: ${await end.text()}`).toBe(true);
  }
  // The Opposition's reply is next: its third speaker's page offers no control, and the server refuses it.
  const oppThird = at('b', 'third');
  const oppFirst = at('b', 'first');
  const thirdPage = await oppThird.ctx.newPage();
  await thirdPage.goto(`/debates/${debateId}`);
  const reply = thirdPage.getByTestId('speech-schedule').getByRole('listitem').nth(6);
  await expect(reply).toHaveAttribute('aria-current', 'step', { timeout: 15_000 });
  await expect(reply).toContainText('First speaker or second speaker (Opposition)');
  await expect(reply).not.toContainText(oppThird.name);
  await expect(thirdPage.getByRole('group', { name: 'Clock controls' })).toHaveCount(0);
  const refused = await clock(oppThird.ctx, debateId, 'start_speech');
  expect(refused.status()).toBeGreaterThanOrEqual(400);
  expect(refused.status()).toBeLessThan(500);
  expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(
    'The reply is given by the first speaker or second speaker, never the third speaker.',
  );
  await thirdPage.screenshot({ path: testInfo.outputPath('ws-reply-1280.png'), fullPage: true });
  // The first speaker gives it.
  const firstPage = await oppFirst.ctx.newPage();
  await firstPage.goto(`/debates/${debateId}`);
  const start = firstPage.getByRole('button', { name: `Start ${format.speeches[6]!.short}` }).first();
  await start.click();
  await expect(thirdPage.getByTestId('current-speakers')).toContainText(oppFirst.name);
  await Promise.all(contexts.map((ctx) => ctx.close()));
});
