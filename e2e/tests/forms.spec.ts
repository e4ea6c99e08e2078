/**
 * Every form's fields behave alike: one field component gives each a label, its character count
 * where the text has a limit, and its error, all tied to the input (`aria-describedby`, `aria-invalid`), and a
 * refused form puts the focus on its first invalid field, so a screen reader says which field and why.
 */
import type { Locator, Page } from '@playwright/test';
import { test, expect } from '../support/fixtures';
import { signInAs, uniqueEmail } from '../support/accounts';
import { TEST_ADMIN_EMAILS } from '../support/env';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The field is focused, marked invalid, and its description carries the message (and the count, if any). */
async function expectRefused(field: Locator, message: string, count?: string) {
  await expect(field).toBeFocused();
  await expectInvalid(field, message, count);
}

async function expectInvalid(field: Locator, message: string, count?: string) {
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription(new RegExp(escape(message)));
  if (count) await expect(field).toHaveAccessibleDescription(new RegExp(escape(count)));
}

function form(page: Page, button: string): Locator {
  return page.locator('form').filter({ has: page.getByRole('button', { name: button, exact: true }) });
}

test('sign-up: the first invalid field takes the focus; the name shows its count like the settings page', async ({
  page,
}) => {
  await page.goto('/signup');
  await page.getByRole('button', { name: 'Sign Up with Email' }).click();
  await expectRefused(page.getByLabel('Full Name'), 'Please enter your full name.', '0 / 80');
  await expectInvalid(page.getByLabel('Email'), 'Please enter your email.');
});

test('account settings: name and password forms', async ({ page, consoleErrors }) => {
  consoleErrors.allow(/status of 400/);
  await signInAs(page.context(), uniqueEmail('forms-settings'), 'Form Tester');
  await page.goto('/settings');
  const nameForm = form(page, 'Save name');
  await nameForm.getByLabel('Full Name').fill('x'.repeat(81));
  await expect(nameForm.getByLabel('Full Name')).toHaveAccessibleDescription(/81 \/ 80 — 1 too many/);
  await nameForm.getByRole('button', { name: 'Save name' }).click();
  await expectRefused(nameForm.getByLabel('Full Name'), 'Full name must be at most 80 characters.', '81 / 80');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expectRefused(page.getByLabel('Current password'), 'Enter your current password.');
});

test('create a room: the name counts its characters instead of cutting them', async ({ page }) => {
  await signInAs(page.context(), uniqueEmail('forms-rooms'));
  await page.goto('/rooms');
  await page.getByRole('button', { name: 'Create Your Own Room' }).click();
  await page.getByRole('button', { name: 'Create Room' }).click();
  await expectRefused(page.getByLabel('Room Name'), 'Room Name is required.', '0 / 80');
  await page.getByLabel('Room Name').fill('r'.repeat(85));
  await expect(page.getByLabel('Room Name')).toHaveValue('r'.repeat(85));
  await expect(page.getByTestId('name-count')).toHaveText('85 / 80 — 5 too many');
});

test('edit topic and start a team', async ({ page }) => {
  await signInAs(page.context(), TEST_ADMIN_EMAILS[2]);
  await page.goto('/topics');
  const topic = page.getByRole('region', { name: 'Edit Topic' });
  await topic.getByLabel('New Topic Title').fill('');
  await topic.getByRole('button', { name: 'Update Topic' }).click();
  await expectRefused(topic.getByLabel('New Topic Title'), 'New Topic Title is required.', '0 / 300');
  await expect(topic.getByLabel('Or pick a date')).toHaveAttribute('type', 'date');

  await page.goto('/teams');
  await page.getByRole('button', { name: 'Create team' }).click();
  await expectRefused(page.getByLabel('Team name'), 'Team name must be at least 2 characters.', '0 / 80');
  await expectInvalid(page.getByLabel('School'), 'School must be at least 2 characters.', '0 / 120');
});

test('set a new password', async ({ page }) => {
  await page.goto('/reset-password?token=not-checked-before-submit');
  await page.getByLabel('New password').fill('short');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expectRefused(page.getByLabel('New password'), 'Password must be at least 8 characters.');
});

test('help form: each field with a limit counts, and the first invalid one takes the focus', async ({ page }) => {
  await page.goto('/help');
  const contact = page.getByRole('form', { name: 'Contact form' });
  await contact.getByRole('button', { name: /send/i }).click();
  await expectRefused(contact.getByLabel('Your name'), 'Your name is required.', '0 / 120');
  await expectInvalid(contact.getByLabel('Message'), 'Message is required.', '0 / 5000');
});
