import { randomBytes } from 'node:crypto';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { test, expect } from '../support/fixtures';
import { ChatPage } from '../pages/ChatPage';
import { TEST_ADMIN_EMAILS } from '../support/env';
import { signInAs } from '../support/accounts';
import { seriousViolations } from '../support/axe';

/** Signs the context in (creating the account first); the shared helper keeps one password for every test account. */
async function signIn(
  context: BrowserContext,
  name: string,
  email = `${name.toLowerCase()}-${randomBytes(4).toString('hex')}@e2e.test`,
) {
  await signInAs(context, email, name);
}

/** Two people in two browsers, each on /chat. */
async function twoPeople(browser: Browser, page: Page, other: { name: string; email?: string }) {
  await signIn(page.context(), 'Alice');
  const otherContext = await browser.newContext();
  await signIn(otherContext, other.name, other.email);
  const otherPage = await otherContext.newPage();
  const alice = new ChatPage(page);
  const them = new ChatPage(otherPage);
  await alice.goto();
  await them.goto();
  return { alice, them, otherContext };
}

const unique = (text: string) => `${text} ${randomBytes(3).toString('hex')}`;

// The run's database is shared by the tests of this file: they run in order, the empty chat first.
test.describe.configure({ mode: 'serial' });

test('a visitor is sent to /login', async ({ page }) => {
  await page.goto('/chat');
  await expect(page).toHaveURL(/\/login$/);
});

test('an empty chat says so, and Send stays disabled while the text is blank', async ({ page }) => {
  await signIn(page.context(), 'Alice');
  const chat = new ChatPage(page);
  await chat.goto();
  await expect(chat.emptyState).toBeVisible();
  await expect(chat.count).toHaveText('0 messages');
  await expect(chat.sendButton).toBeDisabled();
  await chat.input.fill('    ');
  await expect(chat.sendButton).toBeDisabled();
  await chat.input.fill('first!');
  await expect(chat.sendButton).toBeEnabled();
  await chat.sendButton.click();
  await expect(chat.input).toHaveValue('');
  await expect(chat.sendButton).toBeDisabled();
  await expect(chat.message('first!')).toBeVisible();
  await expect(chat.emptyState).toHaveCount(0);
  await expect(chat.count).toHaveText('1 message');
});

test('two people see each other live, their own messages as "You", with timestamps', async ({ browser, page }) => {
  const { alice, them, otherContext } = await twoPeople(browser, page, { name: 'Bob' });
  const hello = unique('Hello Bob');
  await alice.send(hello);
  await expect(alice.author(alice.message(hello))).toHaveText('You');
  await expect(them.author(them.message(hello))).toHaveText('Alice');
  const reply = unique('Hi Alice');
  await them.send(reply);
  await expect(alice.author(alice.message(reply))).toHaveText('Bob');
  await expect(them.author(them.message(reply))).toHaveText('You');
  // Ordered oldest first, newest at the bottom and in view.
  const texts = await alice.messages.allTextContents();
  expect(texts.findIndex((t) => t.includes(hello))).toBeLessThan(texts.findIndex((t) => t.includes(reply)));
  await expect(alice.message(reply)).toBeInViewport();
  await expect(alice.message(reply).locator('time')).toHaveText(/^[A-Z][a-z]{2} \d{1,2}, \d{1,2}:\d{2} (AM|PM)$/);
  await expect(alice.presence).toHaveText(/^[2-9]\d* in the chat now$/);
  // 75% of the viewport high.
  const box = await alice.view.boundingBox();
  expect(Math.round(box!.height)).toBe(Math.round(page.viewportSize()!.height * 0.75));
  await otherContext.close();
});

