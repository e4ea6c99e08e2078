import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { signInAs, uniqueEmail } from '../support/accounts';
import { BASE_URL, TEST_ADMIN_EMAILS } from '../support/env';
import { DEFAULT_TOPIC } from '../support/public-pages';
import { TopicsPage } from '../pages/TopicsPage';

const ADMIN = TEST_ADMIN_EMAILS[1];

// These tests change the one current topic every page shows: run them one after the other, and put the
// spec's default topic back afterwards so that other specs see the seeded state.
test.describe.configure({ mode: 'serial' });

async function restoreDefaultTopic(request: APIRequestContext) {
  const { topics } = (await (await request.get('/api/topics')).json()) as { topics: { id: number; title: string }[] };
  const seeded = topics.find((t) => t.title === DEFAULT_TOPIC.title);
  if (!seeded) return;
  const res = await request.post(`/api/topics/${seeded.id}/make-current`, { headers: { origin: BASE_URL } });
  expect(res.ok()).toBe(true);
}

test.describe('topics', () => {
  test('an admin updates the topic and a second browser sees it without reloading', async ({ browser, page }) => {
    await signInAs(page.context(), ADMIN);
    const adminPage = new TopicsPage(page);

    const visitorContext = await browser.newContext();
    const visitorPage = new TopicsPage(await visitorContext.newPage());
    const visitorErrors: string[] = [];
    visitorPage.page.on('console', (m) => m.type() === 'error' && visitorErrors.push(m.text()));

    try {
      await visitorPage.goto();
      await expect(visitorPage.current).toContainText(DEFAULT_TOPIC.title);
      await expect(visitorPage.editForm).toHaveCount(0);

      await adminPage.goto();
      const title = `Should schools adopt a four-day week? (${Date.now()})`;
      await adminPage.updateTopic({
        title,
        pickDate: '2026-09-14',
        description: 'Whether a shorter school week helps students learn.',
      });
      await expect(page.getByText('Topic updated. Everyone now sees the new topic.')).toBeVisible();
      await expect(adminPage.current).toContainText(title);
      await expect(adminPage.current).toContainText('September 14, 2026');
      // The form now holds the topic it saved, ready for the next edit.
      await expect(adminPage.editForm.getByLabel('New Topic Title')).toHaveValue(title);

      // The visitor's page was never reloaded: the new topic arrives over the socket.
      const navigations: string[] = [];
      visitorPage.page.on('framenavigated', (frame) => navigations.push(frame.url()));
      await expect(visitorPage.current).toContainText(title);
      await expect(visitorPage.current).toContainText('Event date: September 14, 2026');
      await expect(visitorPage.pastTopic(DEFAULT_TOPIC.title)).toBeVisible();
      expect(navigations).toEqual([]);

      // And it is saved: a reload shows it too.
      await visitorPage.page.reload();
      await expect(visitorPage.current).toContainText(title);
      expect(visitorErrors).toEqual([]);
    } finally {
      await restoreDefaultTopic(page.request);
      await visitorContext.close();
    }
  });

  test('the Edit Topic form starts with the current topic and counts characters instead of cutting', async ({
    page,
  }) => {
    await signInAs(page.context(), ADMIN);
    const topics = new TopicsPage(page);
    await topics.goto();
    const title = topics.editForm.getByLabel('New Topic Title');
    await expect(title).toHaveValue(DEFAULT_TOPIC.title);
    await expect(topics.editForm.getByLabel('Event Date')).toHaveValue(DEFAULT_TOPIC.date);
    const long = 'x'.repeat(305);
    await title.fill(long);
    // Nothing is cut silently: the field keeps all of it, the count says how much is too much.
    await expect(title).toHaveValue(long);
    await expect(topics.editForm.getByTestId('title-count')).toHaveText('305 / 300 — 5 too many');
    await topics.editForm.getByRole('button', { name: 'Update Topic' }).click();
    await expect(topics.editForm.getByText('New Topic Title must be at most 300 characters.')).toBeVisible();
    await expect(topics.current).toContainText(DEFAULT_TOPIC.title);
  });

  test('topic history: past topics with their dates, and an admin makes one current again', async ({ page }) => {
    await signInAs(page.context(), ADMIN);
    const topics = new TopicsPage(page);
    await topics.goto();
    const title = `Should voting be compulsory? (${Date.now()})`;
    try {
      await topics.updateTopic({ title, date: 'Spring term 2027', description: 'Civic duty or free choice.' });
      await expect(topics.current).toContainText(title);
      const seeded = topics.pastTopic(DEFAULT_TOPIC.title);
      await expect(seeded).toContainText(DEFAULT_TOPIC.date);

      await seeded.getByRole('button', { name: /Make .* the current topic again/ }).click();
      await expect(topics.current).toContainText(DEFAULT_TOPIC.title);
      await expect(topics.pastTopic(title)).toContainText('Spring term 2027');
      // History order: most recently current first.
      await expect(topics.history.getByRole('listitem').first()).toContainText(title);

      await page.reload();
      await expect(topics.current).toContainText(DEFAULT_TOPIC.title);
      await expect(topics.pastTopic(title)).toBeVisible();
    } finally {
      await restoreDefaultTopic(page.request);
    }
  });

  test('an admin gets clear messages for missing fields; a signed-in user has no edit form', async ({
    page,
    browser,
  }) => {
    await signInAs(page.context(), ADMIN);
    const topics = new TopicsPage(page);
    await topics.goto();
    // The form starts with the current topic: emptied, every field says what is missing.
    for (const label of ['New Topic Title', 'Event Date', 'Short description']) {
      await topics.editForm.getByLabel(label).fill('');
    }
    await topics.editForm.getByRole('button', { name: 'Update Topic' }).click();
    await expect(topics.editForm.getByText('New Topic Title is required.')).toBeVisible();
    await expect(topics.editForm.getByText('Event Date is required.')).toBeVisible();
    await expect(topics.editForm.getByText('Short description is required.')).toBeVisible();
    await expect(topics.current).toContainText(DEFAULT_TOPIC.title);

    const userContext = await browser.newContext();
    try {
      await signInAs(userContext, uniqueEmail('topics-user'));
      const userPage = new TopicsPage(await userContext.newPage());
      await userPage.goto();
      await expect(userPage.page.getByRole('heading', { name: 'Past topics' })).toBeVisible();
      await expect(userPage.editForm).toHaveCount(0);
      await expect(userPage.page.getByRole('button', { name: /Make .* current/ })).toHaveCount(0);
      const refused = await userContext.request.put('/api/topics/current', {
        headers: { origin: BASE_URL },
        data: { title: 'Hijack', date: 'Now', description: 'Nope' },
      });
      expect(refused.status()).toBe(403);
    } finally {
      await userContext.close();
    }
  });
});
