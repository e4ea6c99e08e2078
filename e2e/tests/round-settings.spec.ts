/**
 * A round's settings show the server's latest state, whatever order HTTP answers and live updates arrive in: both debaters ticking "Record this round" at once, and an older answer arriving after a newer change to
 * "Spectators can see the evidence" or "Keep this replay private". Each test holds one answer back with `page.route`
 * until the newer state has reached the page, so the race happens every time.
 */
import type { Browser, Page } from '@playwright/test';
import { test, expect } from '../support/fixtures';
import { liveChallengeRound } from '../support/rounds';
import { BASE_URL } from '../support/env';

const CONSENT = 'Record this round for the replay (both debaters must agree)';
const BOTH_AGREED = 'Both agreed: recording starts with your camera.';

async function liveRound(browser: Browser) {
  const { hostCtx, friendCtx, debateId } = await liveChallengeRound(browser, 'Setting');
  const [host, friend] = await Promise.all([hostCtx.newPage(), friendCtx.newPage()]);
  return { hostCtx, friendCtx, host, friend, debateId, close: () => Promise.all([hostCtx.close(), friendCtx.close()]) };
}

/**
 * The next request to `url` reaches the server at once, but its answer is handed to the page only on `release()`.
 * `answered` resolves once the server has answered (the change is stored).
 */
async function holdNextAnswer(page: Page, url: string) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let markAnswered!: () => void;
  const answered = new Promise<void>((resolve) => (markAnswered = resolve));
  await page.route(
    url,
    async (route) => {
      const response = await route.fetch();
      markAnswered();
      await released;
      await route.fulfill({ response });
    },
    { times: 1 },
  );
  return { answered, release };
}

test('both debaters tick "Record this round" at once: each sees both agreements', async ({ browser }) => {
  const { host, friend, debateId, close } = await liveRound(browser);
  for (const page of [host, friend]) await page.goto(`/debates/${debateId}`);
  await expect(host.getByTestId('recording-state')).toHaveText('Not recorded.');

  // The host's agreement is stored first, but its answer reaches the host only after the friend's agreement has.
  const held = await holdNextAnswer(host, `**/api/debates/${debateId}/recording-consent`);
  await host.getByLabel(CONSENT).check();
  await held.answered;
  await friend.getByLabel(CONSENT).check();
  await expect(friend.getByTestId('recording-state')).toHaveText(BOTH_AGREED);
  await expect(host.getByTestId('recording-state')).toHaveText(BOTH_AGREED);
  held.release();

  await expect(host.getByLabel(CONSENT)).toBeEnabled();
  await expect(host.getByLabel(CONSENT)).toBeChecked();
  await expect(host.getByTestId('recording-state')).toHaveText(BOTH_AGREED);
  // A fresh page agrees.
  await host.reload();
  await expect(host.getByTestId('recording-state')).toHaveText(BOTH_AGREED);
  await close();
});

test('"Spectators can see the evidence" stays ticked when an older answer arrives after the click', async ({
  browser,
}) => {
  const { host, debateId, close } = await liveRound(browser);
  await host.goto(`/debates/${debateId}`);
  const evidence = host.getByLabel('Spectators can see the evidence');
  await expect(evidence).not.toBeChecked();

  // The host's agreement to record answers late: its round still keeps the evidence to the round.
  const held = await holdNextAnswer(host, `**/api/debates/${debateId}/recording-consent`);
  await host.getByLabel(CONSENT).check();
  await held.answered;
  await evidence.check();
  await expect(evidence).toBeChecked();
  await expect(evidence).toBeEnabled();
  held.release();

  await expect(host.getByLabel(CONSENT)).toBeEnabled();
  await expect(evidence).toBeChecked();
  await expect(host.getByTestId('recording-state')).toHaveText('One debater agreed to record; waiting for the other.');
  await close();
});

test('"Keep this replay private" stays ticked when a refetch that left before the click answers after it', async ({
  browser,
}) => {
  const { host, friendCtx, debateId, close } = await liveRound(browser);
  await friendCtx.request.post(`/api/debates/${debateId}/forfeit`, { headers: { origin: BASE_URL } });
  await host.clock.install();
  await host.goto(`/debates/${debateId}/replay`);
  const privacy = host.getByLabel(/^Keep this replay private/);
  await expect(privacy).not.toBeChecked();

  // The replay goes stale and is refetched when the window is focused; that answer is held back.
  const held = await holdNextAnswer(host, `**/api/debates/${debateId}/replay`);
  await host.clock.fastForward('01:00');
  await host.evaluate(() => window.dispatchEvent(new Event('visibilitychange')));
  await held.answered;
  await privacy.check();
  await expect(host.getByText('Only this round’s people see its replay now.')).toBeVisible();
  await expect(privacy).toBeEnabled();
  const stale = host.waitForResponse(`**/api/debates/${debateId}/replay`);
  held.release();
  await stale;
  // The page shows no sign of having read the refetch: give it a moment (it takes milliseconds) before looking.
  await host.waitForTimeout(1000);
  await expect(privacy).toBeChecked();
  await host.reload();
  await expect(privacy).toBeChecked();
  await close();
});
