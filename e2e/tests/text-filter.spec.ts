/**
 * The text filter end to end: a slur in the community chat is refused with its message shown and
 * never posted; a flagged word is posted for everyone and files an automatic case, which a moderator finds in the
 * queue at /moderation, marked as the text filter's, with what matched.
 */
import type { BrowserContext } from '@playwright/test';
import { test, expect } from '../support/fixtures';
import { BASE_URL, TEST_ADMIN_EMAILS } from '../support/env';
import { signInAs, uniqueEmail } from '../support/accounts';
import { ChatPage } from '../pages/ChatPage';
import { ModerationQueue } from '../pages/ModerationPages';

const REFUSAL = 'This contains a slur, which Resolved does not allow. Please write it another way.';

async function userId(context: BrowserContext): Promise<string> {
  const session = await context.request.get('/api/session');
  return (await session.json()).user.id as string;
}

test('a slur in the chat is refused in the page; a flagged word is posted and files a case moderators see', async ({
  page,
  browser,
}) => {
  test.setTimeout(60_000);
  const suffix = Date.now().toString(36).slice(-5);
  const posterName = `Salty Sam ${suffix}`;
  await signInAs(page.context(), uniqueEmail('poster'), posterName);

  const modContext = await browser.newContext();
  const adminContext = await browser.newContext();
  try {
    await signInAs(modContext, uniqueEmail('moderator'), `Mod Mia ${suffix}`);
    await signInAs(adminContext, TEST_ADMIN_EMAILS[0], 'Admin');
    const made = await adminContext.request.put(`/api/users/${await userId(modContext)}/role`, {
      headers: { origin: BASE_URL },
      data: { role: 'moderator' },
    });
    expect(made.ok()).toBe(true);

    const chat = new ChatPage(page);
    await chat.goto();

    // A slur (in look-alike letters) is refused: the page says why, and it is never posted.
    const slur = `you n1gg3r ${suffix}`;
    await chat.send(slur);
    const refused = chat.outbox.filter({ hasText: slur });
    await expect(refused).toHaveAttribute('data-status', 'failed');
    await expect(refused.getByRole('alert')).toHaveText(REFUSAL);
    // Sending it again would be refused again: the reason, and no Retry.
    await expect(refused.getByRole('button', { name: 'Retry' })).toHaveCount(0);
    await expect(chat.message(slur)).toHaveCount(0);

    // A flagged word is posted as usual…
    const flagged = `what the fuck ${suffix}`;
    await chat.send(flagged);
    await expect(chat.message(flagged)).toBeVisible();

    // …and files an automatic case a moderator finds in the queue, with what matched.
    const moderation = new ModerationQueue(await modContext.newPage());
    await moderation.goto();
    const entry = moderation.caseOn(posterName);
    await expect(entry).toBeVisible();
    await expect(entry.getByTestId('filter-badge')).toHaveText('Text filter');
    await expect(entry).toContainText('1 text filter hit');
    await moderation.openCaseOn(posterName);
    const casePage = moderation.page;
    await expect(casePage.getByText('Filed automatically by the text filter')).toBeVisible();
    const hit = casePage.getByTestId('filter-hit');
    await expect(hit).toContainText('The text filter matched: fuck');
    await expect(hit.getByText(flagged)).toBeVisible();
    await expect(casePage.getByTestId('case-message-excerpt')).toContainText(flagged);
  } finally {
    await modContext.close();
    await adminContext.close();
  }
});
