/**
 * The connection check against real servers: each test runs its own app (ports E2E_PORT + 60…62) whose ICE settings
 * make one answer true, and a debater opens the check from the debates page.
 * - relay: the only STUN server never answers (a UDP socket that reads and says nothing, as behind a firewall) and
 *   TURN_URLS is a coturn over TCP: the browser gathers only host and relay candidates.
 * - blocked: the same silent STUN, and TURN_URLS names a TCP port where nothing listens.
 * - direct: coturn as a STUN server on 127.0.0.1 answers with a server-reflexive candidate; in that app a round's
 *   room offers the check before the clock starts, and the call's tiles show their measured connection quality.
 */
import dgram from 'node:dgram';
import net from 'node:net';
import type { Browser, Page } from '@playwright/test';
import { test, expect } from '../../support/fixtures';
import { startAppServer, type TAppServer } from '../../support/app-server';
import { signedUpPerson } from '../../support/own-app-people';
import { FAKE_MEDIA_LAUNCH } from '../../support/fake-media';
import { coturnMissing, startStunServer, startTurnServer } from '../../../apps/server/src/test/coturn';
import { seriousViolations } from '../../support/axe';

/** Beside the shared server's port (E2E_PORT), so that runs on other ports do not meet. */
const BASE_PORT = Number(process.env.E2E_PORT ?? 3210);
const TURN_SECRET = 'e2e-check-turn-secret';
const AUTH_SECRET = 'e2e-connection-check-auth-secret-0123456789abcdef';
// Locally a machine without coturn skips with the reason; in CI the test runs (and fails) instead.
const missing = process.env.CI ? null : coturnMissing();
if (missing) console.warn(`[e2e] connection check test skipped: ${missing}`);

test.use({ launchOptions: FAKE_MEDIA_LAUNCH });
test.describe.configure({ mode: 'serial' });
test.skip(missing !== null, missing ?? '');

const cleanups: (() => Promise<void>)[] = [];
test.afterEach(async () => {
  // Newest first (pages before their apps); every cleanup runs, and the first failure is reported.
  const failures: unknown[] = [];
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch((error: unknown) => failures.push(error));
  if (failures.length) throw failures[0];
});

/** A UDP port that takes STUN requests and never answers them. */
async function silentUdpPort(): Promise<number> {
  const socket = dgram.createSocket('udp4');
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise<void>((resolve) => socket.close(() => resolve())));
  return socket.address().port;
}

/** A TCP port where nothing listens (taken, then let go). */
async function closedTcpPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function app(offset: number, env: Record<string, string>): Promise<TAppServer> {
  const server = await startAppServer({ port: BASE_PORT + offset, env: { AUTH_SECRET, ...env } });
  cleanups.push(() => server.stop());
  return server;
}

/**
 * A signed-up user's page on `server`, recording the streams the page gets and the connections it makes (to check
 * that closing the check stops them), and failing the test on any console error.
 */
async function userPage(browser: Browser, server: TAppServer, name: string) {
  const { context, page, errors } = await signedUpPerson(browser, server.baseUrl, name);
  cleanups.push(() => context.close());
  cleanups.push(async () => expect(errors, `console errors on ${name}'s page`).toEqual([]));
  await page.addInitScript(() => {
    const seen = { tracks: [] as MediaStreamTrack[], connections: [] as RTCPeerConnection[] };
    (window as unknown as { checkSeen: typeof seen }).checkSeen = seen;
    const devices = navigator.mediaDevices;
    const getUserMedia = devices.getUserMedia.bind(devices);
    devices.getUserMedia = async (constraints) => {
      const stream = await getUserMedia(constraints);
      seen.tracks.push(...stream.getTracks());
      return stream;
    };
    const Original = window.RTCPeerConnection;
    window.RTCPeerConnection = class extends Original {
      constructor(config?: RTCConfiguration) {
        super(config);
        seen.connections.push(this);
      }
    } as typeof RTCPeerConnection;
  });
  return { context, page };
}

function openCheck(page: Page) {
  return page.getByRole('button', { name: 'Check camera, microphone and network' }).click();
}

/** Whether every track the page got has stopped and every connection it made is closed. */
function everythingStopped(page: Page) {
  return page.evaluate(() => {
    const seen = (window as unknown as { checkSeen: { tracks: MediaStreamTrack[]; connections: RTCPeerConnection[] } })
      .checkSeen;
    return {
      tracks: seen.tracks.length,
      live: seen.tracks.filter((t) => t.readyState === 'live').length,
      connections: seen.connections.length,
      open: seen.connections.filter((c) => c.signalingState !== 'closed').length,
    };
  });
}

