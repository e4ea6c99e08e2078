/**
 * No silent forfeits: leaving a live round by a link asks first; every other page says "You are
 * in a live debate" with a way back, in every tab; a debater matched while looking at another tab is told by the
 * tab's title.
 */
import type { Browser, BrowserContext } from '@playwright/test';
import { test, expect } from '../support/fixtures';
import { signInAs, uniqueEmail } from '../support/accounts';
import { BASE_URL } from '../support/env';
import { DebatePage } from '../pages/DebatePage';

test('leaving a live round asks first, and every page offers the way back', async ({ browser }) => {
  const hostContext = await browser.newContext();
  const friendContext = await browser.newContext();
  await signInAs(hostContext, uniqueEmail('host'), 'Host Hana');
  await signInAs(friendContext, uniqueEmail('friend'), 'Friend Fay');
  const host = await hostContext.newPage();
  const otherTab = await hostContext.newPage();
  await otherTab.goto('/topics');
  await expect(otherTab.getByTestId('live-debate-banner')).toHaveCount(0);

  const created = await hostContext.request.post('/api/debates/challenges', {
    headers: { origin: BASE_URL },
    data: { formatId: 'ld' },
  });
  const { token } = (await created.json()).challenge;
  const accepted = await friendContext.request.post(`/api/debates/challenges/${token}/accept`, {
    headers: { origin: BASE_URL },
  });
  const { debateId } = await accepted.json();
  // The other tab learns of the match at once.
  await expect(otherTab.getByTestId('live-debate-banner')).toContainText('You are in a live debate');

  await host.goto(`/debates/${debateId}`);
  await expect(new DebatePage(host).clock).toBeVisible();
  await expect(host.getByTestId('live-debate-banner')).toHaveCount(0);

  // A link away asks first; saying no stays in the room.
  const messages: string[] = [];
  host.once('dialog', (dialog) => {
    messages.push(dialog.message());
    void dialog.dismiss();
  });
  await host.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Leaderboard' }).click();
  await expect(host).toHaveURL(new RegExp(`/debates/${debateId}$`));
  expect(messages[0]).toMatch(/You are in a live debate\. If you stay away for more than a minute, you forfeit/);
  // Saying yes leaves; the page says how to come back, and the link does.
  host.once('dialog', (dialog) => void dialog.accept());
  await host.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Leaderboard' }).click();
  await expect(host).toHaveURL(/\/leaderboard$/);
  await host.getByRole('link', { name: 'Return to the debate' }).click();
  await expect(host).toHaveURL(new RegExp(`/debates/${debateId}$`));
  await expect(host.getByTestId('live-debate-banner')).toHaveCount(0);

  await Promise.all([hostContext.close(), friendContext.close()]);
});

test('a debater waiting in a background tab is told by the title when matched', async ({ browser }) => {
  const waiterContext = await browser.newContext();
  const otherContext = await browser.newContext();
  await signInAs(waiterContext, uniqueEmail('waiter'), 'Waiting Wes');
  await signInAs(otherContext, uniqueEmail('other'), 'Other Oli');
  const waiter = new DebatePage(await waiterContext.newPage());
  await waiter.gotoDebates();
  await waiter.findOpponent('Parliamentary');
  await expect(waiter.waiting).toBeVisible();
  // The tab goes to the background.
  await waiter.page.evaluate(() => {
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => true });
  });
  const joined = await otherContext.request.post('/api/debates/queue', {
    headers: { origin: BASE_URL },
    data: { formatId: 'parli' },
  });
  expect((await joined.json()).status).toBe('matched');
  await expect(waiter.page).toHaveURL(/\/debates\/\d+$/);
  await expect(waiter.page.getByTestId('debate-clock')).toBeVisible();
  // Still saying so once the room has opened behind it (the room sets its own title).
  await expect(waiter.page).toHaveTitle('Matched! Your debate is starting — Resolved');
  await Promise.all([waiterContext.close(), otherContext.close()]);
});

test('a debater invites a judge by link; the seat is kept for them', async ({ browser }) => {
  const contexts = await Promise.all([1, 2, 3, 4].map(() => browser.newContext()));
  const [hostContext, friendContext, judgeContext, passerContext] = contexts as [
    BrowserContext,
    BrowserContext,
    BrowserContext,
    BrowserContext,
  ];
  await signInAs(hostContext, uniqueEmail('inv-host'), 'Inviting Ivy');
  await signInAs(friendContext, uniqueEmail('inv-friend'), 'Friendly Flo');
  await signInAs(judgeContext, uniqueEmail('inv-judge'), 'Judge Jo');
  await signInAs(passerContext, uniqueEmail('inv-passer'), 'Passing Pam');
  const created = await hostContext.request.post('/api/debates/challenges', {
    headers: { origin: BASE_URL },
    data: { formatId: 'pf' },
  });
  const { token } = (await created.json()).challenge;
  const { debateId } = await (
    await friendContext.request.post(`/api/debates/challenges/${token}/accept`, { headers: { origin: BASE_URL } })
  ).json();

  const host = await hostContext.newPage();
  await host.goto(`/debates/${debateId}`);
  await host.getByRole('button', { name: 'Invite a judge' }).click();
  const link = await host.getByLabel('Send this link to your judge').inputValue();
  expect(link).toMatch(new RegExp(`/debates/${debateId}\\?judgeInvite=`));
  await expect(host.getByTestId('judge-name')).toHaveText('Invited judge on the way');

  // Someone passing by cannot take the kept seat.
  const passer = await passerContext.newPage();
  await passer.goto(`/debates/${debateId}`);
  await expect(passer.getByRole('button', { name: 'Judge this debate' })).toHaveCount(0);

  const judge = await judgeContext.newPage();
  await judge.goto(link);
  await expect(judge.getByText('You are invited to judge this round.')).toBeVisible();
  await judge.getByRole('button', { name: 'Take the judge’s seat' }).click();
  await expect(host.getByTestId('judge-name')).toHaveText('Judge Jo');
  await Promise.all(contexts.map((c) => c.close()));
});

