import { test, expect } from '../support/fixtures';
import { readTestDatabase } from '../support/database';

interface TContactRow {
  id: number;
  name: string;
  email: string;
  message: string;
  createdAt: string;
}

test('without HELP_FORM_URL the help page stores a contact request and confirms it', async ({ shell }, testInfo) => {
  await shell.goto('/help');
  await expect(shell.main.locator('iframe')).toHaveCount(0);

  // Unique per run and retry, so the row found below can only come from this submission.
  const stamp = `${Date.now()}-${testInfo.retry}`;
  const request = {
    name: 'Casey Tester',
    email: `casey.${stamp}@resolved.test`,
    message: `The timer on the Parli guide could show protected time more clearly. (${stamp})`,
  };
  const form = shell.main.getByRole('form', { name: /contact/i });
  await form.getByLabel(/name/i).fill(request.name);
  await form.getByLabel(/e-?mail/i).fill(request.email);
  await form.getByLabel(/message/i).fill(request.message);
  await form.getByRole('button', { name: /send/i }).click();

  const confirmation = shell.main.getByRole('status');
  await expect(confirmation).toContainText(/message has been sent/i);
  await expect(confirmation).toContainText(request.email);
  await expect(form).toHaveCount(0);

  const rows = readTestDatabase((db) =>
    db.prepare('SELECT * FROM contactRequests WHERE email = ?').all(request.email),
  ) as TContactRow[];
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject(request);
  expect(Date.parse(rows[0]!.createdAt)).toBeGreaterThan(Date.now() - 60_000);
});
