/**
 * A dropped call comes back without a reload: the test closes one debater's connection in the page (as a dead network
 * path leaves it), the other side restarts ICE and then rebuilds the connection, and both videos decode frames again
 * from a new connection in the same page, while the round's clock runs on as the server keeps it.
 */
import type { BrowserContext, Page } from '@playwright/test';
import type { TDebate } from '@resolved/shared';
import { test, expect } from '../../support/fixtures';
import { liveChallengeRound, userIdOf } from '../../support/rounds';
import { FAKE_MEDIA_LAUNCH } from '../../support/fake-media';
import { BASE_URL } from '../../support/env';
import { DebatePage } from '../../pages/DebatePage';

test.use({ launchOptions: FAKE_MEDIA_LAUNCH });

type TCallWindow = Window & { peerConnections: RTCPeerConnection[] };

/** A page that records the RTCPeerConnections its call makes, so the test can cut one and read their stats. */
async function recordingPage(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await page.addInitScript(() => {
    const Original = window.RTCPeerConnection;
    const made: RTCPeerConnection[] = [];
    (window as unknown as TCallWindow).peerConnections = made;
    window.RTCPeerConnection = class extends Original {
      constructor(config?: RTCConfiguration) {
        super(config);
        made.push(this);
      }
    } as typeof RTCPeerConnection;
  });
  return page;
}

/** How many connections this document made, and the video frames its open ones decoded. */
function callStats(page: Page) {
  return page.evaluate(async () => {
    const made = (window as unknown as TCallWindow).peerConnections;
    let frames = 0;
    for (const pc of made.filter((p) => p.connectionState !== 'closed')) {
      (await pc.getStats()).forEach((s: { type: string; kind?: string; framesDecoded?: number }) => {
        if (s.type === 'inbound-rtp' && s.kind === 'video') frames += s.framesDecoded ?? 0;
      });
    }
    return { made: made.length, frames };
  });
}

test('a debater whose connection is cut sees and is seen again without a reload, the clock unchanged', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const { hostCtx, friendCtx, debateId } = await liveChallengeRound(browser, 'Recovery');
  const { debate } = (await (await hostCtx.request.get(`/api/debates/${debateId}`)).json()) as { debate: TDebate };
  const hostIsA = debate.debaters.a.userId === (await userIdOf(hostCtx));
  const [aCtx, bCtx] = hostIsA ? [hostCtx, friendCtx] : [friendCtx, hostCtx];
  const [a, b] = await Promise.all([recordingPage(aCtx), recordingPage(bCtx)]);
  const loads = { a: 0, b: 0 };
  a.on('load', () => loads.a++);
  b.on('load', () => loads.b++);
  for (const page of [a, b]) await new DebatePage(page).gotoRoom(debateId);
  for (const page of [a, b]) {
    await expect(page.getByTestId('rtc-state')).toHaveText('connected', { timeout: 60_000 });
    await expect.poll(async () => (await callStats(page)).frames, { timeout: 30_000 }).toBeGreaterThan(10);
  }
  // The affirmative's speech runs, so there is a clock to keep.
  const start = await aCtx.request.post(`/api/debates/${debateId}/clock`, {
    headers: { origin: BASE_URL },
    data: { action: 'start_speech' },
  });
  expect(start.ok(), await start.text()).toBe(true);
  const roomA = new DebatePage(a);
  await expect(roomA.clockStatus).toHaveText(/^Running/);
  const clockBefore = await roomA.clockSeconds();
  const cutAt = Date.now();
  const loadsBefore = { ...loads };

  // B's connection to A dies where it stands: no signal says so, A only stops hearing from it.
  await b.evaluate(() => (window as unknown as TCallWindow).peerConnections.forEach((pc) => pc.close()));
  expect((await callStats(b)).frames).toBe(0);

  for (const page of [a, b]) {
    await expect.poll(async () => (await callStats(page)).frames, { timeout: 60_000 }).toBeGreaterThan(10);
    await expect(page.getByTestId('rtc-state')).toHaveText('connected');
  }
  // A new connection in the same documents: no page loaded again (a reload would also have started the list afresh).
  expect((await callStats(b)).made).toBeGreaterThan(1);
  expect(loads).toEqual(loadsBefore);
  // The clock ran on through the drop as the server keeps it: neither reset nor paused.
  await expect(roomA.clockStatus).toHaveText(/^Running/);
  const elapsed = (Date.now() - cutAt) / 1000;
  expect(Math.abs(clockBefore - elapsed - (await roomA.clockSeconds()))).toBeLessThanOrEqual(3);
  // Both pages count down to the same instant of the server's clock (their text may be a second apart while one
  // page's rendering lags on a loaded machine).
  const endsAt = await roomA.clock.getAttribute('data-ends-at');
  expect(endsAt).not.toBeNull();
  await expect(new DebatePage(b).clock).toHaveAttribute('data-ends-at', endsAt!, { timeout: 2_000 });
  await Promise.all([hostCtx.close(), friendCtx.close()]);
});
