/**
 * Debater profiles: a signed-in user opens a debater's profile, sees their record and a finished
 * round, follows its Replay link, and from the replay reaches the opponent's profile; their own profile is in the
 * account menu. A judge finds the rounds they judged on the Debates page and their profile. The pages keep within a
 * phone's width.
 */
import { randomBytes } from 'node:crypto';
import type { BrowserContext } from '@playwright/test';
import { test, expect } from '../support/fixtures';
import { signInAs, uniqueEmail } from '../support/accounts';
import { seriousViolations } from '../support/axe';
import { BASE_URL } from '../support/env';

const headers = { origin: BASE_URL };

async function userIdOf(context: BrowserContext): Promise<string> {
  const session = await (await context.request.get('/api/session')).json();
  return session.user.id as string;
}

test('a profile lists the debater’s finished rounds, each opening its replay', async ({
  browser,
  page,
  consoleErrors,
}) => {
  const run = randomBytes(3).toString('hex');
  const [hostName, guestName, viewerName] = [`Hedy ${run}`, `Grete ${run}`, `Viv ${run}`];
  const [hostCtx, guestCtx] = await Promise.all([browser.newContext(), browser.newContext()]);
  await signInAs(hostCtx, uniqueEmail('profile-host'), hostName);
  await signInAs(guestCtx, uniqueEmail('profile-guest'), guestName);
  await signInAs(page.context(), uniqueEmail('profile-viewer'), viewerName);

  // A challenge-link round, ended by the guest forfeiting: the host wins it.
  const created = await hostCtx.request.post('/api/debates/challenges', { headers, data: { formatId: 'ld' } });
  const { token } = (await created.json()).challenge;
  const accepted = await guestCtx.request.post(`/api/debates/challenges/${token}/accept`, { headers });
  const { debateId } = await accepted.json();
  const forfeit = await guestCtx.request.post(`/api/debates/${debateId}/forfeit`, { headers });
  expect(forfeit.ok(), await forfeit.text()).toBe(true);
  const hostId = await userIdOf(hostCtx);

  // Another debater opens the host's profile: name, record, and the round with the way to its replay.
  await page.goto(`/users/${hostId}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(hostName);
  await expect(page.getByTestId('profile-wins')).toHaveText('1');
  await expect(page.getByTestId('profile-losses')).toHaveText('0');
  const round = page.getByTestId('profile-round');
  await expect(round).toHaveCount(1);
  await expect(round).toContainText('Win by forfeit');
  await expect(round).toContainText(`Lincoln Douglas · `);
  await expect(round).toContainText(`against ${guestName}`);
  // No e-mail anywhere on the page (every account here has one).
  await expect(page.locator('main')).not.toContainText('@');
  expect(await seriousViolations(page)).toEqual([]);

  // At a phone's width nothing runs off the side.
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(round).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.setViewportSize({ width: 1280, height: 800 });

  await round.getByRole('link', { name: `Replay debate #${debateId}` }).click();
  await expect(page).toHaveURL(`/debates/${debateId}/replay`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Replay: Lincoln Douglas debate');

  // From the replay, the opponent's name leads to their profile, where the same round is a loss.
  await page.getByRole('link', { name: guestName }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(guestName);
  await expect(page.getByTestId('profile-round')).toContainText('Loss by forfeit');

  // One's own profile is in the account menu.
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Your profile' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(viewerName);
  await expect(page.getByText('This is your profile as other debaters see it')).toBeVisible();
  await expect(page.getByText('No finished rounds to show yet.')).toBeVisible();

  // The host keeps the replay private from the replay page: the viewer is told so, and the round leaves the
  // host's profile as the viewer sees it.
  const hostPage = await hostCtx.newPage();
  await hostPage.goto(`/debates/${debateId}/replay`);
  await hostPage.getByLabel(/Keep this replay private/).check();
  await expect(hostPage.getByText('Only this round’s people see its replay now.')).toBeVisible();
  // The browser logs the refused request; the page says why.
  consoleErrors.allow(/status of 403 \(Forbidden\).*\/replay/);
  await page.goto(`/debates/${debateId}/replay`);
  await expect(page.getByRole('alert')).toHaveText('The debaters keep this round’s replay private.');
  await page.goto(`/users/${hostId}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(hostName);
  await expect(page.getByText('No finished rounds to show yet.')).toBeVisible();

  await Promise.all([hostCtx.close(), guestCtx.close()]);
});

test('a judge finds the rounds they judged on the Debates page and their profile, each opening its replay', async ({
  browser,
  page,
}) => {
  const run = randomBytes(3).toString('hex');
  const [hostName, guestName, judgeName] = [`Hugo ${run}`, `Gina ${run}`, `Jules ${run}`];
  const [hostCtx, guestCtx] = await Promise.all([browser.newContext(), browser.newContext()]);
  await signInAs(hostCtx, uniqueEmail('judged-host'), hostName);
  await signInAs(guestCtx, uniqueEmail('judged-guest'), guestName);
  await signInAs(page.context(), uniqueEmail('judged-judge'), judgeName);

  // A challenge-link round the judge sits in, ended by the guest forfeiting.
  const created = await hostCtx.request.post('/api/debates/challenges', { headers, data: { formatId: 'ld' } });
  const { token } = (await created.json()).challenge;
  const { debateId } = await (
    await guestCtx.request.post(`/api/debates/challenges/${token}/accept`, { headers })
  ).json();
  const seated = await page.context().request.post(`/api/debates/${debateId}/judge`, { headers, data: {} });
  expect(seated.ok(), await seated.text()).toBe(true);
  const forfeit = await guestCtx.request.post(`/api/debates/${debateId}/forfeit`, { headers });
  expect(forfeit.ok(), await forfeit.text()).toBe(true);

  // On the Debates page, at a phone's width: the round with its result, nothing running off the side.
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/debates');
  const judged = page.getByTestId('judged-rounds').getByTestId('judged-round');
  await expect(judged).toHaveCount(1);
  await expect(judged).toContainText(new RegExp(`${hostName} \\((Affirmative|Negative)\\) won by forfeit`));
  await expect(judged).toContainText('No ballot: the round ended by forfeit.');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.setViewportSize({ width: 1280, height: 800 });
  await judged.getByRole('link', { name: `Replay debate #${debateId}` }).click();
  await expect(page).toHaveURL(`/debates/${debateId}/replay`);

  // The judge's profile lists it under "Rounds judged", not among the rounds they debated.
  await page.goto(`/users/${await userIdOf(page.context())}`);
  await expect(page.getByText('No finished rounds to show yet.')).toBeVisible();
  await expect(page.getByTestId('profile-judged-rounds').getByTestId('judged-round')).toContainText(guestName);
  expect(await seriousViolations(page)).toEqual([]);

  await Promise.all([hostCtx.close(), guestCtx.close()]);
});

test('an unknown debater’s profile says so', async ({ page, consoleErrors }) => {
  // The browser logs the API's 404 for the profile; the page itself reports nothing else.
  consoleErrors.allow(/status of 404/);
  await signInAs(page.context(), uniqueEmail('profile-lost'), 'Lost Viewer');
  await page.goto('/users/no-such-debater');
  await expect(page.getByRole('alert')).toHaveText('That debater does not exist.');
  await expect(page.getByRole('link', { name: 'Back to the leaderboard' })).toBeVisible();
});
