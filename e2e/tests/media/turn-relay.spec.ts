/**
 * A round's call relayed through TURN over TCP alone: the app (its own instance) says ICE_TRANSPORT_POLICY=relay and
 * gives each debater credentials for a coturn that takes no UDP from clients. Both debaters' videos receive frames,
 * and the candidate pairs their browsers selected are relay on both ends (from getStats()).
 */
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { test, expect } from '../../support/fixtures';
import { startAppServer, type TAppServer } from '../../support/app-server';
import { recordPeerConnections, signedUpPerson, type TPeerConnectionsWindow } from '../../support/own-app-people';
import { FAKE_MEDIA_LAUNCH } from '../../support/fake-media';
import { coturnMissing, startTurnServer, type TCoturn } from '../../../apps/server/src/test/coturn';

/** Beside the shared server's port (E2E_PORT), so that runs on other ports do not meet. */
const APP_PORT = Number(process.env.E2E_PORT ?? 3210) + 30;
const TURN_SECRET = 'e2e-turn-secret';
// Locally a machine without coturn skips with the reason; in CI the test runs (and fails) instead.
const missing = process.env.CI ? null : coturnMissing();
if (missing) console.warn(`[e2e] TURN relay test skipped: ${missing}`);

test.use({ launchOptions: FAKE_MEDIA_LAUNCH });
test.describe.configure({ mode: 'serial' });
test.skip(missing !== null, missing ?? '');

let app: TAppServer;
let coturn: TCoturn;

test.beforeAll(async () => {
  coturn = await startTurnServer(TURN_SECRET, 'tcp');
  app = await startAppServer({
    port: APP_PORT,
    env: {
      AUTH_SECRET: 'e2e-turn-relay-auth-secret-0123456789abcdef0123',
      // No STUN: the browsers may only use the relay.
      ICE_SERVERS: '[]',
      TURN_URLS: `turn:127.0.0.1:${coturn.port}?transport=tcp`,
      TURN_SECRET,
      ICE_TRANSPORT_POLICY: 'relay',
    },
  });
});

test.afterAll(async () => {
  await app?.stop();
  await coturn?.stop();
});

/** A debater's page on this app, recording the RTCPeerConnections the call makes so the test can read their stats. */
async function debaterPage(browser: Browser, name: string): Promise<{ context: BrowserContext; page: Page }> {
  const { context, page } = await signedUpPerson(browser, app.baseUrl, name);
  await recordPeerConnections(page);
  return { context, page };
}

/** The newest connection's selected candidate pair (its two ends' types) and the video frames it decoded. */
function relayStats(page: Page) {
  return page.evaluate(async () => {
    const made = (window as unknown as TPeerConnectionsWindow).peerConnections;
    const pc = made.at(-1);
    if (!pc) return null;
    const byId = new Map<string, Record<string, unknown>>();
    (await pc.getStats()).forEach((s: Record<string, unknown>) => byId.set(String(s.id), s));
    let pair: { local?: unknown; remote?: unknown } = {};
    let frames = 0;
    for (const s of byId.values()) {
      if (s.type === 'transport' && typeof s.selectedCandidatePairId === 'string') {
        const selected = byId.get(s.selectedCandidatePairId);
        pair = {
          local: byId.get(String(selected?.localCandidateId))?.candidateType,
          remote: byId.get(String(selected?.remoteCandidateId))?.candidateType,
        };
      }
      if (s.type === 'inbound-rtp' && s.kind === 'video') frames += Number(s.framesDecoded ?? 0);
    }
    return { policy: pc.getConfiguration().iceTransportPolicy, ...pair, frames };
  });
}

test('both debaters see each other through a TCP-only TURN relay, and the selected pairs are relay', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const host = await debaterPage(browser, 'Relay Host');
  const friend = await debaterPage(browser, 'Relay Friend');
  const headers = { origin: app.baseUrl };
  const created = await host.context.request.post('/api/debates/challenges', { headers, data: { formatId: 'ld' } });
  expect(created.ok(), await created.text()).toBe(true);
  const { token } = (await created.json()).challenge;
  const accepted = await friend.context.request.post(`/api/debates/challenges/${token}/accept`, { headers });
  expect(accepted.ok(), await accepted.text()).toBe(true);
  const { debateId } = (await accepted.json()) as { debateId: number };

  for (const { page } of [host, friend]) await page.goto(`/debates/${debateId}`);
  for (const { page } of [host, friend]) {
    await expect(page.getByTestId('rtc-state')).toHaveText('connected', { timeout: 60_000 });
    await expect
      .poll(() => relayStats(page), { timeout: 30_000 })
      .toMatchObject({ policy: 'relay', local: 'relay', remote: 'relay', frames: expect.any(Number) });
    await expect.poll(async () => (await relayStats(page))?.frames ?? 0, { timeout: 30_000 }).toBeGreaterThan(10);
  }
  await Promise.all([host.context.close(), friend.context.close()]);
});
