import { test, expect } from '../support/fixtures';
import { ADULT_BIRTH_MONTH, E2E_PASSWORD, signInAs, uniqueEmail } from '../support/accounts';
import { LoginForm, SignupForm, toast } from '../pages/AuthPages';
import { readTestDatabase } from '../support/database';
import { BASE_URL } from '../support/env';

test.describe('sign-up', () => {
  test('creates an account, says so, goes to / and greets the user in the header', async ({ page }) => {
    const form = new SignupForm(page);
    const email = uniqueEmail('signup');
    await form.open();
    await form.fill({ name: 'Grace Hopper', email, password: 'compilers-rule' });
    await form.submit.click();
    await expect(toast(page, 'Account created successfully!')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('header-greeting')).toContainText('Grace Hopper');
    await expect(page.getByTestId('header-greeting')).toContainText('G');
    const row = readTestDatabase((db) =>
      db.prepare('select displayName, role, score, createdAt from users where email = ?').get(email),
    ) as { displayName: string; role: string; score: number; createdAt: string };
    expect(row).toMatchObject({ displayName: 'Grace Hopper', role: 'user', score: 0 });
    expect(row.createdAt).toBeTruthy();
  });

  test('an e-mail already registered goes to /login after 3 s', async ({ page, context, consoleErrors }) => {
    // The browser logs the refused request (409) itself; the page handles it.
    consoleErrors.allow(/status of 409/);
    const email = uniqueEmail('taken');
    await signInAs(context, email);
    await context.clearCookies();
    const form = new SignupForm(page);
    await form.open();
    await form.fill({ name: 'Again', email, password: 'another-password' });
    await form.submit.click();
    await expect(toast(page, 'This email is already registered. Redirecting to login...')).toBeVisible();
    await expect(page).toHaveURL(/\/signup$/);
    await expect(page).toHaveURL(/\/login$/, { timeout: 5_000 });
  });

  test('a refused attempt says when to try again', async ({ page, context, consoleErrors }) => {
    // The browser logs the refused requests (409, then 429) itself; the page handles them.
    consoleErrors.allow(/status of (409|429)/);
    const email = uniqueEmail('limited');
    // Ten attempts for one address within 15 minutes are allowed (AUTH_RATE_LIMIT_PER_EMAIL); the next is refused.
    for (let n = 0; n < 10; n += 1) {
      await context.request.post('/api/auth/sign-up/email', {
        data: { name: 'Script', email, password: 'compilers-rule', birthMonth: ADULT_BIRTH_MONTH },
        headers: { origin: BASE_URL },
      });
    }
    await context.clearCookies();
    const form = new SignupForm(page);
    await form.open();
    await form.fill({ name: 'Late Student', email, password: 'compilers-rule' });
    await form.submit.click();
    await expect(toast(page, 'Too many attempts. Please wait 15 minutes and try again.')).toBeVisible();
    await expect(toast(page, 'Signup failed. Try again.')).toHaveCount(0);
  });

  test('shows the password rule in the form when it is not met', async ({ page }) => {
    const form = new SignupForm(page);
    await form.open();
    await form.fill({ name: 'Short', email: uniqueEmail('short'), password: 'abc' });
    await form.submit.click();
    await expect(page.getByText('Password must be at least 8 characters.')).toBeVisible();
    await expect(form.password).toHaveAttribute('aria-invalid', 'true');
    await expect(page).toHaveURL(/\/signup$/);
  });

  test('says plainly that Google sign-in is not configured on this server', async ({ page }) => {
    const form = new SignupForm(page);
    await form.open();
    await expect(form.google).toHaveText('Google sign-in is not configured on this server');
    await expect(form.google).toBeDisabled();
    const login = new LoginForm(page);
    await login.open();
    await expect(login.google).toHaveText('Google sign-in is not configured on this server');
    await expect(login.google).toBeDisabled();
  });
});

