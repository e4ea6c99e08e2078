/**
 * The app knows who is signed in: the sidebar shows the account and Sign Out, the
 * header menu signs out on every page and on phones, /login and /signup lead a signed-in user to the dashboard,
 * Welcome offers "Find an opponent" instead of "Sign up"; account settings rename, change the password and delete
 * the account; a bad challenge link says so in words.
 */
import { test, expect } from '../support/fixtures';
import { E2E_PASSWORD, signInAs, uniqueEmail } from '../support/accounts';
import { toast } from '../pages/AuthPages';

test('a signed-in user sees their account in the sidebar and the header menu, and is kept off login', async ({
  page,
  context,
}) => {
  const email = uniqueEmail('aware');
  await signInAs(context, email, 'Aware Ava');
  await page.goto('/welcome');
  const sidebar = page.getByRole('navigation', { name: 'Main' });
  await expect(sidebar.getByTestId('sidebar-account')).toContainText('Aware Ava');
  await expect(sidebar.getByRole('link', { name: 'Login / Sign In' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Sign up' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Find an opponent' })).toBeVisible();

  await page.goto('/login');
  await expect(page).toHaveURL(/\/Dashboard$/);
  await page.goto('/signup');
  await expect(page).toHaveURL(/\/Dashboard$/);

  await page.goto('/leaderboard');
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login / Sign In' }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Account menu' })).toHaveCount(0);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 } });
  test('Sign Out is reachable from the header menu', async ({ page, context }) => {
    await signInAs(context, uniqueEmail('phone'), 'Phone Pat');
    await page.goto('/topics');
    await page.getByRole('button', { name: 'Account menu' }).click();
    await expect(page.getByRole('menu')).toContainText('Phone Pat');
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });
});

test('account settings rename, change the password and delete the account', async ({
  page,
  context,
  consoleErrors,
}) => {
  consoleErrors.allow(/status of 400/);
  const email = uniqueEmail('settings');
  await signInAs(context, email, 'Set Tings');
  await page.goto('/leaderboard');
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Account settings' }).click();
  await expect(page).toHaveURL(/\/settings$/);

  const name = page.getByLabel('Full Name');
  await expect(name).toHaveValue('Set Tings');
  await name.fill('   ');
  await page.getByRole('button', { name: 'Save name' }).click();
  await expect(page.getByText('Please enter your full name.')).toBeVisible();
  await name.fill('Renamed Ren');
  await page.getByRole('button', { name: 'Save name' }).click();
  await expect(toast(page, 'Your name is saved.')).toBeVisible();
  await expect(page.getByTestId('header-greeting')).toContainText('Hi, Renamed Ren');

  await page.getByLabel('Current password').fill('not my password');
  await page.getByLabel('New password').fill('a newer password 2');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Your current password is not right.')).toBeVisible();
  await page.getByLabel('Current password').fill(E2E_PASSWORD);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(toast(page, 'Password changed. Other devices were signed out.')).toBeVisible();

  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('region', { name: 'Delete account' }).getByLabel('Password').fill('a newer password 2');
  await page.getByRole('button', { name: 'Delete my account' }).click();
  await expect(toast(page, 'Your account was deleted.')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  const signIn = await context.request.post('/api/auth/sign-in/email', {
    data: { email, password: 'a newer password 2' },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(signIn.status()).toBe(404);
});

test('a bad challenge link says so in words and offers a way on', async ({ page, context, consoleErrors }) => {
  consoleErrors.allow(/status of (400|404)/);
  await signInAs(context, uniqueEmail('badlink'));
  await page.goto('/debates/challenge/abc');
  await expect(page.getByTestId('challenge-error')).toHaveText(
    'This challenge link does not work: it may be mistyped or cut short. Ask your friend to send it again.',
  );
  await expect(page.getByText(/Too small|expected string/)).toHaveCount(0);
  await page.getByRole('link', { name: 'Find an opponent' }).click();
  await expect(page).toHaveURL(/\/debates$/);
});

test('the dashboard opens with "Start a debate" and the debater’s own record', async ({ page, context }) => {
  await signInAs(context, uniqueEmail('record'), 'Record Rae');
  await page.goto('/Dashboard');
  const welcome = page.getByRole('region', { name: 'Welcome' });
  await expect(welcome.getByRole('link', { name: 'Start a debate' })).toBeVisible();
  const record = page.getByTestId('debate-record');
  await expect(record.getByTestId('record-wins')).toHaveText('0');
  await expect(record.getByTestId('record-losses')).toHaveText('0');
  await expect(record.getByTestId('record-speaker-points')).toHaveText('—');
  await expect(record.getByTestId('record-ratings')).toHaveText('After your first judged round that counts for points');
  // It leads to the Find an opponent card on the dashboard itself (one "Find an opponent" on the page).
  await welcome.getByRole('link', { name: 'Start a debate' }).click();
  await expect(page.getByRole('button', { name: 'Find an opponent' })).toBeInViewport();
});
