import { expect, type Locator, type Page } from '@playwright/test';

/** A team's page (`/teams/:id`): its roster, who waits for approval (coaches), and the wait (the one waiting). */
export class TeamPage {
  readonly heading: Locator;
  /** What someone waiting for the coach's approval reads. */
  readonly pendingNote: Locator;
  /** The coach's list of people waiting for approval. */
  readonly pendingList: Locator;
  readonly roster: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('main').getByRole('heading', { level: 1 });
    this.pendingNote = page.getByTestId('pending-join');
    this.pendingList = page.getByTestId('pending-members');
    this.roster = page.getByTestId('roster');
  }

  async goto(teamId: number) {
    await this.page.goto(`/teams/${teamId}`);
    await expect(this.heading).toBeVisible();
  }

  /** The Teams page's "Join with a code" form: types the code and joins. */
  async joinWithCode(code: string) {
    await this.page.goto('/teams');
    const form = this.page.getByRole('form', { name: 'Join with a code' });
    await form.getByLabel('Team code').fill(code);
    await form.getByRole('button', { name: 'Join team' }).click();
  }

  pendingEntry(displayName: string): Locator {
    return this.page.getByTestId(`pending-${displayName}`);
  }

  async approve(displayName: string) {
    await this.pendingList.getByRole('button', { name: `Approve ${displayName}` }).click();
  }

  rosterEntry(displayName: string): Locator {
    return this.roster.getByTestId(`member-${displayName}`);
  }
}
