/**
 * "Forgot password?" end to end, on its own app instance sending mail through a local SMTP server started here:
 * the link in the e-mail opens the reset page, the new password signs in, the old one does not.
 */
import { test, expect } from '../support/fixtures';
import { ADULT_BIRTH_MONTH } from '../support/accounts';
import { startAppServer, type TAppServer } from '../support/app-server';
import { startTestSmtp, type TTestSmtp } from '../../apps/server/src/test/smtp';
import { LoginForm, toast } from '../pages/AuthPages';

const APP_PORT = 3223;
const EMAIL = 'forgetful@resolved.test';

test.describe.configure({ mode: 'serial' });

let app: TAppServer;
let smtp: TTestSmtp;

test.beforeAll(async () => {
  smtp = await startTestSmtp();
  app = await startAppServer({
    port: APP_PORT,
    env: {
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Resolved <no-reply@resolved.test>',
      AUTH_SECRET: 'e2e-mail-auth-secret-0123456789abcdef0123456',
    },
  });
});

test.afterAll(async () => {
  await app?.stop();
  await smtp?.close();
});

test('a forgotten password is reset from the e-mailed link', async ({ page, context }) => {
  const signUp = await context.request.post(`${app.baseUrl}/api/auth/sign-up/email`, {
    headers: { origin: app.baseUrl },
    data: { name: 'Forgetful Fran', email: EMAIL, password: 'the old password', birthMonth: ADULT_BIRTH_MONTH },
  });
  expect(signUp.ok(), await signUp.text()).toBe(true);
  await context.clearCookies();

  await page.goto(`${app.baseUrl}/login`);
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  // The router keeps the login page (and its own Email field) on screen until the next page's chunk has loaded.
  await expect(page.getByRole('heading', { name: 'Forgot password?', level: 1 })).toBeVisible();
  await page.getByLabel('Email').fill(EMAIL);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  // The answer waits for the mail server to take the message: slower when the machine is busy.
  await expect(page.getByTestId('reset-sent')).toContainText(`If an account uses ${EMAIL}`, { timeout: 15_000 });

  const link = await smtp.linkSentTo(EMAIL);
  expect(link.startsWith(app.baseUrl)).toBe(true);
  await page.goto(link);
  await expect(page).toHaveURL(/\/reset-password\?token=/);
  await page.getByLabel('New password').fill('a brand new password');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(toast(page, 'Password changed. Log in with your new password.')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  const form = new LoginForm(page);
  await form.login(EMAIL, 'a brand new password');
  await expect(page).toHaveURL(/\/Dashboard$/i);

  const old = await context.request.post(`${app.baseUrl}/api/auth/sign-in/email`, {
    headers: { origin: app.baseUrl },
    data: { email: EMAIL, password: 'the old password' },
  });
  expect(old.status()).toBe(401);
});
