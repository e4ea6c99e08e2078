/**
 * A coach pairs a round of two teams (issue 40): on the team page, Public Forum, "Pair two teams", a member in each
 * position of each side; the round opens with all four seated in positions. With a start time, the round is
 * scheduled for then, as a one-on-one pairing is.
 */
import { randomBytes } from 'node:crypto';
import type { Browser, BrowserContext } from '@playwright/test';
import type { TDebate } from '@resolved/shared';
import { test, expect } from '../support/fixtures';
import { ADULT_BIRTH_MONTH } from '../support/accounts';
import { TeamPage } from '../pages/TeamPage';
import { BASE_URL } from '../support/env';
import { userIdOf } from '../support/rounds';

const headers = { origin: BASE_URL };

async function signUp(context: BrowserContext, name: string) {
  const email = `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${randomBytes(4).toString('hex')}@e2e.test`;
  const res = await context.request.post('/api/auth/sign-up/email', {
    data: { name, email, password: 'e2e team pairing password', birthMonth: ADULT_BIRTH_MONTH },
  });
  expect(res.ok(), await res.text()).toBe(true);
}

/**
 * A coach and four members of a new team (`school` High), the coach on the team page with "Pair two teams" chosen in
 * Public Forum and a member in each position: Ann and Ben for Pro, Cal and Dot for Con.
 */
async function pairFourMembers(browser: Browser, school: string) {
  const contexts = await Promise.all([1, 2, 3, 4, 5].map(() => browser.newContext()));
  const run = randomBytes(3).toString('hex');
  const names = [`Coach ${run}`, `Ann ${run}`, `Ben ${run}`, `Cal ${run}`, `Dot ${run}`] as const;
  for (const [i, name] of names.entries()) await signUp(contexts[i]!, name);
  const [coachCtx, ...memberCtxs] = contexts as [BrowserContext, ...BrowserContext[]];
  const created = await coachCtx.request.post('/api/teams', {
    headers,
    data: { name: `${school} ${run}`, school: `${school} High` },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const team = (await created.json()).team as { id: number; joinCode: string };
  for (const ctx of memberCtxs) {
    expect((await ctx.request.post(`/api/teams/join/${team.joinCode}`, { headers })).ok()).toBe(true);
  }
  const page = await coachCtx.newPage();
  await new TeamPage(page).goto(team.id);
  const form = page.locator('section[aria-labelledby="pair-heading"]');
  await form.getByLabel('Format').selectOption({ label: 'Public Forum' });
  await form.getByRole('radio', { name: 'Pair two teams' }).check();
  const choose = async (label: string, name: string) =>
    form.getByRole('combobox', { name: label, exact: true }).selectOption({ label: name });
  await choose('Pro: First speaker', names[1]);
  await choose('Pro: Second speaker', names[2]);
  await choose('Con: First speaker', names[3]);
  await choose('Con: Second speaker', names[4]);
  return { contexts, memberCtxs, coachCtx, team, page, form };
}

test('a coach pairs two teams of two in Public Forum, every member in a position', async ({ browser }, testInfo) => {
  test.setTimeout(90_000);
  const { contexts, memberCtxs, coachCtx, team, page, form } = await pairFourMembers(browser, 'Eastview');
  await page.screenshot({ path: testInfo.outputPath('team-pairing-1280.png'), fullPage: true });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: testInfo.outputPath('team-pairing-375.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await form.getByRole('button', { name: 'Open the rounds' }).click();
  await expect(page.getByText('1 practice round is open.')).toBeVisible();

  const rounds = (await (await coachCtx.request.get(`/api/teams/${team.id}/rounds`)).json()).rounds as {
    debateId: number;
  }[];
  expect(rounds).toHaveLength(1);
  const res = await coachCtx.request.get(`/api/debates/${rounds[0]!.debateId}`);
  const { debate } = (await res.json()) as { debate: TDebate };
  const ids = await Promise.all(memberCtxs.map(userIdOf));
  const seatOf = (id: string) => debate.seats!.find((seat) => seat.userId === id)!;
  expect(ids.map((id) => [seatOf(id).side, seatOf(id).position])).toEqual([
    ['a', 'first'],
    ['a', 'second'],
    ['b', 'first'],
    ['b', 'second'],
  ]);
  for (const ctx of contexts) await ctx.close();
});

test('a coach pairs two teams for later with a start time: the round is scheduled, not open', async ({ browser }) => {
  test.setTimeout(90_000);
  const { contexts, coachCtx, team, page, form } = await pairFourMembers(browser, 'Northview');
  // Tomorrow at 10:00 in the browser's own time zone (the field is local time).
  const start = new Date();
  start.setDate(start.getDate() + 1);
  start.setHours(10, 0, 0, 0);
  const pad = (n: number) => String(n).padStart(2, '0');
  const local = `${start.getFullYear()}-${pad(start.getMonth() + 1)}-${pad(start.getDate())}T10:00`;
  await form.getByLabel('Start time (optional)').fill(local);
  await form.getByRole('button', { name: 'Open the rounds' }).click();
  await expect(page.getByText(/^1 practice round is scheduled for /)).toBeVisible();
  const rounds = (await (await coachCtx.request.get(`/api/teams/${team.id}/rounds`)).json()).rounds as {
    debateId: number;
    startsAt: string | null;
  }[];
  expect(rounds).toHaveLength(1);
  expect(Date.parse(rounds[0]!.startsAt!)).toBeGreaterThan(Date.now());
  const { debate } = (await (await coachCtx.request.get(`/api/debates/${rounds[0]!.debateId}`)).json()) as {
    debate: TDebate;
  };
  expect(debate.seats).toHaveLength(4);
  await expect(page.getByText(/Scheduled · starts/)).toBeVisible();
  for (const ctx of contexts) await ctx.close();
});
