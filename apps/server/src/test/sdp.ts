/**
 * A subscriber's answer for tests that subscribe through the media server without a browser: built from Janus's own
 * offer, with a made-up DTLS fingerprint and one host candidate. Janus accepts it (`start`); ICE never connects, which
 * is all a test of who may subscribe needs.
 */
import { randomBytes } from 'node:crypto';

const FINGERPRINT = Array.from(randomBytes(32), (b) => b.toString(16).padStart(2, '0').toUpperCase()).join(':');

function session(lines: string[]): string {
  return `${lines.join('\r\n')}\r\n`;
}

function transport(): string[] {
  return [
    `a=ice-ufrag:${randomBytes(4).toString('hex')}`,
    `a=ice-pwd:${randomBytes(12).toString('hex')}`,
    `a=fingerprint:sha-256 ${FINGERPRINT}`,
    'a=candidate:1 1 udp 2122260223 127.0.0.1 9 typ host',
    'a=end-of-candidates',
    'a=rtcp-mux',
  ];
}

/** A subscriber's answer to Janus's offer: every media section received only, with the offer's first codec. */
export function subscriberAnswer(offer: string): string {
  const sections = offer.split(/\r?\n(?=m=)/);
  const mids: string[] = [];
  const media = sections.slice(1).map((section) => {
    const lines = section.split(/\r?\n/).filter(Boolean);
    const [kind, , proto, ...payloads] = lines[0]!.slice(2).split(' ');
    const mid = lines.find((l) => l.startsWith('a=mid:'))?.slice(6) ?? String(mids.length);
    mids.push(mid);
    const pt = payloads[0]!;
    const keep = lines.filter((l) => l.startsWith(`a=rtpmap:${pt} `) || l.startsWith(`a=fmtp:${pt} `));
    const isData = kind === 'application';
    return [
      `m=${kind} 9 ${proto} ${payloads.join(' ')}`,
      'c=IN IP4 127.0.0.1',
      ...transport(),
      'a=setup:active',
      `a=mid:${mid}`,
      ...(isData ? [] : ['a=recvonly', ...keep]),
    ];
  });
  return session([
    'v=0',
    `o=- ${Date.now()} 2 IN IP4 127.0.0.1`,
    's=-',
    't=0 0',
    `a=group:BUNDLE ${mids.join(' ')}`,
    ...media.flat(),
  ]);
}
