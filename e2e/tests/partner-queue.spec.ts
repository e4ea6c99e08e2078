import { randomBytes } from 'node:crypto';
import type { BrowserContext, Page } from '@playwright/test';
import { test, expect } from '../support/fixtures';
import { ADULT_BIRTH_MONTH } from '../support/accounts';
import { FORMATS, speakerOf, speechesOfClock, type TDebate } from '@resolved/shared';
import { DebatePage } from '../pages/DebatePage';
import { seriousViolations } from '../support/axe';
import { letRunningSpeechRun } from '../support/database';
import { BASE_URL } from '../support/env';
import { userIdOf } from '../support/rounds';

const PASSWORD = 'e2e partner password';

async function signUp(context: BrowserContext, name: string) {
  const email = `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${randomBytes(4).toString('hex')}@e2e.test`;
  const res = await context.request.post('/api/auth/sign-up/email', {
    data: { name, email, password: PASSWORD, birthMonth: ADULT_BIRTH_MONTH },
  });
  expect(res.ok(), await res.text()).toBe(true);
}

/** The queue card's "how" choices for a team format. */
function modeChoice(page: Page, label: string) {
  return page.getByRole('radio', { name: label, exact: true });
}

test('partners through a link and two "find me a partner" debaters land in one Public Forum round', async ({
  browser,
}, testInfo) => {
  test.setTimeout(240_000);
  const contexts = await Promise.all([1, 2, 3, 4].map(() => browser.newContext()));
  const [ada, bea, cy, dee] = await Promise.all(contexts.map((c) => c.newPage()));
  const run = randomBytes(3).toString('hex');
  const names = [`Ada ${run}`, `Bea ${run}`, `Cy ${run}`, `Dee ${run}`] as const;
  for (const [i, name] of names.entries()) await signUp(contexts[i]!, name);
  const [a, b, c, d] = [ada!, bea!, cy!, dee!].map((page) => new DebatePage(page)) as [
    DebatePage,
    DebatePage,
    DebatePage,
    DebatePage,
  ];

  // Ada makes a partner link for Public Forum on the queue card.
  await a.gotoDebates();
  await a.chooseFormat('Public Forum');
  await expect(modeChoice(ada!, 'One-on-one: you give every speech of your side')).toBeChecked();
  await modeChoice(ada!, 'With my partner').check();
  await expect(a.findButton).toBeDisabled();
  await ada!.getByRole('button', { name: 'Create a partner link' }).click();
  const linkInput = ada!.getByLabel('Send this link to your partner (it works once, for 24 hours)');
  const url = await linkInput.inputValue();
  expect(url).toMatch(/\/debates\/partner\/[A-Za-z0-9_-]+$/);
  expect(await seriousViolations(ada!)).toEqual([]);
  await ada!.screenshot({ path: testInfo.outputPath('partner-choice-1280.png'), fullPage: true });
  await ada!.setViewportSize({ width: 375, height: 800 });
  await ada!.screenshot({ path: testInfo.outputPath('partner-choice-375.png'), fullPage: true });
  await ada!.setViewportSize({ width: 1280, height: 800 });

  // Bea accepts and joins the queue with Ada: she waits for Ada to join, choosing her.
  await bea!.goto(new URL(url).pathname);
  await expect(bea!.getByText(`${names[0]} invites you to debate Public Forum as partners.`)).toBeVisible();
  await bea!.getByRole('button', { name: 'Accept and be partners' }).click();
  await bea!.getByRole('button', { name: `Join the queue with ${names[0]}` }).click();
  await expect(bea!).toHaveURL(/\/debates$/);
  await expect(b.waiting.getByTestId('queue-partner')).toHaveText(
    `${names[0]} — waiting for them to join, choosing you`,
  );
  await bea!.screenshot({ path: testInfo.outputPath('partner-waiting-1280.png'), fullPage: true });

  // Ada sees Bea waiting for her and joins her: the team is ready.
  await expect(ada!.getByTestId('partner-invites')).toContainText(
    `${names[1]} is waiting to debate Public Forum with you as partners.`,
  );
  await ada!.getByRole('button', { name: `Join ${names[1]}` }).click();
  await expect(a.waiting.getByTestId('queue-partner')).toHaveText(`${names[1]} (ready)`);
  await expect(b.waiting.getByTestId('queue-partner')).toHaveText(`${names[0]} (ready)`);

  // Cy and Dee ask the queue to find them a partner: it forms their team and matches the two teams.
  for (const who of [c, d]) {
    await who.gotoDebates();
    await who.chooseFormat('Public Forum');
    await modeChoice(who.page, 'Find me a partner').check();
    await who.findButton.click();
  }
  await expect(ada!).toHaveURL(/\/debates\/\d+$/, { timeout: 15_000 });
  const roundUrl = ada!.url();
  for (const page of [bea!, cy!, dee!]) await expect(page).toHaveURL(roundUrl, { timeout: 15_000 });

  // Every member sees the round's debaters: one of each team (the rest of the seats are the round page's).
  for (const page of [ada!, bea!, cy!, dee!]) {
    const debaters = page.locator('[data-testid^="debater-"]');
    await expect(debaters).toHaveCount(2, { timeout: 15_000 });
    const text = (await debaters.allTextContents()).join(' ');
    expect(text.includes(names[0]) || text.includes(names[1])).toBe(true);
    expect(text.includes(names[2]) || text.includes(names[3])).toBe(true);
  }

  // A judge sits. Each speech is run only by its speaker, a crossfire by its participants, the grand crossfire by
  // all four; every speech runs its full time (moved back in the database), so the round counts.
  const headers = { origin: BASE_URL };
  const judgeCtx = await browser.newContext();
  contexts.push(judgeCtx);
  await signUp(judgeCtx, `Jude ${run}`);
  const debateId = Number(new URL(roundUrl).pathname.split('/').pop());
  const seated = await judgeCtx.request.post(`/api/debates/${debateId}/judge`, { headers });
  expect(seated.ok(), await seated.text()).toBe(true);
  const { debate } = (await (await judgeCtx.request.get(`/api/debates/${debateId}`)).json()) as { debate: TDebate };
  const seats = debate.seats!;
  expect(seats.map((seat) => seat.position).sort()).toEqual(['first', 'first', 'second', 'second']);
  const byUser = new Map<string, BrowserContext>();
  for (const ctx of contexts.slice(0, 4)) byUser.set(await userIdOf(ctx), ctx);
  const format = FORMATS.pf;
  const clock = (ctx: BrowserContext, action: 'start_speech' | 'end_speech') =>
    ctx.request.post(`/api/debates/${debateId}/clock`, { headers, data: { action } });
  const speeches = speechesOfClock(debate.clock);
  expect(speeches.map((speech) => speech.kind)).toContain('crossfire');
  for (const speech of speeches) {
    const takers = speakerOf(format, speech, { seats });
    const others = seats.filter((seat) => !takers.includes(seat.userId));
    expect(takers.length, speech.short).toBe(speech.short === 'GCF' ? 4 : speech.kind === 'crossfire' ? 2 : 1);
    for (const other of others) {
      const refused = await clock(byUser.get(other.userId)!, 'start_speech');
      expect(refused.status(), `${speech.short} refused to ${other.displayName}`).toBeGreaterThanOrEqual(400);
      expect(refused.status()).toBeLessThan(500);
    }
    const runner = byUser.get(takers.at(-1)!)!;
    expect((await clock(runner, 'start_speech')).ok(), speech.short).toBe(true);
    letRunningSpeechRun(debateId, speech.minutes);
    expect((await clock(runner, 'end_speech')).ok(), speech.short).toBe(true);
  }

  // The judge gives the four debaters points and the Pro side the round.
  const judge = await judgeCtx.newPage();
  await judge.goto(roundUrl);
  const form = judge.getByRole('form', { name: 'Your ballot' });
  await expect(form.getByTestId('team-ballot-points').getByLabel(/^Speaker points: /)).toHaveCount(4, {
    timeout: 15_000,
  });
  await form.getByRole('radio', { name: /^Pro/ }).check();
  for (const [i, seat] of seats.entries()) {
    await form.getByLabel(`Speaker points: ${seat.displayName}`, { exact: false }).fill(String(27 + i * 0.5));
  }
  await form.getByLabel('Reason for decision').fill('Pro weighed the jobs turn in both summaries.');
  await form.getByRole('button', { name: 'Submit ballot' }).click();
  await expect(ada!.getByTestId('ballot')).toContainText('Winner: Pro', { timeout: 15_000 });

  // All four dashboards: a round joined, a win or a loss, and a Public Forum rating.
  const winners = new Set(seats.filter((seat) => seat.side === 'a').map((seat) => seat.userId));
  const pointsOf = new Map(seats.map((seat, i) => [seat.userId, (27 + i * 0.5).toFixed(1)]));
  for (const [userId, ctx] of byUser) {
    const page = ctx.pages()[0]!;
    await page.goto('/dashboard');
    const yours = page.getByRole('region', { name: 'Your debates' });
    await expect(yours.getByTestId(winners.has(userId) ? 'record-wins' : 'record-losses')).toHaveText('1');
    await expect(yours.getByTestId('record-speaker-points')).toHaveText(pointsOf.get(userId)!);
    await expect(yours.getByTestId('record-ratings')).toContainText('Public Forum');
    await expect(page.getByTestId('debates-joined')).toHaveText('1');
  }
  await Promise.all(contexts.map((context) => context.close()));
});
