import { expect, type Locator, type Page } from '@playwright/test';

/** The header, sidebar and main region every page sits in (spec §1–2). */
export class AppShell {
  readonly header: Locator;
  readonly title: Locator;
  readonly menuButton: Locator;
  readonly sidebar: Locator;
  readonly sidebarLinks: Locator;
  readonly activeLink: Locator;
  readonly overlay: Locator;
  readonly main: Locator;
  readonly heading: Locator;

  constructor(readonly page: Page) {
    this.header = page.getByRole('banner');
    this.title = this.header.getByText(/Resolved/).first();
    // ("Open menu", not the signed-in account's "Account menu" beside it.)
    this.menuButton = this.header.getByRole('button', { name: 'Open menu' });
    this.sidebar = page.getByRole('navigation', { name: 'Main' });
    this.sidebarLinks = this.sidebar.getByRole('link');
    this.activeLink = this.sidebar.locator('a[aria-current="page"]');
    this.overlay = page.getByTestId('sidebar-overlay');
    this.main = page.getByRole('main');
    this.heading = this.main.getByRole('heading', { level: 1 });
  }

  /** Opens `path` and waits until the page's own heading is on screen (lazy chunk loaded). */
  async goto(path: string) {
    await this.page.goto(path);
    await expect(this.heading).toBeVisible();
  }

  sidebarLink(label: string): Locator {
    return this.sidebar.getByRole('link', { name: label, exact: true });
  }

  /** Labels and targets of the sidebar entries, in order. */
  async sidebarEntries(): Promise<{ label: string; href: string | null }[]> {
    return this.sidebarLinks.evaluateAll((links) =>
      links.map((a) => ({ label: (a.textContent ?? '').trim(), href: a.getAttribute('href') })),
    );
  }

  async openMenu() {
    await this.menuButton.click();
    await expect(this.sidebar).toBeVisible();
  }

  async expectMenuClosed() {
    await expect(this.sidebar).toBeHidden();
    await expect(this.menuButton).toHaveAttribute('aria-expanded', 'false');
  }
}
