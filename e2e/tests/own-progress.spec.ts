/**
 * A debater's own progress: the dashboard's "History and ballots" link opens the Debates page at
 * "Your progress", the view their coach sees on the team page (rounds per format, the rating chart, the latest ballots
 * with the judge's reasons for decision). It reads on a phone.
 */
import { randomBytes } from 'node:crypto';
import { test, expect } from '../support/fixtures';
import { signInAs, uniqueEmail } from '../support/accounts';
import { seriousViolations } from '../support/axe';
import { playJudgedRound } from '../support/rounds';

test('a debater reads the reason of their last ballot from the dashboard’s "History and ballots" link', async ({
  browser,
  page,
  context,
}) => {
  test.setTimeout(60_000);
  const run = randomBytes(3).toString('hex');
  await signInAs(context, uniqueEmail('progress'), `Pia ${run}`);
  const [rival, judge] = await Promise.all([browser.newContext(), browser.newContext()]);
  await signInAs(rival, uniqueEmail('progress-rival'), `Ravi ${run}`);
  await signInAs(judge, uniqueEmail('progress-judge'), `Judy ${run}`);
  // Pia loses a judged Lincoln Douglas round; the judge's reason: "Clearer weighing." (support/rounds.ts).
  await playJudgedRound(rival, context, judge);

  await page.goto('/dashboard');
  await page.getByRole('region', { name: 'Your debates' }).getByRole('link', { name: 'History and ballots' }).click();
  await expect(page).toHaveURL(/\/debates#your-progress$/);
  const progress = page.getByRole('region', { name: 'Your progress' });
  await expect(progress.getByRole('heading', { name: 'Your progress' })).toBeInViewport();
  await expect(progress.getByTestId('progress-losses')).toHaveText('1');
  await expect(progress.getByText('Lincoln Douglas: 1 round (0–1)')).toBeVisible();
  await expect(progress.getByTestId('rating-chart')).toBeVisible();
  const ballot = progress.getByTestId('last-ballots').getByRole('listitem').first();
  await expect(ballot).toContainText(`Loss · Lincoln Douglas · 27.0 speaker points · judged by Judy ${run}`);
  await expect(ballot).toContainText('“Clearer weighing.”');
  await expect(ballot.getByRole('link', { name: 'Replay the round' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // On a phone the reason reads in full and nothing runs off the side.
  await page.setViewportSize({ width: 375, height: 812 });
  await ballot.scrollIntoViewIfNeeded();
  await expect(ballot).toContainText('“Clearer weighing.”');
  await expect(progress.getByTestId('rating-chart')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await Promise.all([rival.close(), judge.close()]);
});

test('a judged round that did not count for points is named so, with why, not as no judged round', async ({
  browser,
  page,
  context,
}) => {
  test.setTimeout(60_000);
  const run = randomBytes(3).toString('hex');
  await signInAs(context, uniqueEmail('uncounted'), `Uma ${run}`);
  const [rival, judge] = await Promise.all([browser.newContext(), browser.newContext()]);
  await signInAs(rival, uniqueEmail('uncounted-rival'), `Rex ${run}`);
  await signInAs(judge, uniqueEmail('uncounted-judge'), `Jun ${run}`);
  // Judged, but every speech cut at once: the round does not count for points and rates nobody.
  await playJudgedRound(rival, context, judge, 'ld', { isCut: true });

  await page.goto('/debates#your-progress');
  const progress = page.getByRole('region', { name: 'Your progress' });
  const ballot = progress.getByTestId('last-ballots').getByRole('listitem').first();
  await expect(ballot).toContainText(`Loss · Lincoln Douglas · 27.0 speaker points · judged by Jun ${run}`);
  await expect(ballot.getByTestId('not-counted')).toContainText('Not counted for points: speeches ran');
  await expect(progress.getByTestId('rating-chart-empty')).toHaveText(
    /^The rating chart starts after the first judged round that counts for points\. The judged round so far did not: speeches ran \d+% of their time; a round counts from 50%\.$/,
  );
  await expect(page.getByText('The rating chart starts after the first judged round.')).toHaveCount(0);
  await expect(page.getByText('No judged Lincoln Douglas debates yet.')).toHaveCount(0);
  // The dashboard's chart says the same.
  await page.goto('/dashboard');
  await expect(page.getByTestId('debate-record').getByTestId('rating-chart-empty')).toContainText(
    'The judged round so far did not: speeches ran',
  );
  await Promise.all([rival.close(), judge.close()]);
});
