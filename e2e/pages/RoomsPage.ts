import { expect, type Locator, type Page } from '@playwright/test';

/** /rooms: the grid of meeting rooms and the Create Your Own Room form. */
export class RoomsPage {
  readonly grid: Locator;
  readonly toggle: Locator;
  readonly nameInput: Locator;
  readonly linkInput: Locator;
  readonly createButton: Locator;

  constructor(readonly page: Page) {
    this.grid = page.getByTestId('rooms-grid');
    this.toggle = page.getByRole('button', { name: /^(Create Your Own Room|Cancel)$/ });
    this.nameInput = page.getByLabel('Room Name');
    this.linkInput = page.getByLabel('Meeting Link');
    this.createButton = page.getByRole('button', { name: 'Create Room' });
  }

  async goto() {
    await this.page.goto('/rooms');
    await expect(this.grid).toBeVisible();
  }

  room(name: string): Locator {
    return this.grid.getByRole('listitem').filter({ has: this.page.getByRole('heading', { name, exact: true }) });
  }

  async createRoom(name: string, link: string) {
    if ((await this.toggle.textContent())?.includes('Create Your Own Room')) await this.toggle.click();
    await this.nameInput.fill(name);
    await this.linkInput.fill(link);
    await this.createButton.click();
  }
}
