/**
 * A team-run child's screens: a 12-year-old's account, made through its coach's join link, finds its
 * teams, the topics and the guides on its dashboard, in the sidebar and in the phone's menu, and never the public
 * meeting rooms, the community chat or a random opponent; opened by their addresses, those pages say why and lead to
 * its teams. (The spec's labels for everyone else: shell.spec.ts and dashboard.spec.ts.)
 */
import { randomBytes } from 'node:crypto';
import type { BrowserContext, Page } from '@playwright/test';
import { test, expect } from '../support/fixtures';
import { E2E_PASSWORD, birthMonthForAge, signInAs, uniqueEmail } from '../support/accounts';
import { BASE_URL } from '../support/env';
import type { AppShell } from '../pages/AppShell';

const headers = { origin: BASE_URL };

/**
 * The sidebar a team-run child sees, in order: the spec's, without Meetings and Chat, its teams in Meetings' place,
 * and Tournaments (which every signed-in account has) after the Leaderboard.
 */
const CHILD_SIDEBAR = [
  { label: 'Welcome!', href: '/welcome' },
  { label: "Today's Topics", href: '/topics' },
  { label: 'How To', href: '/how-to' },
  { label: 'Your teams', href: '/teams' },
  { label: 'Leaderboard', href: '/leaderboard' },
  { label: 'Tournaments', href: '/tournaments' },
  { label: 'About Us', href: '/about' },
  { label: 'Help', href: '/help' },
  { label: 'Home', href: '/Dashboard' },
];

/**
 * A coach's new team and a 12-year-old who signs up in `child` through its join link (team-managed by the coach, as
 * the sign-up page does it). Returns the team's name.
 */
async function teamRunChild(browser: { newContext(): Promise<BrowserContext> }, child: BrowserContext) {
  const run = randomBytes(3).toString('hex');
  const coach = await browser.newContext();
  await signInAs(coach, uniqueEmail('screens-coach'), `Coach ${run}`);
  const name = `Eastside ${run}`;
  const created = await coach.request.post('/api/teams', { headers, data: { name, school: 'Eastside Middle' } });
  expect(created.ok(), await created.text()).toBe(true);
  const { joinCode } = (await created.json()).team as { joinCode: string };
  const signUp = await child.request.post('/api/auth/sign-up/email', {
    headers,
    data: {
      name: `Kit ${run}`,
      email: uniqueEmail('screens-child'),
      password: E2E_PASSWORD,
      birthMonth: birthMonthForAge(12),
      joinCode,
    },
  });
  expect(signUp.ok(), await signUp.text()).toBe(true);
  const session = await (await child.request.get('/api/session')).json();
  expect(session.user).toMatchObject({ isTeamManaged: true, ageBand: 'child' });
  await coach.close();
  return name;
}

/** The labels of the ways out of the team: the rooms, the community chat, the queue. */
const DOORS_OUT = /Start Your First Debate|Join Debate|Start a debate|Find an opponent|Meetings|Chat/;

/**
 * No link anywhere on the page (header, sidebar, main; shown or not) to the rooms, the community chat or a challenge,
 * and no link or button on screen with one of their labels.
 */
async function expectNoDoorsOut(page: Page) {
  await expect(page.locator('a[href="/rooms"], a[href="/chat"], a[href^="/debates/challenge"]')).toHaveCount(0);
  await expect(page.getByRole('link', { name: DOORS_OUT })).toHaveCount(0);
  await expect(page.getByRole('button', { name: DOORS_OUT })).toHaveCount(0);
}

async function expectChildSidebar(shell: AppShell) {
  expect(await shell.sidebarEntries()).toEqual(CHILD_SIDEBAR);
  await expect(shell.sidebarLink('Your teams')).toHaveAttribute('href', '/teams');
}

