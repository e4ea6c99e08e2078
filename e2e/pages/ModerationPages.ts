import { expect, type Locator, type Page } from '@playwright/test';

/** /moderation: the queue of open cases, and a case's page. */
export class ModerationQueue {
  readonly heading: Locator;
  readonly queue: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: 'Moderation' });
    this.queue = page.getByTestId('moderation-queue');
  }

  async goto() {
    await this.page.goto('/moderation');
    await expect(this.heading).toBeVisible();
  }

  /** The queue's entry for the case on the person named `displayName`. */
  caseOn(displayName: string): Locator {
    return this.queue.getByRole('listitem').filter({ has: this.page.getByRole('link', { name: displayName }) });
  }

  async openCaseOn(displayName: string) {
    await this.caseOn(displayName).getByRole('link', { name: displayName }).click();
    await expect(this.page.getByRole('heading', { level: 1, name: new RegExp(`: ${displayName}$`) })).toBeVisible();
  }
}
