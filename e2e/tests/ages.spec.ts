/**
 * Age, asked neutrally, in the browser: a 12-year-old cannot sign up directly but joins through
 * a coach's link, as a team-managed account that finds no "Find an opponent" and no community chat; an account
 * without a month of birth is asked at sign-in before anything else; an admin grants verified judge.
 */
import { randomBytes } from 'node:crypto';
import type { BrowserContext } from '@playwright/test';
import { test, expect } from '../support/fixtures';
import { E2E_PASSWORD, signInAs, uniqueEmail } from '../support/accounts';
import { forgetBirthMonth, readTestDatabase } from '../support/database';
import { BASE_URL, TEST_ADMIN_EMAILS } from '../support/env';
import { BirthMonthGate, LoginForm, SignupForm, toast } from '../pages/AuthPages';

/** A month making someone `years` old now (January: by February this year's birthday has passed). */
function monthAged(years: number): string {
  const now = new Date();
  return `${now.getUTCFullYear() - years - (now.getUTCMonth() === 0 ? 1 : 0)}-01`;
}

async function createTeam(context: BrowserContext, name: string) {
  const res = await context.request.post('/api/teams', {
    data: { name, school: 'Northside Middle' },
    headers: { origin: BASE_URL },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()).team as { id: number; joinCode: string };
}

test('a 12-year-old cannot sign up directly, joins through the coach’s link, and finds no opponent search or chat', async ({
  page,
  browser,
  consoleErrors,
}) => {
  // Two sign-ups, a coach's approval and five pages: more than the default budget on a busy two-core runner.
  test.setTimeout(60_000);
  consoleErrors.allow(/status of 403/);
  const run = randomBytes(3).toString('hex');
  const teamName = `Northside ${run}`;
  const childEmail = uniqueEmail('twelve');
  const signup = new SignupForm(page);

  // Directly: refused on the form, with what to do instead; nothing is stored.
  await signup.open();
  await signup.fill({ name: `Robin ${run}`, email: childEmail, password: E2E_PASSWORD, birthMonth: monthAged(12) });
  await signup.submit.click();
  await expect(page.getByText('Ask your coach for your team’s join link and sign up through it.')).toBeVisible();
  await expect(signup.birthMonth.month).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/\/signup$/);
  expect(readTestDatabase((db) => db.prepare('select id from users where email = ?').get(childEmail))).toBeUndefined();

  // Through the coach's join link: signed up, team-managed by the coach, and on the team at once.
  const coach = await browser.newContext({ baseURL: BASE_URL });
  const coachEmail = uniqueEmail('coach');
  await signInAs(coach, coachEmail, `Coach ${run}`);
  const team = await createTeam(coach, teamName);
  await page.goto(`/teams/join/${team.joinCode}`);
  await page.getByRole('link', { name: 'Sign up to join' }).click();
  await signup.fill({ name: `Robin ${run}`, email: childEmail, password: E2E_PASSWORD, birthMonth: monthAged(12) });
  await signup.submit.click();
  await expect(toast(page, 'Account created successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/teams$/);
  await expect(page.getByRole('link', { name: teamName })).toBeVisible();
  // A child joining makes the team one with a minor on it: the join waits for the coach's approval.
  await expect(page.getByTestId('team-list')).toContainText('Waiting for your coach');
  const row = readTestDatabase((db) =>
    db
      .prepare(
        'select u.isTeamManaged, u.managedBy, c.email as coachEmail from users u join users c on c.id = u.managedBy where u.email = ?',
      )
      .get(childEmail),
  ) as { isTeamManaged: number; coachEmail: string };
  expect(row).toMatchObject({ isTeamManaged: 1, coachEmail });

  // No "Find an opponent": the debates page says the coach pairs the rounds.
  await page.goto('/debates');
  await expect(page.getByTestId('team-rounds-only')).toContainText('you debate in the rounds your coach pairs');
  await expect(page.getByRole('button', { name: 'Find an opponent' })).toHaveCount(0);
  // No community chat: not in the navigation, and the page says why.
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Leaderboard' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Chat' })).toHaveCount(0);
  await page.goto('/chat');
  await expect(page.getByTestId('chat-closed')).toHaveText(
    'The community chat is not open to accounts run with a team. Talk to your team through your coach.',
  );
  await expect(page.getByPlaceholder('Type your message here...')).toHaveCount(0);

  // Its profile is the team's: once the coach approves the join, the roster links it and shows its name and
  // record, not its points.
  const coachPage = await coach.newPage();
  await coachPage.goto(`/teams/${team.id}`);
  await coachPage
    .getByTestId('pending-members')
    .getByRole('button', { name: `Approve Robin ${run}` })
    .click();
  await coachPage
    .getByTestId(`member-Robin ${run}`)
    .getByRole('link', { name: `Robin ${run}` })
    .click();
  await expect(coachPage.getByRole('heading', { name: `Robin ${run}` })).toBeVisible();
  await expect(coachPage.getByTestId('profile-wins')).toHaveText('0');
  await expect(coachPage.getByTestId('profile-points')).toHaveCount(0);
  await coach.close();
});

