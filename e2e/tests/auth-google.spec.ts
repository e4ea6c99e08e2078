/**
 * Google sign-in through the same OpenID Connect code path production uses, against a real local provider
 * (oidc-provider). The shared test server has no Google settings, so this file starts its own app instance
 * configured with the provider as GOOGLE_ISSUER.
 */
import type { Browser, Page } from '@playwright/test';
import { test, expect } from '../support/fixtures';
import { startAppServer, type TAppServer } from '../support/app-server';
import { emailForLogin, startOidcProvider, type TOidcProvider } from '../support/oidc';
import { BirthMonthGate, LoginForm, SignupForm, toast } from '../pages/AuthPages';
import { ADULT_BIRTH_MONTH, E2E_PASSWORD } from '../support/accounts';

// From the run's port (E2E_PORT), so that runs on other ports do not collide; +40: chat-lock's instance takes +20.
const APP_PORT = Number(process.env.E2E_PORT ?? 3210) + 11;
const OIDC_PORT = Number(process.env.E2E_PORT ?? 3210) + 40;
/** An admin of this instance (ADMIN_EMAILS), who bans a Google-only account. */
const ADMIN_EMAIL = 'google-spec-admin@example.test';

test.describe.configure({ mode: 'serial' });

let oidc: TOidcProvider;
let app: TAppServer;

test.beforeAll(async () => {
  oidc = await startOidcProvider({
    port: OIDC_PORT,
    redirectUri: `http://127.0.0.1:${APP_PORT}/api/auth/callback/google`,
  });
  app = await startAppServer({
    port: APP_PORT,
    env: {
      GOOGLE_CLIENT_ID: oidc.clientId,
      GOOGLE_CLIENT_SECRET: oidc.clientSecret,
      GOOGLE_ISSUER: oidc.issuer,
      AUTH_SECRET: 'e2e-google-auth-secret-0123456789abcdef0123',
      ADMIN_EMAILS: ADMIN_EMAIL,
    },
  });
});

test.afterAll(async () => {
  await app?.stop();
  await oidc?.close();
});

/** Clicks a Google button and signs in as `login` on the provider's page in the popup. */
async function completeGooglePopup(page: Page, button: ReturnType<Page['getByRole']>, login: string) {
  const popupOpened = page.waitForEvent('popup');
  await button.click();
  const popup = await popupOpened;
  await popup.locator('input[name=login]').fill(login);
  await popup.locator('input[name=password]').fill('any password');
  await popup.locator('button[type=submit]').click();
  await popup.getByRole('button', { name: 'Continue' }).click();
  await popup.waitForEvent('close');
}

