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

test('below the three cards, How To lists the other formats’ guides', async ({ page, shell }) => {
  await shell.goto('/how-to');
  const more = shell.main.getByRole('region', { name: 'More formats' });
  const links = more.getByRole('link');
  await expect(links).toHaveCount(3);
  await expect(links.nth(0)).toHaveAttribute('href', '/policy');
  await expect(links.nth(0)).toContainText('Policy');
  await expect(links.nth(1)).toHaveAttribute('href', '/world-schools');
  await expect(links.nth(1)).toContainText('3 debaters a side');
  await expect(links.nth(2)).toHaveAttribute('href', '/british-parliamentary');
  await expect(links.nth(2)).toContainText('British Parliamentary');
  await expect(links.nth(2)).toContainText('2 debaters a team · 56 min of speeches');
  await links.nth(1).click();
  await expect(page).toHaveURL('/world-schools');
  await expect(shell.heading).toContainText('World Schools');
});
