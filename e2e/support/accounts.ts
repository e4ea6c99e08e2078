import { expect, type BrowserContext } from '@playwright/test';
import { BASE_URL } from './env';

/** The month of birth browser-test accounts give unless a test says otherwise: an adult's. */
export const ADULT_BIRTH_MONTH = '1990-01';

/** The password every browser-test account uses. */
export const E2E_PASSWORD = 'correct horse battery staple';

let sequence = 0;

/** A fresh address for a one-off user of one test (workers run in parallel: make it unique). */
export function uniqueEmail(prefix: string): string {
  sequence += 1;
  return `${prefix}-${process.pid}-${Date.now().toString(36)}-${sequence}@example.test`;
}

/** The month of birth of someone `years` old now (the birthday counted at the end of the month, as the app does). */
export function birthMonthForAge(years: number): string {
  const now = new Date();
  return `${now.getUTCFullYear() - years - 1}-${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
}

/**
 * Signs `context` in as `email` through the real auth API (the session cookie lands in the context). The
 * account is created on first use (an adult unless `birthMonth` says otherwise); an address on the test server's
 * ADMIN_EMAILS list becomes an admin.
 */
export async function signInAs(
  context: BrowserContext,
  email: string,
  displayName = email.split('@')[0]!,
  birthMonth = ADULT_BIRTH_MONTH,
  /** The app's address, for a spec's own app server (`startAppServer`); the shared server's by default. */
  origin = BASE_URL,
) {
  const headers = { origin };
  const signUp = await context.request.post('/api/auth/sign-up/email', {
    headers,
    data: { name: displayName, email, password: E2E_PASSWORD, birthMonth },
  });
  if (signUp.ok()) return;
  // The account may exist already (409), or sign-up may refuse it for its age: sign in, and if that fails too, say
  // what sign-up answered — it is usually the cause.
  const signUpAnswer = `${signUp.status()} ${await signUp.text()}`;
  const signIn = await context.request.post('/api/auth/sign-in/email', {
    headers,
    data: { email, password: E2E_PASSWORD },
  });
  expect(
    signIn.ok(),
    `sign in as ${email}: ${signIn.status()} ${await signIn.text()} (sign-up answered ${signUpAnswer})`,
  ).toBe(true);
}
