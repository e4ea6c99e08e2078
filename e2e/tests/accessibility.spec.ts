import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { test, expect } from '../support/fixtures';
import { PUBLIC_PAGES } from '../support/public-pages';

/** Lists the serious and critical axe violations on the page as it is now, one readable line per node. */
async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((node) => `${v.id} (${v.impact}): ${node.target.join(' ')} — ${v.help}`));
}

const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'mobile', width: 375, height: 812 },
] as const;

for (const viewport of VIEWPORTS) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    for (const { path, heading, texts } of PUBLIC_PAGES) {
      test(`${path} has no serious or critical accessibility violation`, async ({ page, shell }) => {
        await shell.goto(path);
        await expect(shell.heading).toContainText(heading);
        // Wait for the page's data, so axe sees the finished page and not a loading state.
        for (const text of texts) await expect(shell.main.getByText(text).first()).toBeVisible();
        await expect(shell.main.getByRole('status')).toHaveCount(0);
        expect(await seriousViolations(page)).toEqual([]);
      });
    }
  });
}

test.describe('at 375 px with the sidebar open', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('the open drawer has no serious or critical accessibility violation', async ({ page, shell }) => {
    await shell.goto('/topics');
    await shell.openMenu();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
