import { randomBytes } from 'node:crypto';
import type { BrowserContext } from '@playwright/test';
import { test, expect } from '../support/fixtures';
import { seriousViolations } from '../support/axe';

const PASSWORD = 'e2e team-code password';

async function signUp(context: BrowserContext, name: string) {
  const email = `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${randomBytes(4).toString('hex')}@e2e.test`;
  const res = await context.request.post('/api/auth/sign-up/email', {
    data: { name, email, password: PASSWORD, birthMonth: '1990-01' },
  });
  expect(res.ok(), await res.text()).toBe(true);
}

async function createTeam(context: BrowserContext, name: string) {
  const res = await context.request.post('/api/teams', { data: { name, school: 'Eastfield High' } });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()).team as { id: number; joinCode: string };
}

test('a student types the code the coach read out, on the Teams page or the dashboard', async ({
  page,
  browser,
  consoleErrors,
}) => {
  consoleErrors.allow(/status of (403|404)/);
  const run = randomBytes(3).toString('hex');
  const teamName = `Eastfield ${run}`;
  const coach = await browser.newContext();
  await signUp(coach, `Coach ${run}`);
  const team = await createTeam(coach, teamName);
  await signUp(page.context(), `Sam ${run}`);

  // On the Teams page, typed as heard: lower case, with the dash of the coach's panel.
  await page.goto('/teams');
  const form = page.getByRole('form', { name: 'Join with a code' });
  await expect(form).toBeVisible();
  const field = form.getByLabel('Team code');
  await field.fill('abcde-fghjk');
  await form.getByRole('button', { name: 'Join team' }).click();
  await expect(field).toHaveAccessibleDescription(/That team code is not valid\. Check it with your coach\./);
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  expect(await seriousViolations(page)).toEqual([]);
  const typed = `${team.joinCode.slice(0, 5).toLowerCase()}-${team.joinCode.slice(5).toLowerCase()}`;
  await field.fill(typed);
  await form.getByRole('button', { name: 'Join team' }).click();
  await expect(page.getByRole('heading', { level: 1, name: teamName })).toBeVisible();
  await expect(page.getByText(`You joined ${teamName}.`)).toBeVisible();

  // A classmate on the dashboard's team card, after the coach switched joining off: told so, not "not valid".
  const classmate = await browser.newContext();
  const other = await classmate.newPage();
  await signUp(classmate, `Kim ${run}`);
  const off = await coach.request.post(`/api/teams/${team.id}/join-code`, { data: { enabled: false } });
  expect(off.ok()).toBe(true);
  await other.goto('/dashboard');
  const card = other.getByTestId('practice-card');
  const cardForm = card.getByRole('form', { name: 'Join with a code' });
  await cardForm.getByLabel('Team code').fill(team.joinCode);
  await cardForm.getByRole('button', { name: 'Join team' }).click();
  await expect(cardForm.getByLabel('Team code')).toHaveAccessibleDescription(
    /This team is not taking new members; ask your coach\./,
  );
  await expect(cardForm).not.toContainText('not valid');
  // The join link says the same.
  await other.goto(`/teams/join/${team.joinCode}`);
  await expect(other.getByRole('alert')).toHaveText('This team is not taking new members; ask your coach.');
  await Promise.all([coach.close(), classmate.close()]);
});

test('Join with a code fits a phone', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await signUp(page.context(), `Phone ${randomBytes(3).toString('hex')}`);
  await page.goto('/teams');
  const form = page.getByRole('form', { name: 'Join with a code' });
  const button = form.getByRole('button', { name: 'Join team' });
  await expect(button).toBeVisible();
  const box = (await form.getByLabel('Team code').boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(375);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(375);
});
