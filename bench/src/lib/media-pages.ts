/**
 * Round pages in Chromium for the media benchmark: one browser with Chromium's fake camera and microphone, a context
 * per person signed in with a session cookie made in SQL, and a script in every page that keeps the
 * RTCPeerConnections the app makes (so that the bench can read their `getStats()`) and notes when the call started,
 * connected and decoded its first remote video frame.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { CHROME_FLAGS, CHROMIUM } from './chromium';

/**
 * The fake camera at 5 frames a second (the e2e tests use 10) and, through `CAMERA`, at 320×180 instead of its
 * 640×480: a 20-viewer round is 22 pages in one Chromium on a 2-core machine, each decoding two videos.
 */
export const FAKE_FPS = 5;
export const CAMERA = { width: 320, height: 180 };

const LAUNCH_ARGS = [
  // Playwright adds its own headless flag.
  ...CHROME_FLAGS.filter((flag) => flag !== '--headless'),
  `--use-fake-device-for-media-stream=fps=${FAKE_FPS}`,
  '--use-fake-ui-for-media-stream',
  '--autoplay-policy=no-user-gesture-required',
  // Twenty-odd pages in one browser: none of them may be treated as a background tab and slowed down.
  '--disable-background-timer-throttling',
  '--disable-renderer-backgrounding',
  '--disable-backgrounding-occluded-windows',
];

export async function launchMediaBrowser(): Promise<Browser> {
  const { chromium } = await import('playwright-core');
  return chromium.launch({ executablePath: CHROMIUM, args: LAUNCH_ARGS });
}

/** What the page script keeps on `window.__bench`. */
interface TBenchWindow {
  __bench: {
    pcs: RTCPeerConnection[];
    /** Per connection (same index): epoch ms when it was made, first connected, first decoded a remote video frame. */
    times: { createdAt: number; connectedAt: number | null; firstFrameAt: number | null }[];
  };
}

/** Runs in every page before the app: see the module's comment. `watchFrames` polls for the first decoded frame. */
function pageScript(options: { width: number; height: number; watchFrames: boolean }) {
  const w = window as unknown as TBenchWindow;
  const bench: TBenchWindow['__bench'] = { pcs: [], times: [] };
  w.__bench = bench;
  const Original = window.RTCPeerConnection;
  window.RTCPeerConnection = class extends Original {
    constructor(config?: RTCConfiguration) {
      super(config);
      const times = { createdAt: Date.now(), connectedAt: null as number | null, firstFrameAt: null };
      bench.pcs.push(this);
      bench.times.push(times);
      this.addEventListener('connectionstatechange', () => {
        if (this.connectionState === 'connected') times.connectedAt ??= Date.now();
      });
    }
  } as typeof RTCPeerConnection;
  const devices = navigator.mediaDevices;
  if (devices?.getUserMedia) {
    const getUserMedia = devices.getUserMedia.bind(devices);
    devices.getUserMedia = (constraints?: MediaStreamConstraints) =>
      getUserMedia(
        constraints?.video === true
          ? { ...constraints, video: { width: { ideal: options.width }, height: { ideal: options.height } } }
          : constraints,
      );
  }
  if (!options.watchFrames) return;
  let isPolling = false;
  setInterval(async () => {
    if (isPolling) return;
    isPolling = true;
    try {
      for (const [i, pc] of bench.pcs.entries()) {
        const times = bench.times[i]!;
        if (times.firstFrameAt !== null || pc.connectionState === 'closed') continue;
        (await pc.getStats()).forEach((s: Record<string, unknown>) => {
          if (s.type === 'inbound-rtp' && s.kind === 'video' && Number(s.framesDecoded ?? 0) > 0) {
            times.firstFrameAt ??= Date.now();
          }
        });
      }
    } finally {
      isPolling = false;
    }
  }, 20);
}