test('Google sign-up creates the account, asks the month of birth and goes to /dashboard', async ({ page }) => {
  const form = new SignupForm(page);
  await form.open(app.baseUrl);
  await expect(form.google).toHaveText('Sign Up with Google');
  await completeGooglePopup(page, form.google, 'grace.hopper');
  await expect(toast(page, 'Account created successfully!')).toBeVisible();
  await expect(page).toHaveURL(`${app.baseUrl}/dashboard`);
  // Google gives no month of birth: it is asked before anything else.
  await new BirthMonthGate(page).answer('1990-01');
  await expect(page.getByText('Welcome back, Grace hopper!')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Account Information' })).toContainText(emailForLogin('grace.hopper'));
});

test('Google sign-up with an existing account logs in', async ({ page }) => {
  const form = new SignupForm(page);
  await form.open(app.baseUrl);
  await completeGooglePopup(page, form.google, 'grace.hopper');
  await expect(toast(page, 'Account already exists. Logging you in...')).toBeVisible();
  await expect(page).toHaveURL(`${app.baseUrl}/dashboard`);
  await expect(page.getByTestId('header-greeting')).toContainText('Grace hopper');
});

test('Google login with the existing account goes to /Dashboard', async ({ page }) => {
  const form = new LoginForm(page);
  await form.open(app.baseUrl);
  await completeGooglePopup(page, form.google, 'grace.hopper');
  await expect(page).toHaveURL(`${app.baseUrl}/Dashboard`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Resolved Dashboard');
});

test('Google login with no account asks to sign up first and creates nothing', async ({ page }) => {
  const form = new LoginForm(page);
  await form.open(app.baseUrl);
  // The alert blocks the page (and the popup it is closing) until answered: answer it as it opens.
  const alerts: string[] = [];
  page.on('dialog', (dialog) => {
    alerts.push(dialog.message());
    void dialog.dismiss();
  });
  await completeGooglePopup(page, form.google, 'stranger');
  await expect.poll(() => alerts).toEqual(['User not found. Please sign up first.']);
  await expect(page).toHaveURL(`${app.baseUrl}/login`);
  const session = await page.request.get(`${app.baseUrl}/api/session`);
  expect((await session.json()).user).toBeNull();
});

test('closing the popup cancels the sign-up', async ({ page }) => {
  const form = new SignupForm(page);
  await form.open(app.baseUrl);
  const popupOpened = page.waitForEvent('popup');
  await form.google.click();
  const popup = await popupOpened;
  await popup.locator('input[name=login]').waitFor();
  await popup.close();
  await expect(toast(page, 'Signup cancelled. Please try again.')).toBeVisible();
  await expect(page).toHaveURL(`${app.baseUrl}/signup`);
});

/** An admin's request context on this instance (ADMIN_EMAILS makes the account an admin at sign-up). */
async function adminRequests(browser: Browser) {
  const context = await browser.newContext({ baseURL: app.baseUrl, extraHTTPHeaders: { origin: app.baseUrl } });
  const data = { name: 'Admin', email: ADMIN_EMAIL, password: E2E_PASSWORD, birthMonth: ADULT_BIRTH_MONTH };
  const signedUp = await context.request.post('/api/auth/sign-up/email', { data });
  if (!signedUp.ok()) {
    const signedIn = await context.request.post('/api/auth/sign-in/email', {
      data: { email: ADMIN_EMAIL, password: E2E_PASSWORD },
    });
    expect(signedIn.ok(), await signedIn.text()).toBe(true);
  }
  return context;
}

test('a Google-only account refused for a ban sees the reason and appeals the ban', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(90_000); // three trips through the provider's popup
  // The account exists only through Google: it has no password to sign in with, so no other way to appeal.
  const signup = new SignupForm(page);
  await signup.open(app.baseUrl);
  await completeGooglePopup(page, signup.google, 'ada.lovelace');
  await expect(page).toHaveURL(`${app.baseUrl}/dashboard`);
  await new BirthMonthGate(page).answer('1990-01');
  const userId = ((await (await page.request.get(`${app.baseUrl}/api/session`)).json()) as { user: { id: string } })
    .user.id;
  await expect(page.getByTestId('header-greeting')).toContainText('Ada lovelace');
  // Signed out here (off the app, then cookies gone) before the ban, so this page is a visitor's when it comes.
  await page.goto('about:blank');
  await page.context().clearCookies();

  const admin = await adminRequests(browser);
  const banned = await admin.request.post(`/api/moderation/users/${userId}/actions`, {
    data: { action: 'ban', reason: 'Spamming the community chat.' },
  });
  expect(banned.ok(), await banned.text()).toBe(true);

  const login = new LoginForm(page);
  await login.open(app.baseUrl);
  await completeGooglePopup(page, login.google, 'ada.lovelace');
  await expect(toast(page, 'This account has been banned.')).toBeVisible();
  const appeal = page.getByTestId('ban-appeal');
  await expect(appeal).toContainText('The moderator’s reason: Spamming the community chat.');
  // The token reached the page in the popup's fragment only: the page's own address carries nothing.
  await expect(page).toHaveURL(`${app.baseUrl}/login`);
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 800 });
    await page.screenshot({ path: testInfo.outputPath(`google-ban-appeal-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await appeal.getByLabel(/Why should the ban be lifted/).fill('Those were links to my club’s tournament.');
  await appeal.getByRole('button', { name: 'Send appeal' }).click();
  await expect(appeal.getByRole('status')).toContainText('Your appeal was sent.');

  // The appeal is a case in the queue, on this account; signing in stays refused.
  const queue = (await (await admin.request.get('/api/moderation/cases')).json()) as {
    cases: { kind: string; reportedUser: { id: string } }[];
  };
  expect(queue.cases.filter((c) => c.kind === 'appeal').map((c) => c.reportedUser.id)).toEqual([userId]);
  const session = await page.request.get(`${app.baseUrl}/api/session`);
  expect((await session.json()).user).toBeNull();

  // Once appealed, the next refused sign-in says so instead of offering the form again (signed out of the provider
  // first, so that its sign-in page asks again).
  await page.context().clearCookies();
  await login.open(app.baseUrl);
  await completeGooglePopup(page, login.google, 'ada.lovelace');
  await expect(page.getByTestId('ban-appeal')).toContainText('This ban has already been appealed');
  await admin.close();
});
