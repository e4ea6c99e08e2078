/**
 * An admin sets a score on /admin-dashboard; the leaderboard and that user's dashboard show it. This runs on
 * its own app instance (fresh database) so that first place and the rank are known.
 */
import type { BrowserContext } from '@playwright/test';
import { test, expect } from '../support/fixtures';
import { ADULT_BIRTH_MONTH } from '../support/accounts';
import { startAppServer, type TAppServer } from '../support/app-server';

const APP_PORT = 3222;
const ADMIN_EMAIL = 'head.coach@resolved.test';
const PASSWORD = 'correct horse battery staple';

test.describe.configure({ mode: 'serial' });

let app: TAppServer;

test.beforeAll(async () => {
  app = await startAppServer({
    port: APP_PORT,
    env: { ADMIN_EMAILS: ADMIN_EMAIL, AUTH_SECRET: 'e2e-admin-auth-secret-0123456789abcdef012345' },
  });
});

test.afterAll(async () => {
  await app?.stop();
});

async function signUp(context: BrowserContext, name: string, email: string) {
  const res = await context.request.post(`${app.baseUrl}/api/auth/sign-up/email`, {
    headers: { origin: app.baseUrl },
    data: { name, email, password: PASSWORD, birthMonth: ADULT_BIRTH_MONTH },
  });
  expect(res.ok(), await res.text()).toBe(true);
}

test('an admin sets a score that shows on the leaderboard and on that user dashboard', async ({ browser }) => {
  const adminContext = await browser.newContext();
  const userContext = await browser.newContext();
  const otherContext = await browser.newContext();
  await signUp(adminContext, 'Head Coach', ADMIN_EMAIL);
  await signUp(otherContext, 'Early Bird', 'early.bird@example.test');
  await signUp(userContext, 'Rising Star', 'rising.star@example.test');

  const admin = await adminContext.newPage();
  await admin.goto(`${app.baseUrl}/admin-dashboard`);
  await expect(admin.getByRole('heading', { level: 1 })).toHaveText('Admin Dashboard');
  await expect(admin.getByText('Manage User Scores')).toBeVisible();
  for (const column of ['Name', 'Email', 'Score', 'Update']) {
    await expect(admin.getByRole('columnheader', { name: column })).toBeVisible();
  }
  const input = admin.getByLabel('Score for Rising Star');

  // A non-integer is refused with a clear message and nothing is saved.
  await input.fill('12.5');
  await input.blur();
  await expect(admin.getByText('Enter a whole number, such as 25. Nothing was saved.')).toBeVisible();
  const before = await adminContext.request.get(`${app.baseUrl}/api/score-changes`);
  expect((await before.json()).changes).toEqual([]);

  // A whole number saves on blur and lands in the ledger.
  await input.fill('75');
  await input.blur();
  await expect(admin.getByText('Score for Rising Star saved: 75.')).toBeVisible();
  await expect(admin.getByTestId('score-ledger')).toContainText('Rising Star: 0 → 75 by Head Coach');

  // The leaderboard, as a visitor sees it: first place, no e-mails.
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(`${app.baseUrl}/leaderboard`);
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText('Top Users');
  const rows = visitor.getByTestId('leaderboard-row');
  await expect(rows.first()).toContainText('Rising Star');
  await expect(rows.first()).toContainText('75');
  await expect(visitor.locator('main')).not.toContainText('@example.test');

  // The user sees it on their dashboard.
  const user = await userContext.newPage();
  await user.goto(`${app.baseUrl}/dashboard`);
  await expect(user.getByTestId('total-points')).toContainText('75');
  await expect(user.getByTestId('rank-tile')).toContainText('1st');
  await expect(user.getByTestId('rank-tile')).toContainText('Global Rank');
  await expect(user.getByTestId('rank-message')).toHaveText("You're in 1st place!");
  await expect(user.getByTestId('performance-level')).toHaveText('Elite');
  await expect(user.getByTestId('rank-of-total')).toHaveText('1 of 3');

  // And in the leaderboard's You box.
  await user.goto(`${app.baseUrl}/leaderboard`);
  const you = user.getByTestId('you-box');
  await expect(you).toContainText('Rising Star');
  await expect(you).toContainText('rising.star@example.test');
  await expect(you).toContainText('75');
  await expect(you).toContainText('1st of 3');

  // Ties: equal scores are ordered by who signed up first.
  await admin.getByLabel('Score for Early Bird').fill('75');
  await admin.getByLabel('Score for Early Bird').blur();
  await expect(admin.getByText('Score for Early Bird saved: 75.')).toBeVisible();
  await user.goto(`${app.baseUrl}/dashboard`);
  await expect(user.getByTestId('rank-message')).toHaveText("You're in the top 3!");
  await expect(user.getByTestId('rank-tile')).toContainText('2nd');

  await Promise.all([adminContext.close(), userContext.close(), otherContext.close(), visitor.context().close()]);
});

