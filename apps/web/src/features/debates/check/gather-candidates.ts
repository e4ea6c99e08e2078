import type { TRtcIceServer } from '@resolved/shared';
import type { TGatheredCandidate, TGatherResult } from './network-verdict';

/** How long the network test waits for the ICE servers before judging on what came (a STUN server that never answers keeps the browser gathering on). */
export const GATHER_TIMEOUT_MS = 8000;

/**
 * Gathers this browser's ICE candidates against the given servers, as a call would, with one connection that never
 * connects to anyone: a data channel makes the offer ask for candidates. Resolves when the browser has finished
 * gathering, after `timeoutMs`, or at once (with what came) when `signal` aborts; the connection is closed in every
 * case. The policy is always `all`, so the test learns about a direct path even where calls are relayed.
 */
export async function gatherCandidates(
  iceServers: TRtcIceServer[],
  options: { signal: AbortSignal; timeoutMs?: number },
): Promise<TGatherResult> {
  const pc = new RTCPeerConnection({ iceServers });
  const candidates: TGatheredCandidate[] = [];
  const failedUrls = new Set<string>();
  const stunUrls = iceServers
    .flatMap((s) => (typeof s.urls === 'string' ? [s.urls] : s.urls))
    .filter((url) => /^stuns?:/i.test(url));
  let isComplete = false;
  try {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, options.timeoutMs ?? GATHER_TIMEOUT_MS);
      const finish = () => {
        clearTimeout(timer);
        resolve();
      };
      options.signal.addEventListener('abort', finish, { once: true });
      pc.onicecandidate = (event) => {
        const c = event.candidate;
        if (!c) {
          isComplete = true;
          return finish();
        }
        if (c.type && (c.protocol === 'udp' || c.protocol === 'tcp')) {
          candidates.push({ type: c.type, protocol: c.protocol });
        }
      };
      pc.onicecandidateerror = (event) => {
        const { url } = event as RTCPeerConnectionIceErrorEvent;
        if (url) failedUrls.add(url);
      };
      pc.createDataChannel('check');
      pc.createOffer()
        .then((offer) => pc.setLocalDescription(offer))
        .catch(finish);
    });
  } finally {
    pc.close();
  }
  return { candidates, stunUrls, failedUrls: matchServerUrls(failedUrls, stunUrls), isComplete };
}

/**
 * The browser reports a failed server by its URL as it parsed it (Chromium adds nothing, but may drop `?transport`):
 * match each configured STUN URL to a reported one on scheme, host and port.
 */
function matchServerUrls(reported: Set<string>, configured: string[]): string[] {
  const key = (url: string) => url.toLowerCase().replace(/\?.*$/, '');
  const failed = new Set([...reported].map(key));
  return [...new Set([...configured.filter((url) => failed.has(key(url))), ...reported])];
}
