/**
 * A call's connections as a browser test reads them: a page that records every RTCPeerConnection it makes, and what
 * `getStats()` says each carries (audio received or sent, how many peers are heard), their states for a failure's
 * message and their video caps. Used by the call specs of tests/media (partners confer, the BP room).
 */
import type { BrowserContext, Page } from '@playwright/test';

/**
 * The page's connections, each with when it was made (`born`, ms since the page's start) and its timeline (`log`: ms
 * since it was made, the event, and the signalling/ICE state then), for a failure's record.
 */
export type TCallWindow = Window & { peerConnections: (RTCPeerConnection & { born: number; log: string[] })[] };

/**
 * Records the RTCPeerConnections a page makes in `window.peerConnections`, so the test can read their stats, each with
 * its timeline (`TCallWindow`). Runs in the page (an init script): it refers to nothing outside itself.
 */
function recordPeerConnections() {
  const Original = window.RTCPeerConnection;
  const made: TCallWindow['peerConnections'] = [];
  (window as unknown as TCallWindow).peerConnections = made;
  window.RTCPeerConnection = class extends Original {
    readonly born = Math.round(performance.now());
    readonly log: string[] = [];
    constructor(config?: RTCConfiguration) {
      super(config);
      made.push(this);
      const note = (what: string) =>
        this.log.push(
          `${Math.round(performance.now()) - this.born}:${what}:${this.signalingState}/${this.iceConnectionState}`,
        );
      this.addEventListener('signalingstatechange', () => note('sig'));
      this.addEventListener('iceconnectionstatechange', () => note('ice'));
      this.addEventListener('icecandidate', (e) => note(e.candidate ? 'cand' : 'endcand'));
      const close = this.close.bind(this);
      this.close = () => {
        note('close');
        close();
      };
    }
  } as typeof RTCPeerConnection;
}

/** A page that records the RTCPeerConnections its call makes, so the test can read their stats. */
export async function recordingPage(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await page.addInitScript(recordPeerConnections);
  return page;
}

/** Every page of `context` from now on records its RTCPeerConnections (as `recordingPage` does for one page). */
export async function recordCalls(context: BrowserContext): Promise<void> {
  await context.addInitScript(recordPeerConnections);
}

/**
 * The audio bytes received (`in`) or sent (`out`) on each open connection of the page, in the order they were made.
 * With no connection left out, a count of those that grow is a count of the people heard (or who hear this page).
 */
export function audioBytes(page: Page, way: 'in' | 'out' = 'in'): Promise<number[]> {
  return page.evaluate(async (direction) => {
    const open = (window as unknown as TCallWindow).peerConnections.filter((pc) => pc.connectionState !== 'closed');
    return Promise.all(
      open.map(async (pc) => {
        let bytes = 0;
        (await pc.getStats()).forEach(
          (s: { type: string; kind?: string; bytesReceived?: number; bytesSent?: number }) => {
            if (direction === 'in' && s.type === 'inbound-rtp' && s.kind === 'audio') bytes += s.bytesReceived ?? 0;
            if (direction === 'out' && s.type === 'outbound-rtp' && s.kind === 'audio') bytes += s.bytesSent ?? 0;
          },
        );
        return bytes;
      }),
    );
  }, way);
}

/** How much audio each connection received (or sent) over `ms`, in bytes, in the order `audioBytes` lists them. */
export async function audioGrowth(page: Page, ms: number, way: 'in' | 'out' = 'in'): Promise<number[]> {
  const before = await audioBytes(page, way);
  await page.waitForTimeout(ms);
  const after = await audioBytes(page, way);
  return after.map((bytes, i) => bytes - (before[i] ?? 0));
}

/** How many of the page's connections carry audio over `ms` (received, or sent). */
export async function audible(page: Page, ms: number, way: 'in' | 'out' = 'in'): Promise<number> {
  return (await audioGrowth(page, ms, way)).filter((b) => b > SILENT).length;
}

/** How many open connections the page has (one per other person in the call, once it is up). */
export function openConnections(page: Page): Promise<number> {
  return page.evaluate(
    () => (window as unknown as TCallWindow).peerConnections.filter((pc) => pc.connectionState === 'connected').length,
  );
}

/**
 * The page's open connections, how many are connected, and how many lead to the media server (remote candidates on
 * its RTP ports, `[low, high]`), with each one's transceiver directions (a publication sends, a subscription receives).
 */
export function mediaServerConnections(page: Page, [low, high]: readonly [number, number]) {
  return page.evaluate(
    ([lo, hi]) => {
      const open = (window as unknown as TCallWindow).peerConnections.filter((pc) => pc.connectionState !== 'closed');
      const toJanus = (pc: RTCPeerConnection) =>
        [...(pc.remoteDescription?.sdp ?? '').matchAll(/^a=candidate:\S+ \d+ \S+ \d+ \S+ (\d+) /gm)].some(
          (m) => Number(m[1]) >= lo && Number(m[1]) <= hi,
        );
      return {
        open: open.length,
        connected: open.filter((pc) => pc.connectionState === 'connected').length,
        toJanus: open.filter(toJanus).length,
        directions: open
          .map((pc) =>
            pc
              .getTransceivers()
              .map((t) => t.currentDirection ?? t.direction)
              .sort()
              .join(','),
          )
          .sort(),
      };
    },
    [low, high] as const,
  );
}

/** Every page's connections as `state/ice/signaling`, for a failure's message. */
export async function callStates(pages: Record<string, Page>): Promise<string> {
  const states = await Promise.all(
    Object.entries(pages).map(async ([name, page]) => {
      const each = await page.evaluate(() =>
        (window as unknown as TCallWindow).peerConnections.map(
          (pc) => `${pc.connectionState}/${pc.iceConnectionState}/${pc.signalingState}`,
        ),
      );
      // Those closed (replaced or rebuilt) only counted: a call that keeps rebuilding shows as a large count.
      const open = each.filter((state) => state !== 'closed/closed/closed');
      return `${name}: ${each.length - open.length} closed, ${open.join(' ')}`;
    }),
  );
  return states.join('; ');
}

/**
 * Each open connection's video sender's first encoding: its resolution's divisor and its bit rate cap (none: 0), as
 * `mesh-video-cap.ts` sets them.
 */
export function videoCaps(page: Page): Promise<{ scale: number; maxBitrate: number }[]> {
  return page.evaluate(() =>
    (window as unknown as TCallWindow).peerConnections
      .filter((pc) => pc.connectionState === 'connected')
      .map((pc) => {
        const sender = pc.getTransceivers().find((t) => t.receiver.track.kind === 'video')?.sender;
        const encoding = sender?.getParameters().encodings?.[0];
        return { scale: encoding?.scaleResolutionDownBy ?? 1, maxBitrate: encoding?.maxBitrate ?? 0 };
      }),
  );
}

/** Under this many bytes in two seconds, nothing is sent (a microphone's audio is several kilobytes a second). */
export const SILENT = 600;

/** The timelines of the page's last `count` connections, one line each: when made, then each step (`TCallWindow`). */
export function connectionTimelines(page: Page, count = 30): Promise<string[]> {
  return page.evaluate(
    (n) => (window as unknown as TCallWindow).peerConnections.slice(-n).map((pc) => `${pc.born} ${pc.log.join(' ')}`),
    count,
  );
}
