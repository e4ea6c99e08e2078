/**
 * The dashboard: the spec's sections with their labels, and the product's own additions gathered once in a
 * "Your debates" area near the top (record, ratings with one chart, recent rounds, finding an opponent, team rounds);
 * the welcome banner leads back to a live round; the rating chart has axes, a tooltip per round and a table for screen
 * readers. Everything reads on a phone.
 */
import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { test, expect } from '../support/fixtures';
import { signInAs, uniqueEmail } from '../support/accounts';
import { seriousViolations } from '../support/axe';
import { playJudgedRound, startChallengeRound } from '../support/rounds';

async function top(page: Page, locator: ReturnType<Page['locator']>): Promise<number> {
  await locator.scrollIntoViewIfNeeded();
  return (await locator.evaluate((element) => element.getBoundingClientRect().top + window.scrollY)) as number;
}

test('the spec’s sections stay, and wins, losses and "Find an opponent" show once, in "Your debates" near the top', async ({
  page,
  context,
}) => {
  const email = uniqueEmail('layout');
  await signInAs(context, email, 'Layla Layout');
  await page.goto('/dashboard');
  const main = page.getByRole('main');

  // The spec's own sections and labels.
  await expect(main.getByRole('heading', { level: 1 })).toHaveText('Resolved Dashboard');
  await expect(main.getByRole('button', { name: 'Sign Out' })).toBeVisible();
  const welcome = main.getByRole('region', { name: 'Welcome' });
  await expect(welcome).toContainText('Welcome back, Layla Layout!');
  await expect(welcome.getByTestId('role-badge')).toBeVisible();
  await expect(main.getByTestId('total-points')).toContainText('Total Points');
  await expect(main.getByTestId('rank-tile')).toContainText('Your First Debate');
  await expect(main.getByRole('link', { name: 'Join Debate Room' })).toBeVisible();
  await expect(main.getByRole('link', { name: 'Learn How to Debate' })).toBeVisible();
  const account = main.getByRole('region', { name: 'Account Information' });
  for (const label of ['Email', 'Member Since', 'Performance Level']) await expect(account).toContainText(label);
  const actions = main.getByRole('region', { name: 'Action Center' });
  for (const label of ['Start Your First Debate!', 'Leaderboard', 'Browse Topics', 'Chat', 'How To']) {
    await expect(actions.getByRole('link', { name: new RegExp(label) })).toBeVisible();
  }
  const timeline = main.getByRole('region', { name: 'Activity Timeline' });
  for (const label of ['Account Created', 'Current Score']) await expect(timeline).toContainText(label);
  const analytics = main.getByRole('region', { name: 'Performance Analytics' });
  for (const label of ['Performance Level', 'Rank', 'Total Points', 'Debates Joined']) {
    await expect(analytics).toContainText(label);
  }

  // The product's additions, once each, in one area: record, ratings, recent rounds, finding an opponent, team rounds.
  const yours = main.getByRole('region', { name: 'Your debates' });
  await expect(yours.getByTestId('record-wins')).toHaveText('0');
  await expect(yours.getByTestId('record-ratings')).toHaveText('After your first judged round that counts for points');
  await expect(yours.getByRole('heading', { name: 'Debate a random opponent' })).toBeVisible();
  await expect(yours.getByRole('heading', { name: 'Team practice' })).toBeVisible();
  await expect(main.getByText('Wins', { exact: true })).toHaveCount(1);
  await expect(main.getByText('Losses', { exact: true })).toHaveCount(1);
  await expect(main.getByText('Find an opponent', { exact: true })).toHaveCount(1);
  await expect(main.getByText('Your progress', { exact: true })).toHaveCount(0);

  // Near the top: after the tiles and the first-debate banner, before the spec's other sections; team practice too.
  const yoursTop = await top(page, yours);
  expect(yoursTop).toBeGreaterThan(await top(page, main.getByTestId('rank-tile')));
  for (const section of [account, actions, timeline, analytics]) {
    expect(await top(page, section)).toBeGreaterThan(yoursTop);
    expect(await top(page, section)).toBeGreaterThan(await top(page, yours.getByTestId('practice-card')));
  }
  expect(await seriousViolations(page)).toEqual([]);

  // The banner's call to debate leads to the Find an opponent card, right here.
  await page.evaluate(() => window.scrollTo(0, 0));
  await welcome.getByRole('link', { name: 'Start a debate' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.locator('#find-opponent')).toBeFocused();
  await expect(yours.getByRole('button', { name: 'Find an opponent' })).toBeInViewport();

  // On a phone nothing runs off the side.
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(yours.getByRole('button', { name: 'Find an opponent' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
});

test('during a live debate the welcome banner’s button says "Back to your debate", like the card below', async ({
  browser,
  page,
  context,
}) => {
  const run = randomBytes(3).toString('hex');
  await signInAs(context, uniqueEmail('live-host'), `Liv ${run}`);
  const guest = await browser.newContext();
  await signInAs(guest, uniqueEmail('live-guest'), `Gus ${run}`);
  const debateId = await startChallengeRound(context, guest);

  await page.goto('/dashboard');
  const welcome = page.getByRole('region', { name: 'Welcome' });
  await expect(welcome.getByRole('link', { name: 'Back to your debate' })).toHaveAttribute(
    'href',
    `/debates/${debateId}`,
  );
  await expect(welcome.getByRole('link', { name: 'Start a debate' })).toHaveCount(0);
  const yours = page.getByRole('region', { name: 'Your debates' });
  await expect(yours.getByRole('link', { name: 'Back to your debate' })).toHaveAttribute(
    'href',
    `/debates/${debateId}`,
  );
  await guest.close();
});

test('the rating chart has date and rating axes, a tooltip per round, and a table for screen readers', async ({
  browser,
  page,
  context,
}) => {
  test.setTimeout(60_000);
  const run = randomBytes(3).toString('hex');
  await signInAs(context, uniqueEmail('chart'), `Cora ${run}`);
  const others = await Promise.all([1, 2, 3].map(() => browser.newContext()));
  const [bea, cal, judge] = others as [(typeof others)[0], (typeof others)[0], (typeof others)[0]];
  await signInAs(bea, uniqueEmail('chart-bea'), `Bea ${run}`);
  await signInAs(cal, uniqueEmail('chart-cal'), `Cal ${run}`);
  await signInAs(judge, uniqueEmail('chart-judge'), `Jude ${run}`);
  // Cora wins a judged round against Bea, then loses one to Cal: her rating goes up, then down.
  await playJudgedRound(context, bea, judge);
  await playJudgedRound(cal, context, judge);

  await page.goto('/dashboard');
  const yours = page.getByRole('region', { name: 'Your debates' });
  const chart = yours.getByTestId('rating-chart');
  await expect(page.getByTestId('rating-chart')).toHaveCount(1);
  // Drawn by the chart library: a canvas with the lines, the axes' dates and ratings.
  await expect(chart.locator('canvas')).toBeVisible();
  await expect(chart.getByText('Loading the chart…')).toHaveCount(0);
  const today = await page.evaluate(() =>
    new Date().toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' }),
  );

  // The table screen readers read: each round's date, format, rating, change and result.
  const table = yours.getByRole('table', { name: 'Rating after each judged round' });
  const rows = table.getByRole('row');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(0)).toHaveText(/Date\s*Format\s*Rating\s*Change\s*Result/);
  await expect(rows.nth(1)).toHaveText(new RegExp(`${today}\\s*Lincoln Douglas\\s*1[5-9]\\d\\d\\s*\\+\\d+\\s*Win`));
  await expect(rows.nth(2)).toHaveText(new RegExp(`${today}\\s*Lincoln Douglas\\s*1\\d{3}\\s*−\\d+\\s*Loss`));
  const [winRating, lossRating] = await Promise.all(
    [1, 2].map(async (i) => (await rows.nth(i).getByRole('cell').nth(2).textContent())!.trim()),
  );

  // Hovering near a round shows its tooltip: the first round on the left, the latest on the right.
  const tooltip = yours.getByTestId('rating-tooltip');
  // (The plotting area, right of the rating axis and above the date axis.)
  const box = (await chart.locator('.u-over').boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.1, box.y + box.height / 2);
  await expect(tooltip).toBeVisible();
  await expect(tooltip).toContainText(today);
  await expect(tooltip).toContainText(`Lincoln Douglas: ${winRating}`);
  await expect(tooltip).toContainText('Win');
  await page.mouse.move(box.x + box.width * 0.9, box.y + box.height / 2);
  await expect(tooltip).toContainText(`Lincoln Douglas: ${lossRating}`);
  await expect(tooltip).toContainText('Loss');
  await page.mouse.move(0, 0);

  // From the keyboard: focus the chart (the latest round), then the arrow keys move between rounds.
  await chart.focus();
  await expect(tooltip).toContainText('Loss');
  await page.keyboard.press('ArrowLeft');
  await expect(tooltip).toContainText(`Lincoln Douglas: ${winRating}`);
  await expect(tooltip).toContainText('Win');
  expect(await seriousViolations(page)).toEqual([]);

  // On a phone the chart fits the screen.
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(chart.locator('canvas')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await Promise.all(others.map((c) => c.close()));
});