test('admin messages carry the "Admin" label and badge, and the filter shows only them', async ({ browser, page }) => {
  const { alice, them, otherContext } = await twoPeople(browser, page, { name: 'Coach', email: TEST_ADMIN_EMAILS[1] });
  const fromAdmin = unique('Round starts soon');
  const fromAlice = unique('Ready when you are');
  await them.send(fromAdmin);
  await alice.send(fromAlice);
  const adminMessage = alice.message(fromAdmin);
  await expect(alice.author(adminMessage)).toHaveText('Admin');
  await expect(adminMessage.getByTestId('chat-admin-badge')).toBeVisible();
  await expect(adminMessage).toHaveAttribute('data-role', 'admin');
  await expect(alice.message(fromAlice).getByTestId('chat-admin-badge')).toHaveCount(0);
  // The admin's own message reads "You" for them, still badged.
  await expect(them.author(them.message(fromAdmin))).toHaveText('You');

  // With own, other and admin messages on screen: no serious accessibility violations (contrast, labels…).
  expect(await seriousViolations(alice.page)).toEqual([]);

  await alice.adminOnly.check();
  await expect(alice.message(fromAdmin)).toBeVisible();
  await expect(alice.message(fromAlice)).toHaveCount(0);
  await expect(alice.messages.and(alice.page.locator('[data-role="user"]'))).toHaveCount(0);
  await alice.adminOnly.uncheck();
  await expect(alice.message(fromAlice)).toBeVisible();
  await otherContext.close();
});

test('markup is shown as text, and links open safely in a new tab', async ({ browser, page }) => {
  const { alice, them, otherContext } = await twoPeople(browser, page, { name: 'Mallory' });
  let sawDialog = false;
  for (const p of [alice.page, them.page]) p.on('dialog', (d) => ((sawDialog = true), void d.dismiss()));
  const markup = '<img src=x onerror=alert(1)>';
  await them.send(markup);
  await expect(alice.message(markup)).toBeVisible();
  await expect(alice.list.locator('img')).toHaveCount(0);
  const withLink = unique('notes at https://example.com/case?x=1 and javascript:alert(1)');
  await them.send(withLink);
  const link = alice.message(withLink).getByRole('link');
  await expect(link).toHaveCount(1);
  await expect(link).toHaveAttribute('href', 'https://example.com/case?x=1');
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  expect(sawDialog).toBe(false);
  await otherContext.close();
});

test('deleting a message removes it for everyone, live', async ({ browser, page }) => {
  const { alice, them, otherContext } = await twoPeople(browser, page, { name: 'Dana' });
  const oops = unique('oops, wrong chat');
  await alice.send(oops);
  await expect(them.message(oops)).toBeVisible();
  await expect(them.message(oops).getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await alice.message(oops).getByRole('button', { name: 'Delete' }).click();
  await expect(alice.message(oops)).toHaveCount(0);
  await expect(them.message(oops)).toHaveCount(0);
  await otherContext.close();
});

test('a message written offline shows "Sending…" and is delivered once when the connection is back', async ({
  browser,
  page,
  consoleErrors,
}) => {
  // While offline the browser itself logs its failed reconnection attempts.
  consoleErrors.allow(/ERR_INTERNET_DISCONNECTED|WebSocket connection to .* failed/);
  const { alice, them, otherContext } = await twoPeople(browser, page, { name: 'Erin' });
  await page.context().setOffline(true);
  await expect(alice.page.getByRole('status').filter({ hasText: 'Reconnecting…' })).toBeVisible({ timeout: 15_000 });
  const offline = unique('written on the train');
  await alice.send(offline);
  await expect(alice.outbox).toContainText('Sending…');
  await expect(alice.input).toHaveValue('');
  // Not delivered while offline…
  await alice.page.waitForTimeout(1000);
  await expect(them.message(offline)).toHaveCount(0);
  await expect(alice.outbox).toContainText('Sending…');
  await page.context().setOffline(false);
  await expect(alice.message(offline)).toHaveCount(1);
  await expect(alice.outbox).toHaveCount(0);
  await expect(them.message(offline)).toHaveCount(1);
  await otherContext.close();
});

test('sending too fast is refused with a clear message and a Retry', async ({ page }) => {
  await signIn(page.context(), 'Speedy');
  const chat = new ChatPage(page);
  await chat.goto();
  const burst = unique('burst');
  for (let i = 1; i <= 6; i += 1) await chat.send(`${burst} ${i}`);
  const refused = chat.outbox.filter({ hasText: `${burst} 6` });
  await expect(refused).toHaveAttribute('data-status', 'failed');
  await expect(refused).toContainText('Not sent');
  await expect(refused.getByRole('alert')).toHaveText("You're sending messages too fast. Wait a moment.");
  await expect(chat.message(`${burst} 5`)).toBeVisible();
  // After the window, Retry stores it once.
  await page.waitForTimeout(5000);
  await refused.getByRole('button', { name: 'Retry' }).click();
  await expect(chat.message(`${burst} 6`)).toHaveCount(1);
  await expect(chat.outbox).toHaveCount(0);
});
