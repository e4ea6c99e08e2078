import { test, expect } from '../support/fixtures';

/** The How To contract (spec §2): keep this mapping. */
const CARDS = [
  { name: 'Lincoln Douglas', target: '/parliamentary' },
  { name: 'Public Forum', target: '/oxford' },
  { name: 'Parliamentary', target: '/parli' },
];

test('the three How To cards are in order and point at their guides', async ({ shell }) => {
  await shell.goto('/how-to');
  const cards = shell.main.getByRole('link').filter({ has: shell.page.getByRole('heading', { level: 2 }) });
  await expect(cards).toHaveCount(3);
  for (const [index, { name, target }] of CARDS.entries()) {
    await expect(cards.nth(index).getByRole('heading', { level: 2 })).toHaveText(name);
    await expect(cards.nth(index)).toHaveAttribute('href', target);
  }
});

for (const { name, target } of CARDS) {
  test(`choosing the ${name} card opens ${target}`, async ({ page, shell }) => {
    await shell.goto('/how-to');
    await shell.main.getByRole('link', { name: new RegExp(`^${name}`) }).click();
    await expect(page).toHaveURL(target);
    await expect(shell.heading).toContainText(name);
  });
}
