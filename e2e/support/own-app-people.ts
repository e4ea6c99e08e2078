/**
 * People on a spec's own app server (`startAppServer`, with settings the shared server lacks: TURN, Janus): each in a
 * new browser context, signed up through the real auth API, with the page's console errors collected (the fixture's
 * guard watches only its own page).
 */
import { expect, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { ADULT_BIRTH_MONTH, E2E_PASSWORD, uniqueEmail } from './accounts';

export interface TOwnAppPerson {
  context: BrowserContext;
  page: Page;
  /** Console errors and uncaught errors of the page, each prefixed with the person's name. */
  errors: string[];
}

export async function signedUpPerson(
  browser: Browser,
  baseUrl: string,
  name: string,
  birthMonth = ADULT_BIRTH_MONTH,
): Promise<TOwnAppPerson> {
  const context = await browser.newContext({ baseURL: baseUrl });
  const res = await context.request.post('/api/auth/sign-up/email', {
    headers: { origin: baseUrl },
    data: { name, email: uniqueEmail(name.toLowerCase().replace(/\W+/g, '-')), password: E2E_PASSWORD, birthMonth },
  });
  expect(res.ok(), await res.text()).toBe(true);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${name}: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`${name}: ${error.message}`));
  return { context, page, errors };
}

/** The RTCPeerConnections a page makes, kept on `window.peerConnections` for the test to read. */
export type TPeerConnectionsWindow = { peerConnections: RTCPeerConnection[] };

/** Makes the page keep every RTCPeerConnection it creates (before its scripts run). */
export async function recordPeerConnections(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const Original = window.RTCPeerConnection;
    const made: RTCPeerConnection[] = [];
    (window as unknown as TPeerConnectionsWindow).peerConnections = made;
    window.RTCPeerConnection = class extends Original {
      constructor(config?: RTCConfiguration) {
        super(config);
        made.push(this);
      }
    } as typeof RTCPeerConnection;
  });
}