async function challengeRoom(browser: Browser, viewport: { width: number; height: number }) {
  const hostContext = await browser.newContext({ viewport });
  const friendContext = await browser.newContext({ viewport });
  await signInAs(hostContext, uniqueEmail('layout-host'), 'Layout Lee');
  await signInAs(friendContext, uniqueEmail('layout-friend'), 'Layout Liv');
  const created = await hostContext.request.post('/api/debates/challenges', {
    headers: { origin: BASE_URL },
    data: { formatId: 'ld' },
  });
  const { token } = (await created.json()).challenge;
  const { debateId } = await (
    await friendContext.request.post(`/api/debates/challenges/${token}/accept`, { headers: { origin: BASE_URL } })
  ).json();
  const page = await hostContext.newPage();
  await page.goto(`/debates/${debateId}`);
  await expect(page.getByTestId('debate-clock')).toBeVisible();
  return { page, debateId, hostContext, friendContext };
}

test('at 1280×800 the clock and the video sit side by side above the fold', async ({ browser }) => {
  const { page, hostContext, friendContext } = await challengeRoom(browser, { width: 1280, height: 800 });
  const clock = await page.getByTestId('room-clock-area').boundingBox();
  const video = await page.getByRole('heading', { name: 'Audio and video' }).boundingBox();
  expect(clock && video).toBeTruthy();
  expect(video!.x).toBeGreaterThan(clock!.x + clock!.width - 1);
  expect(Math.abs(video!.y - clock!.y)).toBeLessThan(60);
  expect(video!.y + video!.height).toBeLessThan(800);
  await Promise.all([hostContext.close(), friendContext.close()]);
});

test('on a phone the clock stays in view while the room scrolls, and the history is cards', async ({ browser }) => {
  const { page, debateId, hostContext, friendContext } = await challengeRoom(browser, { width: 375, height: 812 });
  await page.mouse.wheel(0, 2000);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
  // A one-line clock stays pinned (the clock card scrolls with the page).
  const clock = await page.getByTestId('pinned-clock').boundingBox();
  expect(clock!.y).toBeGreaterThanOrEqual(0);
  expect(clock!.y).toBeLessThan(300);
  await expect(page.getByTestId('pinned-clock-time')).toHaveText('6:00');
  // Nothing in the room (the flow sheet is wide) pushes the page sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  await friendContext.request.post(`/api/debates/${debateId}/forfeit`, { headers: { origin: BASE_URL } });
  await page.goto('/debates');
  const cards = page.getByTestId('debate-history-cards').getByRole('listitem');
  await expect(cards.first()).toContainText('Lincoln Douglas');
  await expect(cards.first()).toContainText('Forfeit');
  await expect(page.getByTestId('debate-history')).toBeHidden();
  expect((await cards.first().boundingBox())!.width).toBeGreaterThan(300);
  await Promise.all([hostContext.close(), friendContext.close()]);
});

test('the clock cues 1 minute, 30 seconds and time up, then counts overtime', async ({ browser }) => {
  const room = await challengeRoom(browser, { width: 1280, height: 800 });
  const { hostContext, friendContext, debateId } = room;
  // The affirmative speaks first: use whichever of the two drew it.
  let page = room.page;
  if (!(await page.getByTestId('debater-a').textContent())?.includes('(you)')) {
    page = await friendContext.newPage();
    await page.goto(`/debates/${debateId}`);
  }
  await expect(page.getByTestId('time-signal')).toHaveCount(0);
  // Sound is off unless turned on.
  await expect(page.getByLabel('Sound cues at 1 minute, 30 seconds and time up')).not.toBeChecked();
  await page.getByRole('button', { name: 'Start AC' }).click();
  await expect(page.getByTestId('clock-status')).toHaveText(/Running/);
  const started = Date.now();
  // Move this screen's clock forward (the server's start time stays): the AC is 6 minutes.
  await page.clock.setFixedTime(started + 5 * 60_000 + 10_000);
  await expect(page.getByTestId('time-signal')).toHaveText('1 minute left');
  await page.clock.setFixedTime(started + 5 * 60_000 + 40_000);
  await expect(page.getByTestId('time-signal')).toHaveText('30 seconds left');
  await page.clock.setFixedTime(started + 6 * 60_000 + 8_000);
  await expect(page.getByTestId('time-signal')).toHaveText('Time’s up');
  await expect(page.getByTestId('clock-status')).toHaveText(/Overtime/);
  await expect(page.getByTestId('debate-clock')).toHaveText(/^\+0:0\d$/);
  await Promise.all([hostContext.close(), friendContext.close()]);
});