test('the admin sees the Admin Panel card; a user is kept out of the admin dashboard', async ({ browser }) => {
  const adminContext = await browser.newContext();
  await adminContext.request.post(`${app.baseUrl}/api/auth/sign-in/email`, {
    headers: { origin: app.baseUrl },
    data: { email: ADMIN_EMAIL, password: PASSWORD },
  });
  const admin = await adminContext.newPage();
  await admin.goto(`${app.baseUrl}/Dashboard`);
  await expect(admin.getByTestId('role-badge')).toHaveAttribute('data-role', 'admin');
  await admin.getByRole('link', { name: /Admin Panel/ }).click();
  await expect(admin).toHaveURL(`${app.baseUrl}/admin-dashboard`);

  const userContext = await browser.newContext();
  await userContext.request.post(`${app.baseUrl}/api/auth/sign-in/email`, {
    headers: { origin: app.baseUrl },
    data: { email: 'rising.star@example.test', password: PASSWORD },
  });
  const user = await userContext.newPage();
  await user.goto(`${app.baseUrl}/admin-dashboard`);
  await expect(user).toHaveURL(`${app.baseUrl}/dashboard`);
  await expect(user.getByRole('link', { name: /Admin Panel/ })).toHaveCount(0);
  await Promise.all([adminContext.close(), userContext.close()]);
});

test('an admin fills the Parliamentary motion bank and the next round debates a motion from it', async ({
  browser,
}) => {
  const adminContext = await browser.newContext();
  const [gov, opp] = await Promise.all([browser.newContext(), browser.newContext()]);
  // The admin signed up in the test above (serial); signing up again signs in.
  const signIn = await adminContext.request.post(`${app.baseUrl}/api/auth/sign-in/email`, {
    headers: { origin: app.baseUrl },
    data: { email: ADMIN_EMAIL, password: PASSWORD },
  });
  expect(signIn.ok()).toBe(true);
  await signUp(gov, 'Gov Gale', 'gov.gale@example.test');
  await signUp(opp, 'Opp Orla', 'opp.orla@example.test');

  const admin = await adminContext.newPage();
  await admin.goto(`${app.baseUrl}/admin-dashboard`);
  const bank = admin.getByRole('region', { name: 'Motion bank' });
  await expect(bank.getByLabel('Format')).toHaveValue('parli');
  await expect(bank.getByTestId('motion-list')).toContainText('No motions');
  const motion = 'This House would make school start at 10 am';
  await bank.getByLabel('New motion').fill(motion);
  await bank.getByRole('button', { name: 'Add motion' }).click();
  await expect(bank.getByTestId('motion-list')).toContainText(motion);

  for (const context of [gov, opp]) {
    await context.request.post(`${app.baseUrl}/api/debates/queue`, {
      headers: { origin: app.baseUrl },
      data: { formatId: 'parli' },
    });
  }
  const { activeDebateId } = (await (await gov.request.get(`${app.baseUrl}/api/debates/queue`)).json()).queue;
  const page = await gov.newPage();
  await page.goto(`${app.baseUrl}/debates/${activeDebateId}`);
  await expect(page.getByText(motion)).toBeVisible();
  await Promise.all([adminContext.close(), gov.close(), opp.close()]);
});
