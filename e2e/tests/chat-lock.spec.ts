/**
 * The community chat's lock: an admin turns "only established accounts may post" on from the admin
 * dashboard; another person's open chat shows the banner at once; their message (a new account: not established) is
 * refused with its reason on the page; the admin turns it off and the banner goes, the message goes through.
 *
 * The switch holds for the whole app, so this runs on its own app instance (fresh database): the shared test server's
 * other chat tests keep an open chat meanwhile.
 */
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { test, expect } from '../support/fixtures';
import { startAppServer, type TAppServer } from '../support/app-server';
import { ChatPage } from '../pages/ChatPage';
import { ADULT_BIRTH_MONTH } from '../support/accounts';

/** Beside the shared server's port (E2E_PORT), so that runs on other ports do not meet. */
const APP_PORT = Number(process.env.E2E_PORT ?? 3210) + 20;
const ADMIN_EMAIL = 'chat.admin@resolved.test';
const PASSWORD = 'correct horse battery staple';
const LOCKED_MESSAGE =
  'Only established accounts can post in the chat right now (older than 24 hours, with a completed round). You can still read it.';

test.describe.configure({ mode: 'serial' });

let app: TAppServer;

test.beforeAll(async () => {
  app = await startAppServer({
    port: APP_PORT,
    env: { ADMIN_EMAILS: ADMIN_EMAIL, AUTH_SECRET: 'e2e-chat-lock-auth-secret-0123456789abcdef0123' },
  });
});

test.afterAll(async () => {
  await app?.stop();
});

/** A signed-in page on this test's app; its console errors are collected (the shared guard watches `page` only). */
async function signedInPage(browser: Browser, name: string, email: string, errors: string[]) {
  const context: BrowserContext = await browser.newContext({ baseURL: app.baseUrl });
  const res = await context.request.post('/api/auth/sign-up/email', {
    headers: { origin: app.baseUrl },
    data: { name, email, password: PASSWORD, birthMonth: ADULT_BIRTH_MONTH },
  });
  expect(res.ok(), await res.text()).toBe(true);
  const page: Page = await context.newPage();
  page.on('console', (m) => (m.type() === 'error' ? errors.push(`${name}: ${m.text()}`) : undefined));
  page.on('pageerror', (e) => errors.push(`${name}: ${e.message}`));
  return { context, page };
}

test('an admin locks the chat to established accounts: a banner for everyone, a new account refused, then open again', async ({
  browser,
}) => {
  // Two people on a fresh instance through a dozen steps, each waiting on the other's page: on CI's loaded two cores
  // the default 30 s ran out on the last steps (the admin's second visit). A margin, not a budget.
  test.setTimeout(90_000);
  const errors: string[] = [];
  const admin = await signedInPage(browser, 'Chat Admin', ADMIN_EMAIL, errors);
  const newcomer = await signedInPage(browser, 'Newcomer', `newcomer-${Date.now()}@example.test`, errors);

  const chat = new ChatPage(newcomer.page);
  await chat.goto();
  await expect(chat.lockBanner).toHaveCount(0);

  await admin.page.goto('/admin-dashboard');
  await expect(admin.page.getByRole('heading', { level: 1 })).toHaveText('Admin Dashboard');
  const lockSwitch = admin.page.getByRole('switch', { name: 'Only established accounts may post' });
  await expect(lockSwitch).not.toBeChecked();
  // A click, not check(): the switch is controlled and moves on the next render, after check()'s own test of it.
  await lockSwitch.click();
  await expect(lockSwitch).toBeChecked();
  await expect(admin.page.getByText('Only established accounts can post in the chat now.')).toBeVisible();

  // The newcomer's open chat shows the banner without a reload.
  await expect(chat.lockBanner).toHaveText(
    'Only established accounts can post in the chat right now: accounts older than 24 hours that have completed a round.',
  );
  // Their message (a new account) is refused, and the page says why.
  await chat.send('Hello, is anyone here?');
  const refused = chat.outbox.filter({ hasText: 'Hello, is anyone here?' });
  await expect(refused).toHaveAttribute('data-status', 'failed');
  await expect(refused.getByRole('alert')).toHaveText(LOCKED_MESSAGE);
  await expect(chat.message('Hello, is anyone here?')).toHaveCount(0);

  // Someone arriving while it is on sees the banner too; the admin still posts.
  const adminChat = new ChatPage(admin.page);
  await adminChat.goto();
  await expect(adminChat.lockBanner).toBeVisible();
  await adminChat.send('The chat is for established accounts for a while.');
  await expect(chat.message('The chat is for established accounts for a while.')).toBeVisible();

  // Off again: the banner goes everywhere, live, and the newcomer's retry goes through.
  await admin.page.goto('/admin-dashboard');
  await expect(lockSwitch).toBeChecked();
  await lockSwitch.click();
  await expect(lockSwitch).not.toBeChecked();
  await expect(admin.page.getByText('Everyone can post in the chat again.')).toBeVisible();
  await expect(chat.lockBanner).toHaveCount(0);
  await refused.getByRole('button', { name: 'Retry' }).click();
  await expect(chat.message('Hello, is anyone here?')).toHaveCount(1);
  await expect(chat.outbox).toHaveCount(0);

  expect(errors).toEqual([]);
  await Promise.all([admin.context.close(), newcomer.context.close()]);
});
