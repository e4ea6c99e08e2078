/**
 * What the connection check's network test found, in plain words: whether this browser's network lets a round's call
 * go directly, only through the relay (TURN), or not at all. Pure, so the judgement is tested apart from WebRTC.
 */

export type TNetworkVerdict = 'direct' | 'relay' | 'blocked';

/** One candidate the browser gathered (`RTCIceCandidate`'s type and protocol). */
export interface TGatheredCandidate {
  type: 'host' | 'srflx' | 'prflx' | 'relay';
  protocol: 'udp' | 'tcp';
}

export interface TGatherResult {
  candidates: TGatheredCandidate[];
  /** The STUN URLs the check asked (`stun:` / `stuns:`). */
  stunUrls: string[];
  /** The STUN and TURN URLs the browser reported an error for (`icecandidateerror`: no answer, refused). */
  failedUrls: string[];
  /** The browser finished gathering (every server answered or gave up) rather than the check's time running out. */
  isComplete: boolean;
}

/**
 * - `direct`: a server-reflexive (or peer-reflexive) candidate, i.e. a STUN server answered from outside; or, once
 *   gathering is complete, a UDP host candidate beside a STUN server that reported no error (it answered with this
 *   very address, which the browser does not repeat as a candidate: the machine has a public address).
 * - `relay`: no direct path, but a relay candidate: the TURN server answered.
 * - `blocked`: neither.
 *
 * With `policy` `relay` (ICE_TRANSPORT_POLICY: the school wants no direct connections) a call uses the relay alone, so
 * a direct path does not count.
 */
export function classifyNetwork(result: TGatherResult, policy: RTCIceTransportPolicy = 'all'): TNetworkVerdict {
  const { candidates } = result;
  const hasRelay = candidates.some((c) => c.type === 'relay');
  if (policy === 'relay') return hasRelay ? 'relay' : 'blocked';
  const hasReflexive = candidates.some((c) => c.type === 'srflx' || c.type === 'prflx');
  const hasUdpHost = candidates.some((c) => c.type === 'host' && c.protocol === 'udp');
  const answeringStun = result.stunUrls.filter((url) => !result.failedUrls.includes(url));
  if (hasReflexive || (result.isComplete && hasUdpHost && answeringStun.length > 0)) return 'direct';
  return hasRelay ? 'relay' : 'blocked';
}

/** A relay the check was given, as an IT department would allow it: what travels, to which address and port. */
export interface TRelayTarget {
  transport: 'UDP' | 'TCP' | 'TLS';
  host: string;
  port: number;
}

/** The relays named by the ICE servers' `turn:` and `turns:` URLs (RFC 7065), each once. */
export function relayTargets(iceServers: { urls: string | string[] }[]): TRelayTarget[] {
  const targets: TRelayTarget[] = [];
  for (const server of iceServers) {
    for (const url of typeof server.urls === 'string' ? [server.urls] : server.urls) {
      const match = /^(turns?):(\[[^\]]+\]|[^:?]+)(?::(\d+))?(?:\?transport=(udp|tcp))?$/i.exec(url.trim());
      if (!match) continue;
      const [, scheme = '', host = '', port, transport] = match;
      const isTls = scheme.toLowerCase() === 'turns';
      const target: TRelayTarget = {
        transport: isTls ? 'TLS' : transport?.toLowerCase() === 'tcp' ? 'TCP' : 'UDP',
        host,
        port: port ? Number(port) : isTls ? 5349 : 3478,
      };
      if (!targets.some((t) => t.transport === target.transport && t.host === host && t.port === target.port)) {
        targets.push(target);
      }
    }
  }
  return targets;
}

export const NETWORK_WORDS: Record<Exclude<TNetworkVerdict, 'blocked'>, string> = {
  direct: 'Your network allows direct video calls.',
  relay:
    'Your video calls will go through the relay server. They work, with a little more delay than a direct connection.',
};

/**
 * What to tell someone whose network blocks calls: what their school's IT staff should allow. The relay's own
 * addresses come first (TCP or TLS to one port is what a locked-down network most readily opens).
 */
export function blockedWords(targets: TRelayTarget[]): string {
  const streams = targets.filter((t) => t.transport !== 'UDP');
  const allow = streams.length
    ? `UDP to the internet, or ${listWords(streams.map((t) => `${t.transport} to ${t.host} port ${t.port}`))}`
    : targets.length
      ? `UDP to the internet, including ${listWords(targets.map((t) => `${t.host} port ${t.port}`))}`
      : 'UDP to the internet (video calls need it)';
  return `Your network blocks video calls. Ask your school’s IT staff to allow ${allow}.`;
}

function listWords(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} or ${items.at(-1) ?? ''}`;
}
