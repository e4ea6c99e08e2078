import { test, expect } from '../support/fixtures';

for (const path of ['/how-to', '/parli', '/Dashboard']) {
  test(`the deep link ${path} loads directly`, async ({ page, shell }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    await expect(shell.header).toContainText('Resolved');
    await expect(shell.sidebarLinks).toHaveCount(10);
    await expect(shell.heading).toBeVisible();
    await expect(page).toHaveURL(path);
  });
}

test('reloading a deep link shows the same page', async ({ page, shell }) => {
  await shell.goto('/parli');
  await expect(shell.heading).toContainText('Parliamentary');
  await page.reload();
  await expect(page).toHaveURL('/parli');
  await expect(shell.heading).toContainText('Parliamentary');
  await expect(shell.activeLink).toHaveText('How To');
});

test('an unknown route shows the 404 page inside the shell', async ({ page, shell }) => {
  await page.goto('/no-such-page/at-all');
  await expect(shell.heading).toContainText('Page not found');
  await expect(shell.sidebarLinks).toHaveCount(10);
  await expect(shell.activeLink).toHaveCount(0);
});

test('an unknown API path answers with the JSON error model, not the SPA', async ({ request }) => {
  const response = await request.get('/api/no-such-endpoint');
  expect(response.status()).toBe(404);
  const body = (await response.json()) as { error?: { code?: string; message?: string } };
  expect(body.error?.code).toBeTruthy();
  expect(body.error?.message).toBeTruthy();
});
