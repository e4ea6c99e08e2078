/**
 * A short network cut says so at once and heals soon (issue 42): a round's call relayed through TURN over TCP, and
 * the relay frozen for 8 s (coturn stopped with SIGSTOP: nothing passes either way, the TCP connections stay open).
 * Both pages say "Reconnecting" within 3 s of the frames stopping (not the 7–8 s ICE takes to notice), and video
 * frames arrive again on both within 8 s of the relay's return, without a reload. Before, both pages said "Call:
 * connected" and "Good connection" over frozen video for about 7.5 s, and media took 13–17 s to return.
 */
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { test, expect } from '../../support/fixtures';
import { startAppServer, type TAppServer } from '../../support/app-server';
import { recordPeerConnections, signedUpPerson, type TPeerConnectionsWindow } from '../../support/own-app-people';
import { FAKE_MEDIA_LAUNCH } from '../../support/fake-media';
import { coturnMissing, startTurnServer, type TCoturn } from '../../../apps/server/src/test/coturn';

/** Beside the shared server's port (E2E_PORT), so that runs on other ports do not meet (turn-relay takes +30). */
const APP_PORT = Number(process.env.E2E_PORT ?? 3210) + 31;
const TURN_SECRET = 'e2e-network-cut-secret';
const CUT_MS = 8_000;
// Locally a machine without coturn skips with the reason; in CI the test runs (and fails) instead.
const missing = process.env.CI ? null : coturnMissing();
if (missing) console.warn(`[e2e] network cut test skipped: ${missing}`);

test.use({ launchOptions: FAKE_MEDIA_LAUNCH });
test.describe.configure({ mode: 'serial' });
test.skip(missing !== null, missing ?? '');

let app: TAppServer;
let coturn: TCoturn;

test.beforeAll(async () => {
  // The app's own instance migrates a fresh database: slow on a loaded machine.
  test.setTimeout(90_000);
  coturn = await startTurnServer(TURN_SECRET, 'tcp');
  app = await startAppServer({
    port: APP_PORT,
    env: {
      AUTH_SECRET: 'e2e-network-cut-auth-secret-0123456789abcdef0123',
      ICE_SERVERS: '[]',
      TURN_URLS: `turn:127.0.0.1:${coturn.port}?transport=tcp`,
      TURN_SECRET,
      ICE_TRANSPORT_POLICY: 'relay',
    },
  });
});

test.afterAll(async () => {
  coturn?.resume();
  await app?.stop();
  await coturn?.stop();
});

type TCallWatch = {
  lastFrameAt: number;
  frames: number;
  /** Spans of more than a second without a new frame, from the last frame before to the first after. */
  gaps: { from: number; to: number }[];
  state: string | null;
  states: { at: number; s: string }[];
};

/**
 * A debater's page on this app that records its connections, and times in the page itself (every 100 ms, on the
 * page's own clock, so a loaded machine's slow test process does not blur them) when the opponent's video last
 * rendered a new frame and when the call's state changed.
 */
async function debaterPage(browser: Browser, name: string): Promise<{ context: BrowserContext; page: Page }> {
  const { context, page } = await signedUpPerson(browser, app.baseUrl, name);
  await recordPeerConnections(page);
  await page.addInitScript(() => {
    const watch: TCallWatch = { lastFrameAt: 0, frames: 0, gaps: [], state: null, states: [] };
    (window as unknown as { callWatch: TCallWatch }).callWatch = watch;
    setInterval(() => {
      let frames = 0;
      document.querySelectorAll<HTMLVideoElement>('video:not([aria-label="You"])').forEach((v) => {
        frames += v.getVideoPlaybackQuality().totalVideoFrames;
      });
      if (frames > watch.frames) {
        const now = Date.now();
        if (watch.lastFrameAt && now - watch.lastFrameAt > 1_000) watch.gaps.push({ from: watch.lastFrameAt, to: now });
        watch.lastFrameAt = now;
      }
      watch.frames = frames;
      const state = document.querySelector('[data-testid="rtc-state"]')?.textContent ?? null;
      if (state !== watch.state && state !== null) watch.states.push({ at: Date.now(), s: state });
      watch.state = state;
    }, 100);
  });
  return { context, page };
}

