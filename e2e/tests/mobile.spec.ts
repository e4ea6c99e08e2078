import { test, expect } from '../support/fixtures';
import { seriousViolations } from '../support/axe';

test.use({ viewport: { width: 375, height: 812 } });

test('the sidebar is hidden at 375 px and the header menu button opens it', async ({ shell }) => {
  await shell.goto('/');
  await shell.expectMenuClosed();
  await shell.openMenu();
  await expect(shell.menuButton).toHaveAttribute('aria-expanded', 'true');
  await expect(shell.sidebarLinks).toHaveCount(10);
  // The drawer lies on top of the page, inside the viewport, at its full 16rem width.
  // (polled: the drawer slides in over 200 ms)
  await expect.poll(async () => (await shell.sidebar.boundingBox())?.x).toBe(0);
  expect((await shell.sidebar.boundingBox())?.width).toBe(256);
});

test('choosing an entry navigates, marks it active and closes the sidebar', async ({ page, shell }) => {
  await shell.goto('/');
  await shell.openMenu();
  await shell.sidebarLink('How To').click();
  await expect(page).toHaveURL('/how-to');
  await expect(shell.heading).toHaveText('Choose Debate Format');
  await shell.expectMenuClosed();
  await shell.openMenu();
  await expect(shell.activeLink).toHaveText('How To');
});

test('the dimmed overlay closes the sidebar', async ({ page, shell }) => {
  await shell.goto('/about');
  await shell.openMenu();
  await expect(shell.overlay).toBeVisible();
  await expect(shell.overlay).toHaveCSS('opacity', '1');
  const background = await shell.overlay.evaluate((el) => getComputedStyle(el).backgroundColor);
  expect(background, 'the overlay dims the page').not.toBe('rgba(0, 0, 0, 0)');
  // Click the overlay to the right of the 256 px drawer.
  await shell.overlay.click({ position: { x: 320, y: 400 } });
  await shell.expectMenuClosed();
  await expect(page).toHaveURL('/about');
});

test('Escape closes the sidebar and focus stays inside it while open', async ({ page, shell }) => {
  await shell.goto('/help');
  await shell.openMenu();
  const isFocusInSidebar = () => shell.sidebar.evaluate((nav) => nav.contains(document.activeElement));
  expect(await isFocusInSidebar()).toBe(true);
  // More Tab presses than there are controls: focus must wrap around inside the drawer.
  for (let i = 0; i < 14; i += 1) {
    await page.keyboard.press('Tab');
    expect(await isFocusInSidebar(), `focus after ${i + 1} Tab presses`).toBe(true);
  }
  for (let i = 0; i < 3; i += 1) {
    await page.keyboard.press('Shift+Tab');
    expect(await isFocusInSidebar(), `focus after ${i + 1} Shift+Tab presses`).toBe(true);
  }
  await page.keyboard.press('Escape');
  await shell.expectMenuClosed();
  await expect(page).toHaveURL('/help');
});

test('the open drawer has no serious or critical accessibility violation', async ({ page, shell }) => {
  await shell.goto('/topics');
  await shell.openMenu();
  expect(await seriousViolations(page)).toEqual([]);
});
