import { test, expect } from '../support/fixtures';
import { seriousViolations } from '../support/axe';
import { PUBLIC_PAGES } from '../support/public-pages';

for (const { path, heading, texts, sections = [] } of PUBLIC_PAGES) {
  test(`${path} renders its spec texts and has no serious accessibility violation at 1280 and 375 px`, async ({
    page,
    shell,
  }) => {
    await test.step('spec texts', async () => {
      await shell.goto(path);
      await expect(shell.heading).toHaveCount(1);
      await expect(shell.heading).toContainText(heading);
      for (const text of texts) {
        await expect(shell.main.getByText(text).first(), `"${text}" on ${path}`).toBeVisible();
      }
      for (const name of sections) {
        await expect(shell.main.getByRole('heading', { level: 2, name, exact: true })).toBeVisible();
      }
      await expect(shell.title).toBeVisible();
      await expect(shell.header).toContainText('Resolved');
      await expect(page).toHaveTitle(/Resolved/);
      // Nothing is still loading, so axe sees the finished page.
      await expect(shell.main.getByRole('status')).toHaveCount(0);
    });

    // One load, two layouts: the breakpoints are CSS only, so resizing gives the page a phone would get.
    await test.step('axe at 1280 px', async () => {
      expect.soft(await seriousViolations(page), `axe at 1280 px on ${path}`).toEqual([]);
    });
    await test.step('axe at 375 px', async () => {
      await page.setViewportSize({ width: 375, height: 812 });
      await expect(shell.menuButton).toBeVisible();
      await expect(shell.sidebar).toBeHidden();
      expect.soft(await seriousViolations(page), `axe at 375 px on ${path}`).toEqual([]);
    });
  });
}

test('/rooms lists Room 1 to Room 6, each opening its meeting in a new tab safely', async ({ shell }) => {
  await shell.goto('/rooms');
  for (let n = 1; n <= 6; n += 1) {
    const card = shell.main.getByRole('listitem').filter({ hasText: new RegExp(`Room ${n}(?!\\d)`) });
    await expect(card, `Room ${n}`).toHaveCount(1);
    const link = card.getByRole('link', { name: /Click to join Zoom Meeting/ });
    await expect(link).toHaveCount(1);
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(link).toHaveAttribute('href', /^https:\/\/\S+$/);
  }
  await expect(shell.main.getByText(/Room 7(?!\d)/)).toHaveCount(0);
});

test('/help shows the four FAQ items, and an item opens to its answer', async ({ shell }) => {
  await shell.goto('/help');
  const faq = shell.main.getByRole('region', { name: /FAQ|Frequently asked questions/i });
  const items = faq.getByRole('group');
  // Spec §2: who can use it, is it free, can I suggest features, how to report a bug — in that order.
  await expect(items).toHaveCount(4);
  for (const [index, question] of [/who can use/i, /free/i, /suggest/i, /report a bug/i].entries()) {
    await expect(items.nth(index), `FAQ item ${index + 1}`).toContainText(question);
  }
  // Spec §1: the FAQ says the product is free for any high school or college student.
  const answer = faq.getByText(/free for any high school or college student/i);
  await expect(answer).toBeHidden();
  await items.nth(1).getByText(/free/i).first().click();
  await expect(answer).toBeVisible();
});