const callWatchOf = (page: Page) => page.evaluate(() => (window as unknown as { callWatch: TCallWatch }).callWatch);

/** Video frames decoded by the page's open connections. */
function framesOf(page: Page): Promise<number> {
  return page.evaluate(async () => {
    let frames = 0;
    for (const pc of (window as unknown as TPeerConnectionsWindow).peerConnections) {
      if (pc.connectionState === 'closed') continue;
      (await pc.getStats()).forEach((s: { type: string; kind?: string; framesDecoded?: number }) => {
        if (s.type === 'inbound-rtp' && s.kind === 'video') frames += s.framesDecoded ?? 0;
      });
    }
    return frames;
  });
}

/** Resolves when the page's frames have grown by more than `by` (polled every 100 ms), with when that was. */
async function framesGrow(page: Page, by: number, timeout: number): Promise<number> {
  const start = await framesOf(page);
  const until = Date.now() + timeout;
  while (Date.now() < until) {
    if ((await framesOf(page)) > start + by) return Date.now();
    await page.waitForTimeout(100);
  }
  throw new Error(`no new video frames within ${timeout} ms`);
}

test('a network cut of 8 s: both pages say Reconnecting within 3 s, and media is back within 8 s of its return', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const host = await debaterPage(browser, 'Cut Host');
  const friend = await debaterPage(browser, 'Cut Friend');
  const headers = { origin: app.baseUrl };
  const created = await host.context.request.post('/api/debates/challenges', { headers, data: { formatId: 'ld' } });
  expect(created.ok(), await created.text()).toBe(true);
  const { token } = (await created.json()).challenge;
  const accepted = await friend.context.request.post(`/api/debates/challenges/${token}/accept`, { headers });
  expect(accepted.ok(), await accepted.text()).toBe(true);
  const { debateId } = (await accepted.json()) as { debateId: number };
  const pages = [host.page, friend.page];
  const loads = [0, 0];
  pages.forEach((page, i) => page.on('load', () => loads[i]!++));
  for (const page of pages) await page.goto(`/debates/${debateId}`);
  for (const page of pages) {
    await expect(page.getByTestId('rtc-state')).toHaveText('connected', { timeout: 60_000 });
    await framesGrow(page, 20, 30_000);
  }
  const loadsBefore = [...loads];

  // The relay freezes: the opponent's frames stop at once on both pages.
  coturn.pause();
  try {
    await pages[0]!.waitForTimeout(CUT_MS);
  } finally {
    coturn.resume();
  }
  const backAt = Date.now();
  // Frames come back on both pages (the gap in them ends after the relay's return).
  for (const page of pages) {
    await expect
      .poll(async () => (await callWatchOf(page)).gaps.find((gap) => gap.to > backAt), { timeout: 20_000 })
      .toBeDefined();
  }
  for (const page of pages) {
    const watch = await callWatchOf(page);
    const gap = watch.gaps.find((g) => g.to > backAt)!;
    const said = watch.states.find((change) => change.s === 'Reconnecting' && change.at >= gap.from);
    const states = watch.states.map((c) => `${c.at - gap.from}:${c.s}`).join(' ');
    console.log(
      `[network cut] frames back ${gap.to - backAt} ms after the return; states (ms from the stop) ${states}`,
    );
    // "Reconnecting" within 3 s of the frames stopping, and media back within 8 s of the network's return.
    expect(said, 'the page says Reconnecting once the frames stopped').toBeDefined();
    expect(said!.at - gap.from).toBeLessThanOrEqual(3_000);
    expect(gap.to - backAt).toBeLessThanOrEqual(8_000);
  }
  for (const page of pages) {
    await expect(page.getByTestId('rtc-state')).toHaveText('connected', { timeout: 8_000 });
  }
  // The figures start afresh: no "Weak connection" lingering on the gap's losses.
  for (const page of pages) {
    await expect(page.getByTestId('call-quality').first()).toHaveAttribute('data-level', 'good', { timeout: 6_000 });
  }
  expect(loads).toEqual(loadsBefore);
  await Promise.all([host.context.close(), friend.context.close()]);
});
