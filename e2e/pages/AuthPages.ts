import { expect, type Locator, type Page } from '@playwright/test';

/** The /signup form (spec §2). */
export class SignupForm {
  readonly name: Locator;
  readonly email: Locator;
  readonly password: Locator;
  readonly submit: Locator;
  readonly google: Locator;

  constructor(readonly page: Page) {
    this.name = page.getByLabel('Full Name');
    this.email = page.getByLabel('Email');
    this.password = page.getByLabel('Password');
    this.submit = page.getByRole('button', { name: 'Sign Up with Email' });
    this.google = page.getByRole('button', { name: /Sign Up with Google|Google sign-in is not configured/ });
  }

  async open(baseUrl = '') {
    await this.page.goto(`${baseUrl}/signup`);
    await expect(this.submit).toBeVisible();
  }

  async fill(values: { name: string; email: string; password: string }) {
    await this.name.fill(values.name);
    await this.email.fill(values.email);
    await this.password.fill(values.password);
  }
}

/** The /login form (spec §2). */
export class LoginForm {
  readonly email: Locator;
  readonly password: Locator;
  readonly submit: Locator;
  readonly google: Locator;

  constructor(readonly page: Page) {
    this.email = page.getByLabel('Email');
    this.password = page.getByLabel('Password');
    this.submit = page.getByRole('button', { name: 'Login with Email' });
    this.google = page.getByRole('button', { name: /Sign in with Google|Google sign-in is not configured/ });
  }

  async open(baseUrl = '') {
    await this.page.goto(`${baseUrl}/login`);
    await expect(this.submit).toBeVisible();
  }

  async login(email: string, password: string) {
    await this.email.fill(email);
    await this.password.fill(password);
    await this.submit.click();
  }
}

/** A toast (react-toastify renders each as an alert). */
export function toast(page: Page, text: string): Locator {
  return page.getByRole('alert').filter({ hasText: text });
}
