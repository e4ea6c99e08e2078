import { expect, type Locator, type Page } from '@playwright/test';

/** /topics: the current topic, the admins' Edit Topic form and the topic history. */
export class TopicsPage {
  readonly current: Locator;
  readonly editForm: Locator;
  readonly history: Locator;

  constructor(readonly page: Page) {
    this.current = page.getByTestId('current-topic');
    this.editForm = page.getByRole('region', { name: 'Edit Topic' });
    this.history = page.getByRole('region', { name: 'Past topics' });
  }

  async goto() {
    await this.page.goto('/topics');
    await expect(this.current).toBeVisible();
  }

  async updateTopic(topic: { title: string; date?: string; pickDate?: string; description: string }) {
    await this.editForm.getByLabel('New Topic Title').fill(topic.title);
    if (topic.pickDate) await this.editForm.getByLabel('Or pick a date').fill(topic.pickDate);
    if (topic.date) await this.editForm.getByLabel('Event Date').fill(topic.date);
    await this.editForm.getByLabel('Short description').fill(topic.description);
    await this.editForm.getByRole('button', { name: 'Update Topic' }).click();
  }

  pastTopic(title: string): Locator {
    return this.history.getByRole('listitem').filter({ hasText: title });
  }
}
