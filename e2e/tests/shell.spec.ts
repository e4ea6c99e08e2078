import { test, expect } from '../support/fixtures';

/** Spec §2: the sidebar, exactly. */
const SIDEBAR = [
  { label: 'Welcome!', href: '/welcome' },
  { label: "Today's Topics", href: '/topics' },
  { label: 'How To', href: '/how-to' },
  { label: 'Meetings', href: '/rooms' },
  { label: 'Leaderboard', href: '/leaderboard' },
  { label: 'Chat', href: '/chat' },
  { label: 'About Us', href: '/about' },
  { label: 'Help', href: '/help' },
  { label: 'Home', href: '/Dashboard' },
  { label: 'Login / Sign In', href: '/signup' },
];

test('the sidebar has exactly the spec entries, in order, with their targets', async ({ shell }) => {
  await shell.goto('/');
  expect(await shell.sidebarEntries()).toEqual(SIDEBAR);
});

test("Today's Topics is the active entry at /", async ({ shell }) => {
  await shell.goto('/');
  await expect(shell.activeLink).toHaveCount(1);
  await expect(shell.activeLink).toHaveText("Today's Topics");
});

test('the active entry follows navigation', async ({ page, shell }) => {
  await shell.goto('/');
  for (const { label, path } of [
    { label: 'How To', path: '/how-to' },
    { label: 'Meetings', path: '/rooms' },
    { label: 'About Us', path: '/about' },
    { label: 'Welcome!', path: '/welcome' },
    { label: 'Help', path: '/help' },
    { label: "Today's Topics", path: '/topics' },
  ]) {
    await shell.sidebarLink(label).click();
    await expect(page).toHaveURL(path);
    await expect(shell.heading).toBeVisible();
    await expect(shell.activeLink).toHaveCount(1);
    await expect(shell.activeLink).toHaveText(label);
    await expect(shell.sidebarLink(label)).toHaveAttribute('aria-current', 'page');
  }
});

test('the header is 7rem high and the sidebar 16rem wide at 1280 px; the header title contains Resolved', async ({
  shell,
}) => {
  await shell.goto('/welcome');
  await expect(shell.title).toContainText('Resolved');
  await expect(shell.sidebar).toBeVisible();
  await expect(shell.menuButton).toBeHidden();
  const header = await shell.header.boundingBox();
  const sidebar = await shell.sidebar.boundingBox();
  expect(header?.height).toBe(112);
  expect(header?.width).toBe(1280);
  expect(sidebar?.width).toBe(256);
  // The sidebar starts under the header and the page content does not sit underneath either of them.
  expect(sidebar?.y).toBe(112);
  const heading = await shell.heading.boundingBox();
  expect(heading?.x).toBeGreaterThanOrEqual(256);
  expect(heading?.y).toBeGreaterThanOrEqual(112);
});
