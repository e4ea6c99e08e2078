/**
 * Blocks: A blocks B from B's profile (after a confirm dialog); B's community-chat messages
 * disappear for A, those already there and new ones; A and B look for a Lincoln Douglas opponent at the same time and
 * are not matched; A unblocks B in Settings. And a block from a live round's room ends it for both.
 */
import { randomBytes } from 'node:crypto';
import type { BrowserContext } from '@playwright/test';
import { test, expect } from '../support/fixtures';
import { signInAs, uniqueEmail } from '../support/accounts';
import { ChatPage } from '../pages/ChatPage';
import { DebatePage } from '../pages/DebatePage';
import { BASE_URL } from '../support/env';

async function userIdOf(context: BrowserContext): Promise<string> {
  const session = await (await context.request.get('/api/session')).json();
  return session.user.id as string;
}

test('A blocks B from B’s profile: B’s chat messages go, the queue keeps them apart, Settings unblocks', async ({
  browser,
  page,
}) => {
  test.setTimeout(90_000);
  const run = randomBytes(3).toString('hex');
  const [aName, bName, cName] = [`Avery ${run}`, `Blake ${run}`, `Casey ${run}`];
  const [bCtx, cCtx] = await Promise.all([browser.newContext(), browser.newContext()]);
  await signInAs(page.context(), uniqueEmail('block-a'), aName);
  await signInAs(bCtx, uniqueEmail('block-b'), bName);
  await signInAs(cCtx, uniqueEmail('block-c'), cName);
  const [bPage, cPage] = await Promise.all([bCtx.newPage(), cCtx.newPage()]);
  const bId = await userIdOf(bCtx);

  // B says something in the chat; A sees it.
  const aChat = new ChatPage(page);
  const bChat = new ChatPage(bPage);
  const cChat = new ChatPage(cPage);
  await bChat.goto();
  const before = `before the block ${run}`;
  await bChat.send(before);
  await aChat.goto();
  await expect(aChat.message(before)).toBeVisible();

  // A opens B's profile and blocks B, confirming the dialog that says what a block does.
  await page.goto(`/users/${bId}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(bName);
  let question = '';
  page.once('dialog', (dialog) => {
    question = dialog.message();
    void dialog.accept();
  });
  await page.getByRole('button', { name: `Block ${bName}` }).click();
  await expect(page.getByTestId('profile-blocked')).toContainText(`You blocked ${bName}`);
  expect(question).toContain(`Block ${bName}? You will not be matched with them again`);
  await expect(page.getByRole('button', { name: `Unblock ${bName}` })).toBeVisible();

  // In the chat, B's earlier message is gone for A, and a new one never arrives (C's, sent after it, does).
  await aChat.goto();
  await cChat.goto();
  await expect(aChat.message(before)).toHaveCount(0);
  const during = `while blocked ${run}`;
  await bChat.send(during);
  await expect(bChat.message(during)).toBeVisible();
  const marker = `marker ${run}`;
  await cChat.send(marker);
  await expect(aChat.message(marker)).toBeVisible();
  await expect(aChat.message(during)).toHaveCount(0);
  await expect(cChat.message(during)).toBeVisible();
  await cCtx.close();

  // Both look for a Lincoln Douglas opponent: they wait side by side, never matched with each other.
  const a = new DebatePage(page);
  const b = new DebatePage(bPage);
  await a.gotoDebates();
  await a.findOpponent('Lincoln Douglas');
  await expect(a.waiting).toContainText('Lincoln Douglas');
  await b.gotoDebates();
  await b.findOpponent('Lincoln Douglas');
  await expect(b.waiting).toContainText('Lincoln Douglas');
  for (const context of [page.context(), bCtx]) {
    const { queue } = await (await context.request.get('/api/debates/queue')).json();
    expect(queue).toMatchObject({ waiting: { formatId: 'ld' }, activeDebateId: null });
  }
  await expect(page).toHaveURL(/\/debates$/);
  await expect(bPage).toHaveURL(/\/debates$/);
  await b.waiting.getByRole('button', { name: 'Cancel' }).click();
  await a.waiting.getByRole('button', { name: 'Cancel' }).click();

  // Settings lists B; Unblock empties the list, and B's messages show in the chat again.
  await page.goto('/settings');
  const list = page.getByTestId('blocked-list');
  await expect(list).toContainText(bName);
  await list.getByRole('button', { name: `Unblock ${bName}` }).click();
  await expect(page.getByTestId('blocked-empty')).toHaveText('You have not blocked anyone.');
  await aChat.goto();
  await expect(aChat.message(before)).toBeVisible();
  await bCtx.close();
});

test('blocking the opponent from the room ends the round for both, with the same neutral words', async ({
  browser,
  page,
}) => {
  test.setTimeout(90_000);
  const run = randomBytes(3).toString('hex');
  const [aName, bName] = [`Avery ${run}`, `Blake ${run}`];
  const bCtx = await browser.newContext();
  await signInAs(page.context(), uniqueEmail('room-block-a'), aName);
  await signInAs(bCtx, uniqueEmail('room-block-b'), bName);
  const created = await page.context().request.post('/api/debates/challenges', {
    headers: { origin: BASE_URL },
    data: { formatId: 'ld' },
  });
  const { token } = (await created.json()).challenge;
  const accepted = await bCtx.request.post(`/api/debates/challenges/${token}/accept`, {
    headers: { origin: BASE_URL },
  });
  const { debateId } = await accepted.json();
  const bPage = await bCtx.newPage();
  const a = new DebatePage(page);
  const b = new DebatePage(bPage);
  await a.gotoRoom(debateId);
  await b.gotoRoom(debateId);

  page.once('dialog', (dialog) => void dialog.accept());
  await page
    .getByTestId('round-block')
    .getByRole('button', { name: `Block ${bName}` })
    .click();
  const words = 'This round ended early. Nobody wins and no points are given.';
  for (const p of [page, bPage]) {
    await expect(p).toHaveURL(/\/debates$/);
    await expect(p.getByRole('alert').filter({ hasText: words })).toBeVisible();
    await expect(p.getByTestId('live-debate-banner')).toHaveCount(0);
  }
  // The round says the same to anyone who opens it, naming nobody.
  await b.gotoRoom(debateId);
  await expect(b.status).toHaveText(words);
  await bCtx.close();
});
