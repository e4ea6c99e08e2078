/**
 * The `test` every browser test imports. On top of Playwright's own it adds:
 * - a console-error guard (automatic): the test fails if the page logs a console error or throws an uncaught
 *   error. A test that expects one calls `consoleErrors.allow(/pattern/)` first.
 * - `shell`: the AppShell page object for the test's page.
 */
import { test as base, expect } from '@playwright/test';
import { AppShell } from '../pages/AppShell';

export interface TConsoleErrors {
  /** Tolerate console errors whose text matches `pattern` for the rest of this test. */
  allow(pattern: RegExp): void;
  /** What was logged so far and not allowed. */
  readonly seen: readonly string[];
}

interface TFixtures {
  consoleErrors: TConsoleErrors;
  shell: AppShell;
}

export const test = base.extend<TFixtures>({
  consoleErrors: [
    async ({ page }, use, testInfo) => {
      const allowed: RegExp[] = [];
      const seen: string[] = [];
      const record = (text: string) => {
        if (!allowed.some((pattern) => pattern.test(text))) seen.push(text);
      };
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        const { url, lineNumber } = message.location();
        record(`console.error: ${message.text()}${url ? ` (${url}:${lineNumber})` : ''}`);
      });
      page.on('pageerror', (error) => record(`page error: ${error.stack ?? error.message}`));

      await use({ allow: (pattern) => allowed.push(pattern), seen });

      // Only add this failure to a test that otherwise passed: a failing test already says what went wrong.
      if (testInfo.status === 'passed') {
        expect(seen, `the page logged errors during "${testInfo.title}"`).toEqual([]);
      }
    },
    { auto: true },
  ],
  shell: async ({ page }, use) => {
    await use(new AppShell(page));
  },
});

export { expect };
