/**
 * A headless Chromium (Debian's, through playwright-core) whose pages are WebRTC publishers for the media server's
 * tests: a canvas and an oscillator stand in for a camera and a microphone, so Janus gets a real offer, a real ICE
 * and DTLS connection, and then lists the feed as a publisher (which a made-up SDP never reaches).
 */
import { existsSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Why the browser cannot run here, or null. */
export function chromiumMissing(): string | null {
  return existsSync(CHROMIUM)
    ? null
    : `Chromium is not at ${CHROMIUM}: \`apt-get install chromium\` or set CHROMIUM_PATH`;
}

export interface TPublisherPage {
  /** A send-only audio and video offer with every candidate (gathering complete). */
  offer(): Promise<string>;
  /** Applies the media server's answer; ICE and DTLS then connect. */
  accept(answerSdp: string): Promise<void>;
  /** Resolves when the connection is up (fails after `timeoutMs`). */
  connected(timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

/** A page that receives one feed from the media server, as a participant's or a spectator's browser does. */
export interface TSubscriberPage {
  /** Takes the media server's offer and gives the answer (candidates included). */
  answer(offerSdp: string): Promise<string>;
  connected(timeoutMs?: number): Promise<void>;
  /** The bytes received so far on the connection's inbound audio and video. */
  received(): Promise<{ audio: number; video: number }>;
  close(): Promise<void>;
}

export interface TMediaBrowser {
  publisher(): Promise<TPublisherPage>;
  subscriber(): Promise<TSubscriberPage>;
  close(): Promise<void>;
}

/** What `PUBLISHER_SCRIPT` puts on the page's `globalThis`. */
interface TPagePublisher {
  offer(): Promise<string>;
  accept(sdp: string): Promise<void>;
  connected(ms: number): Promise<void>;
}

type TPageGlobal = { publisher: TPagePublisher };

/** Runs in the page (plain JavaScript: the server's TypeScript has no DOM types). */
const PUBLISHER_SCRIPT = `
globalThis.publisher = {
  async offer() {
    const canvas = document.createElement('canvas');
    canvas.width = 320;
    canvas.height = 240;
    const paint = canvas.getContext('2d');
    setInterval(() => {
      paint.fillStyle = 'hsl(' + (Date.now() % 360) + ' 80% 50%)';
      paint.fillRect(0, 0, 320, 240);
    }, 50);
    const audio = new AudioContext();
    const tone = audio.createOscillator();
    const out = audio.createMediaStreamDestination();
    tone.connect(out);
    tone.start();
    const stream = new MediaStream([...canvas.captureStream(15).getVideoTracks(), ...out.stream.getAudioTracks()]);
    const pc = new RTCPeerConnection();
    this.pc = pc;
    for (const track of stream.getTracks()) pc.addTransceiver(track, { direction: 'sendonly', streams: [stream] });
    await pc.setLocalDescription(await pc.createOffer());
    await new Promise((resolve) => {
      if (pc.iceGatheringState === 'complete') return resolve();
      pc.addEventListener('icegatheringstatechange', () => pc.iceGatheringState === 'complete' && resolve());
    });
    return pc.localDescription.sdp;
  },
  async accept(sdp) {
    await this.pc.setRemoteDescription({ type: 'answer', sdp });
  },
  connected(ms) {
    const pc = this.pc;
    return new Promise((resolve, reject) => {
      const check = () => pc.connectionState === 'connected' && resolve();
      check();
      pc.addEventListener('connectionstatechange', check);
      setTimeout(() => reject(new Error('not connected: ' + pc.connectionState)), ms);
    });
  },
};
`;

/** What `SUBSCRIBER_SCRIPT` puts on the page's `globalThis`. */
interface TPageSubscriber {
  answer(sdp: string): Promise<string>;
  connected(ms: number): Promise<void>;
  received(): Promise<{ audio: number; video: number }>;
}

type TSubscriberGlobal = { subscriber: TPageSubscriber };

const SUBSCRIBER_SCRIPT = `
globalThis.subscriber = {
  async answer(sdp) {
    const pc = new RTCPeerConnection();
    this.pc = pc;
    await pc.setRemoteDescription({ type: 'offer', sdp });
    await pc.setLocalDescription(await pc.createAnswer());
    await new Promise((resolve) => {
      if (pc.iceGatheringState === 'complete') return resolve();
      pc.addEventListener('icegatheringstatechange', () => pc.iceGatheringState === 'complete' && resolve());
    });
    return pc.localDescription.sdp;
  },
  connected(ms) {
    return globalThis.publisher.connected.call(this, ms);
  },
  async received() {
    const bytes = { audio: 0, video: 0 };
    (await this.pc.getStats()).forEach((s) => {
      if (s.type === 'inbound-rtp' && (s.kind === 'audio' || s.kind === 'video')) bytes[s.kind] += s.bytesReceived || 0;
    });
    return bytes;
  },
};
`;

export async function startMediaBrowser(): Promise<TMediaBrowser> {
  const browser: Browser = await chromium.launch({
    executablePath: CHROMIUM,
    // Host candidates with real addresses (not mDNS names), which Janus pairs with its own.
    args: ['--disable-features=WebRtcHideLocalIpsWithMdns', '--autoplay-policy=no-user-gesture-required'],
  });
  return {
    async publisher() {
      const page: Page = await browser.newPage();
      await page.setContent('<!doctype html><title>publisher</title>');
      await page.addScriptTag({ content: PUBLISHER_SCRIPT });
      // These functions run in the page: they reach its `publisher` through the page's own globalThis.
      return {
        offer: () => page.evaluate(() => (globalThis as unknown as TPageGlobal).publisher.offer()),
        accept: (answerSdp) =>
          page.evaluate((sdp) => (globalThis as unknown as TPageGlobal).publisher.accept(sdp), answerSdp),
        connected: (timeoutMs = 10_000) =>
          page.evaluate((ms) => (globalThis as unknown as TPageGlobal).publisher.connected(ms), timeoutMs),
        close: () => page.close(),
      };
    },
    async subscriber() {
      const page: Page = await browser.newPage();
      await page.setContent('<!doctype html><title>subscriber</title>');
      await page.addScriptTag({ content: PUBLISHER_SCRIPT });
      await page.addScriptTag({ content: SUBSCRIBER_SCRIPT });
      // These run in the page: each reaches its `subscriber` through the page's own globalThis.
      return {
        answer: (offerSdp) =>
          page.evaluate((sdp) => (globalThis as unknown as TSubscriberGlobal).subscriber.answer(sdp), offerSdp),
        connected: (timeoutMs = 10_000) =>
          page.evaluate((ms) => (globalThis as unknown as TSubscriberGlobal).subscriber.connected(ms), timeoutMs),
        received: () => page.evaluate(() => (globalThis as unknown as TSubscriberGlobal).subscriber.received()),
        close: () => page.close(),
      };
    },
    close: () => browser.close(),
  };
}