test('says relay when only the TURN server answers, shows the camera and the microphone, and stops all on close', async ({
  browser,
}) => {
  test.setTimeout(60_000);
  const coturn = await startTurnServer(TURN_SECRET, 'tcp');
  cleanups.push(() => coturn.stop());
  const stun = await silentUdpPort();
  const server = await app(60, {
    ICE_SERVERS: JSON.stringify([{ urls: `stun:127.0.0.1:${stun}` }]),
    TURN_URLS: `turn:127.0.0.1:${coturn.port}?transport=tcp`,
    TURN_SECRET,
  });
  const { page } = await userPage(browser, server, 'Relay Checker');
  await page.goto('/debates');
  await openCheck(page);
  const dialog = page.getByRole('dialog', { name: 'Connection check' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('check-camera')).toHaveText('Your camera works: you should see yourself.');
  await expect
    .poll(() => dialog.getByLabel('Your camera').evaluate((v: HTMLVideoElement) => v.videoWidth))
    .toBeGreaterThan(0);
  // Chromium's fake microphone beeps: the meter's value moves.
  const meter = dialog.getByRole('meter', { name: 'Microphone level' });
  await expect
    .poll(async () => Number(await meter.getAttribute('aria-valuenow')), { timeout: 10_000 })
    .toBeGreaterThan(0);
  await expect(dialog.getByTestId('check-network')).toHaveText(
    'Your video calls will go through the relay server. They work, with a little more delay than a direct connection.',
    { timeout: 20_000 },
  );

  // The dialog took the focus (its first control), and axe finds nothing serious in it.
  await expect(dialog.getByRole('button', { name: 'Close the connection check' })).toBeFocused();
  expect(await seriousViolations(page)).toEqual([]);

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect.poll(() => everythingStopped(page)).toEqual({ tracks: 2, live: 0, connections: 1, open: 0 });
});

test('says blocked, naming the relay’s address and port, when nothing answers', async ({ browser }) => {
  test.setTimeout(60_000);
  const stun = await silentUdpPort();
  const turnPort = await closedTcpPort();
  const server = await app(61, {
    ICE_SERVERS: JSON.stringify([{ urls: `stun:127.0.0.1:${stun}` }]),
    TURN_URLS: `turn:127.0.0.1:${turnPort}?transport=tcp`,
    TURN_SECRET,
  });
  const { page } = await userPage(browser, server, 'Blocked Checker');
  await page.goto('/debates');
  await openCheck(page);
  const dialog = page.getByRole('dialog', { name: 'Connection check' });
  await expect(dialog.getByTestId('check-network')).toHaveText(
    `Your network blocks video calls. Ask your school’s IT staff to allow UDP to the internet, or TCP to 127.0.0.1 port ${turnPort}.`,
    { timeout: 20_000 },
  );
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();
  await expect.poll(() => everythingStopped(page)).toMatchObject({ live: 0, open: 0 });
});

test('says direct when a STUN server answers; a round’s room offers the check before the clock, and its tiles show the connection', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const stun = await startStunServer();
  cleanups.push(() => stun.stop());
  const server = await app(62, { ICE_SERVERS: JSON.stringify([{ urls: `stun:127.0.0.1:${stun.port}` }]) });
  const host = await userPage(browser, server, 'Direct Host');
  const friend = await userPage(browser, server, 'Direct Friend');
  const headers = { origin: server.baseUrl };
  const created = await host.context.request.post('/api/debates/challenges', { headers, data: { formatId: 'ld' } });
  expect(created.ok(), await created.text()).toBe(true);
  const { token } = (await created.json()).challenge;
  const accepted = await friend.context.request.post(`/api/debates/challenges/${token}/accept`, { headers });
  expect(accepted.ok(), await accepted.text()).toBe(true);
  const { debateId } = (await accepted.json()) as { debateId: number };

  for (const { page } of [host, friend]) await page.goto(`/debates/${debateId}`);
  // The room's lobby: the clock has not started.
  await openCheck(host.page);
  const dialog = host.page.getByRole('dialog', { name: 'Connection check' });
  await expect(dialog.getByTestId('check-network')).toHaveText('Your network allows direct video calls.', {
    timeout: 20_000,
  });
  await dialog.getByRole('button', { name: 'Close the connection check' }).click();
  await expect(dialog).toBeHidden();

  // Each tile reads its connection's stats: a connection on one machine is quick and loses nothing.
  for (const { page } of [host, friend]) {
    await expect(page.getByTestId('rtc-state')).toHaveText('connected', { timeout: 60_000 });
    const quality = page.getByTestId('call-quality').first();
    await expect(quality).toHaveAttribute('data-level', 'good', { timeout: 15_000 });
    await expect(quality).toContainText(/^Good connection \(\d+ ms round trip, 0 % of packets lost\)\.$/);
  }

  // Once the clock runs (the first speaker starts it), the room no longer offers the check.
  const start = (page: Page) => page.getByTestId('room-clock-area').getByRole('button', { name: /^Start / });
  const speaker = (await start(host.page).count()) > 0 ? host.page : friend.page;
  await start(speaker).click();
  for (const { page } of [host, friend]) {
    await expect(page.getByRole('button', { name: 'Check camera, microphone and network' })).toHaveCount(0);
  }
});
