import { test, expect } from '../support/fixtures';
import { signInAs, uniqueEmail } from '../support/accounts';
import { ChatPage } from '../pages/ChatPage';
import { BASE_URL } from '../support/env';

test('the Content-Security-Policy blocks inline script and inline handlers on the app’s pages', async ({
  page,
  consoleErrors,
}) => {
  consoleErrors.allow(/Content Security Policy/);
  const response = await page.goto('/welcome');
  const headers = response!.headers();
  expect(headers['content-security-policy']).toContain("script-src 'self'");
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');

  const outcome = await page.evaluate(async () => {
    const violations: string[] = [];
    document.addEventListener('securitypolicyviolation', (e) => violations.push(e.violatedDirective));
    const w = window as unknown as { inlineRan?: boolean; handlerRan?: boolean };
    const script = document.createElement('script');
    script.textContent = 'window.inlineRan = true;';
    document.body.append(script);
    const img = document.createElement('img');
    img.setAttribute('onerror', 'window.handlerRan = true');
    img.src = 'data:,not-an-image';
    document.body.append(img);
    await new Promise((r) => setTimeout(r, 300));
    return { inlineRan: w.inlineRan === true, handlerRan: w.handlerRan === true, violations };
  });
  expect(outcome.inlineRan).toBe(false);
  expect(outcome.handlerRan).toBe(false);
  expect(outcome.violations.some((d) => d.startsWith('script-src'))).toBe(true);
});

test('another site cannot frame the app (frame-ancestors)', async ({ page, consoleErrors }) => {
  consoleErrors.allow(/frame-ancestors|Refused to frame|Content Security Policy|favicon\.ico/);
  // A page on another origin: the same server answers on localhost, a different origin from 127.0.0.1.
  await page.goto(`${BASE_URL.replace('127.0.0.1', 'localhost')}/api/health`);
  await page.evaluate((target) => {
    const frame = document.createElement('iframe');
    frame.src = `${target}/welcome`;
    document.body.append(frame);
  }, BASE_URL);
  await expect.poll(() => page.frames().length).toBe(2);
  const frame = page.frames().find((f) => f !== page.mainFrame())!;
  // Blocked, the frame shows Chromium's error page instead of the app (unblocked, it would be /welcome).
  await expect.poll(() => frame.url()).toMatch(/^chrome-error:/);
  expect(await frame.getByText('Resolved').count()).toBe(0);
});

test('every link to another site opens with rel="noopener noreferrer"', async ({ page, context }) => {
  // Nothing is posted: chat.spec.ts counts on an empty chat, and checks the rel of links in messages itself.
  await signInAs(context, uniqueEmail('links'));
  await new ChatPage(page).goto();

  const unsafe: string[] = [];
  let outbound = 0;
  for (const path of ['/chat', '/rooms', '/welcome', '/how-to', '/about', '/help', '/leaderboard', '/topics']) {
    if (path !== '/chat') await page.goto(path);
    await page.waitForLoadState('networkidle');
    const links = await page
      .locator('a[href]')
      .evaluateAll((anchors) =>
        anchors.map((a) => ({ href: (a as HTMLAnchorElement).href, rel: a.getAttribute('rel') ?? '' })),
      );
    for (const { href, rel } of links) {
      if (!/^https?:/.test(href) || new URL(href).origin === new URL(page.url()).origin) continue;
      outbound += 1;
      const parts = rel.split(/\s+/);
      if (!parts.includes('noopener') || !parts.includes('noreferrer')) unsafe.push(`${path}: ${href} rel="${rel}"`);
    }
  }
  // The walk did meet outbound links (the rooms' meeting links at least), so the check above can fail.
  expect(outbound).toBeGreaterThan(3);
  expect(unsafe).toEqual([]);
});
