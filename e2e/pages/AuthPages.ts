import { expect, type Locator, type Page } from '@playwright/test';

/** The month and year of birth: two selects, on the sign-up form and on the page that asks at sign-in. */
export class BirthMonthFields {
  readonly month: Locator;
  readonly year: Locator;

  constructor(readonly page: Page) {
    this.month = page.getByLabel('Month of birth', { exact: true });
    this.year = page.getByLabel('Year of birth', { exact: true });
  }

  /** Chooses "YYYY-MM" in the two selects. */
  async choose(birthMonth: string) {
    const [year, month] = birthMonth.split('-') as [string, string];
    await this.month.selectOption(month);
    await this.year.selectOption(year);
  }
}

/** The page that asks an account without a month of birth for it before anything else. */
export class BirthMonthGate {
  readonly heading: Locator;
  readonly fields: BirthMonthFields;
  readonly submit: Locator;
  readonly signOut: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: 'Your month and year of birth' });
    const form = page.getByRole('form', { name: 'Month and year of birth' });
    this.fields = new BirthMonthFields(page);
    this.submit = form.getByRole('button', { name: 'Continue' });
    this.signOut = form.getByRole('button', { name: 'Sign Out' });
  }

  async answer(birthMonth: string) {
    await expect(this.heading).toBeVisible();
    await this.fields.choose(birthMonth);
    await this.submit.click();
    await expect(this.heading).toBeHidden();
  }
}

/** The /signup form (spec §2), with the month and year of birth. */
export class SignupForm {
  readonly name: Locator;
  readonly email: Locator;
  readonly password: Locator;
  readonly birthMonth: BirthMonthFields;
  readonly submit: Locator;
  readonly google: Locator;

  constructor(readonly page: Page) {
    this.name = page.getByLabel('Full Name');
    this.email = page.getByLabel('Email');
    this.password = page.getByLabel('Password');
    this.birthMonth = new BirthMonthFields(page);
    this.submit = page.getByRole('button', { name: 'Sign Up with Email' });
    this.google = page.getByRole('button', { name: /Sign Up with Google|Google sign-in is not configured/ });
  }

  async open(baseUrl = '') {
    await this.page.goto(`${baseUrl}/signup`);
    await expect(this.submit).toBeVisible();
  }

  /** Fills the form; the month of birth is an adult's unless given (`null`: left unchosen). */
  async fill(values: { name: string; email: string; password: string; birthMonth?: string | null }) {
    await this.name.fill(values.name);
    await this.email.fill(values.email);
    await this.password.fill(values.password);
    if (values.birthMonth !== null) await this.birthMonth.choose(values.birthMonth ?? '1990-01');
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