test.describe('login', () => {
  test('empty fields warn "Please enter email and password"', async ({ page }) => {
    const form = new LoginForm(page);
    await form.open();
    await form.submit.click();
    await expect(toast(page, 'Please enter email and password')).toBeVisible();
  });

  test('an unknown e-mail says to sign up', async ({ page, consoleErrors }) => {
    consoleErrors.allow(/status of 404 .*sign-in\/email/);
    const form = new LoginForm(page);
    await form.open();
    await form.login(uniqueEmail('nobody'), 'whatever-password');
    await expect(toast(page, 'User not found. Please sign up.')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a wrong password says so', async ({ page, context, consoleErrors }) => {
    consoleErrors.allow(/status of 401 .*sign-in\/email/);
    const email = uniqueEmail('wrongpw');
    await signInAs(context, email);
    await context.clearCookies();
    const form = new LoginForm(page);
    await form.open();
    await form.login(email, 'not-the-password');
    await expect(toast(page, 'Incorrect password.')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('the right password goes to /Dashboard', async ({ page, context }) => {
    const email = uniqueEmail('login');
    await signInAs(context, email, 'Login Person');
    await context.clearCookies();
    const form = new LoginForm(page);
    await form.open();
    await form.login(email, E2E_PASSWORD);
    await expect(page).toHaveURL(/\/Dashboard$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Resolved Dashboard');
    await expect(page.getByText('Welcome back, Login Person!')).toBeVisible();
  });
});

test.describe('gates', () => {
  test('a visitor is sent to /login from /chat, /dashboard, /Dashboard and /admin-dashboard', async ({ page }) => {
    for (const path of ['/chat', '/dashboard', '/Dashboard', '/admin-dashboard']) {
      await page.goto(path);
      await expect(page, path).toHaveURL(/\/login$/);
      await expect(page.getByRole('button', { name: 'Login with Email' })).toBeVisible();
    }
  });

  test('a user is sent from /admin-dashboard to /dashboard after "Checking permissions..."', async ({
    page,
    context,
  }) => {
    await signInAs(context, uniqueEmail('gate'));
    // Hold the session check so the gate's loading state is observable, then let it through.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let calls = 0;
    await page.route('**/api/session', async (route) => {
      calls += 1;
      if (calls === 2) await held;
      await route.continue();
    });
    await page.goto('/admin-dashboard');
    await expect(page.getByText('Checking permissions...')).toBeVisible();
    release();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Resolved Dashboard');
  });
});

test.describe('dashboard of a new user', () => {
  test('shows the start state, every section, and signs out server-side', async ({ page, context }) => {
    const email = uniqueEmail('fresh');
    await signInAs(context, email, 'Fresh Debater');
    await page.goto('/Dashboard');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Resolved Dashboard');
    await expect(page.getByText('Welcome back, Fresh Debater!')).toBeVisible();
    await expect(page.getByTestId('role-badge')).toHaveAttribute('data-role', 'user');
    await expect(page.getByTestId('total-points')).toContainText('0');
    await expect(page.getByTestId('rank-tile')).toContainText('Start');
    await expect(page.getByTestId('rank-tile')).toContainText('Your First Debate');
    await expect(page.getByRole('link', { name: 'Join Debate Room' })).toHaveAttribute('href', '/rooms');
    await expect(page.getByRole('link', { name: 'Learn How to Debate' })).toHaveAttribute('href', '/how-to');
    const account = page.getByRole('region', { name: 'Account Information' });
    await expect(account).toContainText(email);
    await expect(account).toContainText('Member Since');
    await expect(page.getByRole('link', { name: /Start Your First Debate!/ })).toHaveAttribute('href', '/rooms');
    for (const label of ['Leaderboard', 'Browse Topics', 'Chat', 'How To']) {
      await expect(
        page.getByRole('region', { name: 'Action Center' }).getByRole('link', { name: new RegExp(label) }),
      ).toBeVisible();
    }
    await expect(page.getByRole('link', { name: /Admin Panel/ })).toHaveCount(0);
    await expect(page.getByTestId('rank-message')).toHaveText('Ready to start your first debate!');
    // The server's count: no debates recorded for this new account.
    await expect(page.getByTestId('debates-joined')).toHaveText('0');
    await expect(page.getByTestId('rank-of-total')).toHaveText(/^\d+ of \d+$/);

    await page.getByRole('main').getByRole('button', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    const session = await context.request.get('/api/session');
    expect((await session.json()).user).toBeNull();
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login$/);
  });
});
