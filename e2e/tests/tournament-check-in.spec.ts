/**
 * A tournament that releases itself: an entrant checks in for round 1 on the tournament's page, and the host's page
 * shows the schedule (when round 1 releases itself) and who checked in, live. Screenshots at 1280 and 375 wide.
 */
import { test, expect } from '../support/fixtures';
import { signInAs, uniqueEmail } from '../support/accounts';
import { seriousViolations } from '../support/axe';
import { BASE_URL } from '../support/env';

const headers = { origin: BASE_URL };

test('an entrant checks in for the next round; the host sees the schedule and who checked in', async ({
  browser,
  page,
}) => {
  test.setTimeout(60_000);
  const run = Date.now().toString(36);
  const names = { coach: `Coach ${run}`, ann: `Ann ${run}`, ben: `Ben ${run}` };
  const coachCtx = page.context();
  const [annCtx, benCtx] = await Promise.all([1, 2].map(() => browser.newContext()));
  await signInAs(coachCtx, uniqueEmail('checkin-coach'), names.coach);
  await signInAs(annCtx!, uniqueEmail('checkin-ann'), names.ann);
  await signInAs(benCtx!, uniqueEmail('checkin-ben'), names.ben);
  const team = await coachCtx.request.post('/api/teams', { headers, data: { name: `North ${run}`, school: 'North' } });
  expect(team.ok(), await team.text()).toBe(true);
  // Round 1 starts in 10 minutes (check-in opens 15 minutes before a start), round 2 an hour and a half later.
  const start = Date.now() + 10 * 60_000;
  const created = await coachCtx.request.post('/api/tournaments', {
    headers,
    data: {
      name: `Self-running ${run}`,
      formatId: 'ld',
      prelimRounds: 2,
      breakSize: 0,
      scheduleMode: 'fixed',
      entryMode: 'open',
      roundStartsAt: [new Date(start).toISOString(), new Date(start + 90 * 60_000).toISOString()],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const id = (await created.json()).tournament.id as number;
  for (const ctx of [annCtx!, benCtx!]) {
    const entered = await ctx.request.post(`/api/tournaments/${id}/entrants`, { headers, data: {} });
    expect(entered.status(), await entered.text()).toBe(201);
  }

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/tournaments/${id}`);
  const schedule = page.getByRole('region', { name: 'Schedule' });
  await expect(schedule.getByTestId('tournament-schedule')).toContainText('Round 1');
  await expect(schedule.getByTestId('tournament-schedule')).toContainText('releases itself');
  await expect(schedule.getByText('Check-in for round 1 is open.')).toBeVisible();
  await expect(schedule.getByTestId('not-checked-in-list')).toContainText(names.ann);
  await expect(schedule.getByTestId('not-checked-in-list')).toContainText(names.ben);

  const annPage = await annCtx!.newPage();
  await annPage.setViewportSize({ width: 375, height: 800 });
  await annPage.goto(`/tournaments/${id}`);
  const button = annPage.getByRole('button', { name: 'Check in for round 1' });
  await expect(button).toBeVisible();
  await annPage.screenshot({ path: '/tmp/seq-shots/entrant-375-before.png', fullPage: true });
  await button.click();
  await expect(annPage.getByTestId('checked-in')).toHaveText('You are checked in for round 1.');
  await expect(button).toHaveCount(0);
  expect(await seriousViolations(annPage)).toEqual([]);
  await annPage.screenshot({ path: '/tmp/seq-shots/entrant-375-after.png', fullPage: true });

  // The host's page hears of it live (no reload).
  await expect(schedule.getByTestId('checked-in-list')).toContainText(names.ann);
  await expect(schedule.getByTestId('not-checked-in-list')).not.toContainText(names.ann);
  await expect(schedule.getByTestId('not-checked-in-list')).toContainText(names.ben);
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: '/tmp/seq-shots/host-1280.png', fullPage: true });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: '/tmp/seq-shots/host-375.png', fullPage: true });
});
