/**
 * A challenge between teams (issue 40): in Public Forum Ada challenges with her partner Bea (a partner link), Cy
 * accepts naming his partner Dee, and all four land in one round, each seated in a position. In World Schools (teams
 * of three) the queue card's picker takes two partners, and six land in one round.
 */
import { randomBytes } from 'node:crypto';
import type { BrowserContext } from '@playwright/test';
import type { TDebate } from '@resolved/shared';
import { test, expect } from '../support/fixtures';
import { ADULT_BIRTH_MONTH } from '../support/accounts';
import { DebatePage } from '../pages/DebatePage';
import { seriousViolations } from '../support/axe';
import { BASE_URL } from '../support/env';
import { userIdOf } from '../support/rounds';

const PASSWORD = 'e2e team challenge password';
const headers = { origin: BASE_URL };

async function signUp(context: BrowserContext, name: string) {
  const email = `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${randomBytes(4).toString('hex')}@e2e.test`;
  const res = await context.request.post('/api/auth/sign-up/email', {
    data: { name, email, password: PASSWORD, birthMonth: ADULT_BIRTH_MONTH },
  });
  expect(res.ok(), await res.text()).toBe(true);
}

/** `b` accepts a partner link `a` made (Public Forum unless named): the two may name each other. */
async function partner(a: BrowserContext, b: BrowserContext, formatId = 'pf') {
  const made = await a.request.post('/api/debates/partner-links', { headers, data: { formatId } });
  expect(made.ok(), await made.text()).toBe(true);
  const { link } = (await made.json()) as { link: { token: string } };
  const accepted = await b.request.post(`/api/debates/partner-links/${link.token}/accept`, { headers });
  expect(accepted.ok(), await accepted.text()).toBe(true);
}

test('a Public Forum challenge between two teams of two seats all four in positions', async ({ browser }, testInfo) => {
  test.setTimeout(120_000);
  const contexts = await Promise.all([1, 2, 3, 4].map(() => browser.newContext()));
  const [adaCtx, beaCtx, cyCtx, deeCtx] = contexts as [BrowserContext, BrowserContext, BrowserContext, BrowserContext];
  const run = randomBytes(3).toString('hex');
  const names = [`Ada ${run}`, `Bea ${run}`, `Cy ${run}`, `Dee ${run}`] as const;
  for (const [i, name] of names.entries()) await signUp(contexts[i]!, name);
  await partner(adaCtx, beaCtx);
  await partner(cyCtx, deeCtx);
  const ada = await adaCtx.newPage();
  const cy = await cyCtx.newPage();

  // Ada chooses Public Forum with her partner Bea and makes a challenge link for a friend's team.
  const a = new DebatePage(ada);
  await a.gotoDebates();
  await a.chooseFormat('Public Forum');
  await ada.getByRole('radio', { name: 'With my partner', exact: true }).check();
  const challengeButton = ada.getByRole('button', { name: 'Challenge a friend’s team' });
  await expect(challengeButton).toBeDisabled();
  await ada.getByLabel('Your partner').selectOption({ label: `${names[1]} (accepted your link)` });
  await challengeButton.click();
  const url = await ada.getByLabel('Send this link to your friend').inputValue();
  expect(url).toMatch(/\/debates\/challenge\/[A-Za-z0-9_-]+$/);

  // Cy opens it, sees Ada's team, names Dee and accepts: the round opens.
  await cy.goto(new URL(url).pathname);
  await expect(cy.getByTestId('challenge-team')).toContainText(`${names[0]} and ${names[1]}`);
  const accept = cy.getByRole('button', { name: 'Accept the challenge' });
  await expect(accept).toBeDisabled();
  await cy.getByLabel('Your partner').selectOption({ label: `${names[3]} (accepted your link)` });
  expect(await seriousViolations(cy)).toEqual([]);
  await cy.screenshot({ path: testInfo.outputPath('team-challenge-1280.png'), fullPage: true });
  await cy.setViewportSize({ width: 375, height: 800 });
  await cy.screenshot({ path: testInfo.outputPath('team-challenge-375.png'), fullPage: true });
  await cy.setViewportSize({ width: 1280, height: 800 });
  await accept.click();
  await expect(cy).toHaveURL(/\/debates\/\d+$/, { timeout: 15_000 });
  await expect(ada).toHaveURL(cy.url(), { timeout: 15_000 });

  // All four are seated, each team on one side, in its side's first and second positions.
  const debateId = Number(new URL(cy.url()).pathname.split('/').pop());
  const { debate } = (await (await cyCtx.request.get(`/api/debates/${debateId}`)).json()) as { debate: TDebate };
  const seats = debate.seats!;
  expect(seats).toHaveLength(4);
  const ids = await Promise.all(contexts.map((ctx) => userIdOf(ctx)));
  const seatOf = (i: number) => seats.find((seat) => seat.userId === ids[i])!;
  expect(seatOf(0).side).toBe(seatOf(1).side);
  expect(seatOf(2).side).toBe(seatOf(3).side);
  expect(seatOf(0).side).not.toBe(seatOf(2).side);
  expect([0, 1, 2, 3].map((i) => seatOf(i).position)).toEqual(['first', 'second', 'first', 'second']);
  // The room, once it has loaded its debaters.
  await expect(cy.locator('[data-testid^="debater-"]').first()).toBeVisible({ timeout: 15_000 });
  await cy.screenshot({ path: testInfo.outputPath('team-challenge-round-1280.png'), fullPage: true });
  for (const ctx of contexts) await ctx.close();
});