test('an account without a month of birth is asked for it at sign-in, before anything else', async ({ page }) => {
  const email = uniqueEmail('before-ages');
  await signInAs(page.context(), email, 'Pat Before');
  await page.context().clearCookies();
  forgetBirthMonth(email);

  const login = new LoginForm(page);
  await login.open();
  await login.login(email, E2E_PASSWORD);
  const gate = new BirthMonthGate(page);
  await expect(gate.heading).toBeVisible();
  // Any page shows the question until it is answered; a future month is refused with its message.
  await page.goto('/topics');
  await expect(gate.heading).toBeVisible();
  await gate.fields.choose(`${new Date().getUTCFullYear()}-12`);
  if (new Date().getUTCMonth() < 11) {
    await gate.submit.click();
    await expect(page.getByText('That month of birth is in the future.')).toBeVisible();
  }
  await gate.answer('1994-05');
  await expect(page.getByRole('heading', { level: 1, name: 'Current Topic' })).toBeVisible();
  expect(readTestDatabase((db) => db.prepare('select birthMonth from users where email = ?').get(email))).toEqual({
    birthMonth: '1994-05',
  });
  // Settings shows it, read-only.
  await page.goto('/settings');
  await expect(page.getByTestId('settings-birth-month')).toHaveText('May 1994');
});

test('an admin grants verified judge on the admin dashboard, and it is logged', async ({ page, browser }) => {
  const judgeEmail = uniqueEmail('volunteer');
  const judgeName = `Volunteer ${randomBytes(3).toString('hex')}`;
  const judge = await browser.newContext({ baseURL: BASE_URL });
  await signInAs(judge, judgeEmail, judgeName);
  const session = async () => (await (await judge.request.get('/api/session')).json()).user;
  expect((await session()).isVerifiedJudge).toBeUndefined();

  await signInAs(page.context(), TEST_ADMIN_EMAILS[0]);
  await page.goto('/admin-dashboard');
  while (
    (await page.getByLabel(`Verified judge: ${judgeName}`).count()) === 0 &&
    (await page.getByRole('button', { name: 'Load more' }).count()) > 0
  ) {
    await page.getByRole('button', { name: 'Load more' }).click();
  }
  const box = page.getByLabel(`Verified judge: ${judgeName}`);
  await expect(box).not.toBeChecked();
  // The box follows the saved state, which arrives after the click: `check()` would demand it change at once.
  await box.click();
  await expect(toast(page, `${judgeName} is now a verified judge.`)).toBeVisible();
  await expect(box).toBeChecked();
  expect((await session()).isVerifiedJudge).toBe(true);

  await page.goto('/moderation');
  await expect(
    page.getByRole('listitem').filter({ hasText: 'Verified judge granted' }).filter({ hasText: judgeName }),
  ).toBeVisible();
  await judge.close();
});
