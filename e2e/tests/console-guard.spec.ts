// The console-error guard is what turns "no console errors" into a check on every test,
// so it has tests of its own. `test.fail()` marks a test that must fail: if the guard let the error through, the
// test would pass and the run would report it.
import { test, expect } from '../support/fixtures';

test('a console error fails the test', async ({ page }) => {
  test.fail();
  await page.goto('/about');
  await Promise.all([page.waitForEvent('console'), page.evaluate(() => console.error('guard check'))]);
});

test('an uncaught page error fails the test', async ({ page }) => {
  test.fail();
  await page.goto('/about');
  await Promise.all([
    page.waitForEvent('pageerror'),
    page.evaluate(() => {
      setTimeout(() => {
        throw new Error('guard check');
      });
    }),
  ]);
});

test('an allowed console error does not fail the test', async ({ page, consoleErrors }) => {
  consoleErrors.allow(/expected in this test/);
  await page.goto('/about');
  await Promise.all([page.waitForEvent('console'), page.evaluate(() => console.error('expected in this test'))]);
  expect(consoleErrors.seen).toEqual([]);
});