test('a World Schools challenge from the queue card names two partners and seats six in positions', async ({
  browser,
}, testInfo) => {
  test.setTimeout(150_000);
  const contexts = await Promise.all([1, 2, 3, 4, 5, 6].map(() => browser.newContext()));
  const [adaCtx, beaCtx, calCtx, cyCtx, deeCtx, eveCtx] = contexts as [
    BrowserContext,
    BrowserContext,
    BrowserContext,
    BrowserContext,
    BrowserContext,
    BrowserContext,
  ];
  const run = randomBytes(3).toString('hex');
  const names = [`Ada ${run}`, `Bea ${run}`, `Cal ${run}`, `Cy ${run}`, `Dee ${run}`, `Eve ${run}`] as const;
  for (const [i, name] of names.entries()) await signUp(contexts[i]!, name);
  await partner(adaCtx, beaCtx, 'ws');
  await partner(adaCtx, calCtx, 'ws');
  await partner(cyCtx, deeCtx, 'ws');
  await partner(cyCtx, eveCtx, 'ws');
  const ada = await adaCtx.newPage();
  const cy = await cyCtx.newPage();

  // World Schools is offered on the card, with partners only (no one-on-one), and two partner choices.
  const a = new DebatePage(ada);
  await a.gotoDebates();
  await a.chooseFormat('World Schools');
  await expect(ada.getByText('World Schools is debated in teams of three')).toBeVisible();
  await expect(ada.getByRole('radio', { name: /One-on-one/ })).toHaveCount(0);
  await expect(ada.getByRole('radio', { name: 'With my partner', exact: true })).toBeChecked();
  const challengeButton = ada.getByRole('button', { name: 'Challenge a friend’s team' });
  await ada.getByLabel('Your partner 1').selectOption({ label: `${names[1]} (accepted your link)` });
  // One partner of two is not a team yet; someone chosen once is not offered again.
  await expect(challengeButton).toBeDisabled();
  await expect(ada.getByLabel('Your partner 2').locator('option', { hasText: names[1] })).toHaveCount(0);
  await ada.getByLabel('Your partner 2').selectOption({ label: `${names[2]} (accepted your link)` });
  expect(await seriousViolations(ada)).toEqual([]);
  await ada.screenshot({ path: testInfo.outputPath('ws-queue-card-1280.png'), fullPage: true });
  await challengeButton.click();
  const url = await ada.getByLabel('Send this link to your friend').inputValue();

  // Cy opens it, sees Ada's team of three, names Dee and Eve and accepts.
  await cy.goto(new URL(url).pathname);
  await expect(cy.getByTestId('challenge-team')).toContainText(`${names[0]} and ${names[1]} and ${names[2]}`);
  await cy.getByLabel('Your partner 1').selectOption({ label: `${names[4]} (accepted your link)` });
  await cy.getByLabel('Your partner 2').selectOption({ label: `${names[5]} (accepted your link)` });
  await cy.getByRole('button', { name: 'Accept the challenge' }).click();
  await expect(cy).toHaveURL(/\/debates\/\d+$/, { timeout: 15_000 });
  await expect(ada).toHaveURL(cy.url(), { timeout: 15_000 });

  const debateId = Number(new URL(cy.url()).pathname.split('/').pop());
  const { debate } = (await (await cyCtx.request.get(`/api/debates/${debateId}`)).json()) as { debate: TDebate };
  expect(debate.formatId).toBe('ws');
  const seats = debate.seats!;
  expect(seats).toHaveLength(6);
  const ids = await Promise.all(contexts.map((ctx) => userIdOf(ctx)));
  const seatOf = (i: number) => seats.find((seat) => seat.userId === ids[i])!;
  expect(new Set([0, 1, 2].map((i) => seatOf(i).side)).size).toBe(1);
  expect(new Set([3, 4, 5].map((i) => seatOf(i).side)).size).toBe(1);
  expect(seatOf(0).side).not.toBe(seatOf(3).side);
  expect([0, 1, 2, 3, 4, 5].map((i) => seatOf(i).position)).toEqual([
    'first',
    'second',
    'third',
    'first',
    'second',
    'third',
  ]);
  for (const ctx of contexts) await ctx.close();
});