test('a team-run child’s dashboard and sidebar offer its teams, never the rooms, the chat or a random opponent', async ({
  page,
  browser,
  shell,
}) => {
  const teamName = await teamRunChild(browser, page.context());
  await page.goto('/dashboard');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1 })).toHaveText('Resolved Dashboard');
  await expect(main.getByRole('region', { name: 'Your debates' }).getByTestId('team-rounds-only')).toBeVisible();

  // What it may use: its teams (the welcome banner, the first-debate banner, the Action Center), the topics, the guides.
  const welcome = main.getByRole('region', { name: 'Welcome' });
  await expect(welcome.getByRole('link', { name: 'Your team’s rounds' })).toHaveAttribute('href', '/teams');
  const firstDebate = main.getByRole('region', { name: 'Your first debate is waiting' });
  await expect(firstDebate).toContainText('Your coach pairs your team’s rounds');
  await expect(firstDebate.getByRole('link', { name: 'Your teams' })).toHaveAttribute('href', '/teams');
  await expect(firstDebate.getByRole('link', { name: 'Learn How to Debate' })).toHaveAttribute('href', '/how-to');
  const actions = main.getByRole('region', { name: 'Action Center' });
  await expect(actions.getByRole('link')).toHaveText([/^Your teams/, /^Leaderboard/, /^Browse Topics/, /^How To/]);
  await expect(actions.getByRole('link', { name: /^Your teams/ })).toHaveAttribute('href', '/teams');

  // What it may not: no link to the rooms or the chat, no queue button, none of their labels; the same in the header's
  // account menu.
  await expectNoDoorsOut(page);
  await expectChildSidebar(shell);
  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('menuitem', { name: 'Teams' })).toBeVisible();
  await expectNoDoorsOut(page);
  await page.keyboard.press('Escape');

  // The sidebar's team entry leads to its team.
  await shell.sidebarLink('Your teams').click();
  await expect(page).toHaveURL(/\/teams$/);
  await expect(main.getByRole('link', { name: teamName })).toBeVisible();
  await expect(shell.sidebarLink('Your teams')).toHaveAttribute('aria-current', 'page');
});

test('on a phone the child’s menu offers its teams and nothing it cannot use', async ({ page, browser, shell }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await teamRunChild(browser, page.context());
  await page.goto('/dashboard');
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText('Resolved Dashboard');
  await shell.openMenu();
  await expectChildSidebar(shell);
  await expectNoDoorsOut(page);
  await shell.sidebarLink('Your teams').click();
  await expect(page).toHaveURL(/\/teams$/);
  await shell.expectMenuClosed();
  // Nothing runs off the side of the dashboard.
  await page.goto('/dashboard');
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
});

test('opened by their addresses, the rooms, the chat and a challenge link say why and lead to the child’s teams', async ({
  page,
  browser,
}) => {
  await teamRunChild(browser, page.context());
  const main = page.getByRole('main');

  await page.goto('/rooms');
  await expect(page.getByTestId('rooms-closed')).toHaveText(
    'Your account is run with your team: you meet in the rounds your coach pairs, not in the public meeting rooms.',
  );
  await expect(main.getByRole('link', { name: 'Your teams' })).toHaveAttribute('href', '/teams');
  await expect(page.getByTestId('rooms-grid')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Create Your Own Room' })).toHaveCount(0);

  await page.goto('/chat');
  await expect(page.getByTestId('chat-closed')).toHaveText(
    'The community chat is not open to accounts run with a team. Talk to your team through your coach.',
  );
  await expect(main.getByRole('link', { name: 'Your teams' })).toHaveAttribute('href', '/teams');

  await page.goto('/debates/challenge/some-friends-link');
  await expect(page.getByTestId('challenge-closed')).toHaveText(
    'Your account is run with your team: you debate in the rounds your coach pairs, not through challenge links.',
  );
  await expect(main.getByRole('button', { name: 'Accept the challenge' })).toHaveCount(0);
  await main.getByRole('link', { name: 'Your teams' }).click();
  await expect(page).toHaveURL(/\/teams$/);
  await expectNoDoorsOut(page);
});
