import { test, expect } from '../support/fixtures';
import { PUBLIC_PAGES } from '../support/public-pages';

for (const { path, heading, texts } of PUBLIC_PAGES) {
  test(`${path} renders its spec texts inside the shell`, async ({ page, shell }) => {
    await shell.goto(path);
    await expect(shell.heading).toHaveCount(1);
    await expect(shell.heading).toContainText(heading);
    for (const text of texts) {
      await expect(shell.main.getByText(text).first(), `"${text}" on ${path}`).toBeVisible();
    }
    await expect(shell.title).toBeVisible();
    await expect(shell.header).toContainText('Resolved');
    await expect(page).toHaveTitle(/Resolved/);
  });
}

test('/rooms lists Room 1 to Room 6, each opening its meeting in a new tab safely', async ({ shell }) => {
  await shell.goto('/rooms');
  for (let n = 1; n <= 6; n += 1) {
    const room = shell.main.getByRole('link', { name: new RegExp(`^Room ${n}\\b`) });
    await expect(room).toHaveCount(1);
    await expect(room).toContainText('Click to join Zoom Meeting');
    await expect(room).toHaveAttribute('target', '_blank');
    await expect(room).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(room).toHaveAttribute('href', /^https:\/\/\S+$/);
  }
  await expect(shell.main.getByRole('link', { name: /^Room 7\b/ })).toHaveCount(0);
});

test('/help shows the four FAQ items', async ({ shell }) => {
  await shell.goto('/help');
  const faq = shell.main.getByRole('region', { name: /FAQ|Frequently asked questions/i });
  for (const question of [/who can use/i, /free/i, /suggest/i, /report a bug/i]) {
    await expect(faq.getByText(question).first(), `FAQ item ${question}`).toBeVisible();
  }
});
