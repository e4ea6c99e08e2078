/**
 * Google sign-in through the same OpenID Connect code path production uses, against a real local provider
 * (oidc-provider). The shared test server has no Google settings, so this file starts its own app instance
 * configured with the provider as GOOGLE_ISSUER.
 */
import type { Page } from '@playwright/test';
import { test, expect } from '../support/fixtures';
import { startAppServer, type TAppServer } from '../support/app-server';
import { emailForLogin, startOidcProvider, type TOidcProvider } from '../support/oidc';
import { BirthMonthGate, LoginForm, SignupForm, toast } from '../pages/AuthPages';

const APP_PORT = 3221;
const OIDC_PORT = 3230;

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
  // Google gives no month of birth: it is asked before anything else (issue 24).
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