/** A new context signed in with `cookie` (`name=value`), and its page (the page script installed, not navigated). */
export async function signedInPage(
  browser: Browser,
  baseUrl: string,
  cookie: string,
  options: { watchFrames?: boolean } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: baseUrl });
  const [name, value] = cookie.split(/=(.*)/s) as [string, string];
  await context.addCookies([{ name, value, url: baseUrl }]);
  const page = await context.newPage();
  await page.addInitScript(pageScript, { ...CAMERA, watchFrames: options.watchFrames ?? false });
  return { context, page };
}

/** One page's RTP counters now: per connection (by its index in the page), what it sent and what it decoded. */
export interface TPageStats {
  at: number;
  connections: {
    index: number;
    state: string;
    /** Bytes of RTP sent (payload and headers, every outbound stream: audio and video). */
    sentBytes: number;
    videoFramesEncoded: number;
    /** The outbound video's frame width, and why the encoder holds back (`none`, `cpu`, `bandwidth`). */
    videoWidth: number;
    qualityLimitation: string;
    /** Inbound video streams that have decoded a frame. */
    decodingVideos: number;
    /** The selected candidate pair's two ends (`host`, `srflx`, `relay`). */
    localCandidate: string;
    remoteCandidate: string;
  }[];
}

export function pageStats(page: Page): Promise<TPageStats> {
  return page.evaluate(async () => {
    const bench = (window as unknown as TBenchWindow).__bench;
    const connections: TPageStats['connections'] = [];
    for (const [index, pc] of bench.pcs.entries()) {
      if (pc.connectionState === 'closed') continue;
      const byId = new Map<string, Record<string, unknown>>();
      (await pc.getStats()).forEach((s: Record<string, unknown>) => byId.set(String(s.id), s));
      const row = {
        index,
        state: pc.connectionState,
        sentBytes: 0,
        videoFramesEncoded: 0,
        videoWidth: 0,
        qualityLimitation: '',
        decodingVideos: 0,
        localCandidate: '',
        remoteCandidate: '',
      };
      for (const s of byId.values()) {
        if (s.type === 'outbound-rtp') {
          row.sentBytes += Number(s.bytesSent ?? 0) + Number(s.headerBytesSent ?? 0);
          if (s.kind === 'video') {
            row.videoFramesEncoded += Number(s.framesEncoded ?? 0);
            row.videoWidth = Math.max(row.videoWidth, Number(s.frameWidth ?? 0));
            row.qualityLimitation = String(s.qualityLimitationReason ?? '');
          }
        }
        if (s.type === 'inbound-rtp' && s.kind === 'video' && Number(s.framesDecoded ?? 0) > 0) row.decodingVideos++;
        if (s.type === 'transport' && typeof s.selectedCandidatePairId === 'string') {
          const pair = byId.get(s.selectedCandidatePairId);
          row.localCandidate = String(byId.get(String(pair?.localCandidateId))?.candidateType ?? '');
          row.remoteCandidate = String(byId.get(String(pair?.remoteCandidateId))?.candidateType ?? '');
        }
      }
      connections.push(row);
    }
    return { at: Date.now(), connections };
  });
}

/** How many remote videos this page decodes now (over all its connections). */
export async function decodingVideos(page: Page): Promise<number> {
  return (await pageStats(page)).connections.reduce((sum, c) => sum + c.decodingVideos, 0);
}

/**
 * What a page sent between two readings, in bytes per second: each connection's growth, a connection made in
 * between counted from zero. (A connection closed in between is left out: the browser reads no stats from it.)
 */
export function uploadRate(before: TPageStats, after: TPageStats): number {
  const earlier = new Map(before.connections.map((c) => [c.index, c.sentBytes]));
  const bytes = after.connections.reduce((sum, c) => sum + c.sentBytes - (earlier.get(c.index) ?? 0), 0);
  return bytes / ((after.at - before.at) / 1000);
}

/** The call timings the page script noted, per connection (epoch ms; null until they happen). */
export function callTimings(page: Page): Promise<TBenchWindow['__bench']['times']> {
  return page.evaluate(() => (window as unknown as TBenchWindow).__bench.times);
}
