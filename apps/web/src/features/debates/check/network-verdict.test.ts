import { describe, expect, it } from 'vitest';
import {
  blockedWords,
  classifyNetwork,
  relayTargets,
  type TGatheredCandidate,
  type TGatherResult,
} from './network-verdict';

const STUN = 'stun:stun.example.org:3478';
const host: TGatheredCandidate = { type: 'host', protocol: 'udp' };
const hostTcp: TGatheredCandidate = { type: 'host', protocol: 'tcp' };
const srflx: TGatheredCandidate = { type: 'srflx', protocol: 'udp' };
const relay: TGatheredCandidate = { type: 'relay', protocol: 'udp' };

function gathered(candidates: TGatheredCandidate[], more: Partial<TGatherResult> = {}): TGatherResult {
  return { candidates, stunUrls: [STUN], failedUrls: [], isComplete: true, ...more };
}

describe('classifying the network', () => {
  it('says direct when a STUN server answered from outside (a server-reflexive candidate)', () => {
    expect(classifyNetwork(gathered([host, srflx, relay]))).toBe('direct');
    expect(classifyNetwork(gathered([{ type: 'prflx', protocol: 'udp' }]))).toBe('direct');
  });

  it('says direct for a host path beside a STUN server that answered (a public address, not repeated)', () => {
    expect(classifyNetwork(gathered([host]))).toBe('direct');
  });

  it('does not take a host path for direct when STUN failed, was not asked, or gathering ran out of time', () => {
    expect(classifyNetwork(gathered([host, relay], { failedUrls: [STUN] }))).toBe('relay');
    expect(classifyNetwork(gathered([host, relay], { stunUrls: [] }))).toBe('relay');
    expect(classifyNetwork(gathered([host, relay], { isComplete: false }))).toBe('relay');
    // TCP host candidates are never a path between two browsers.
    expect(classifyNetwork(gathered([hostTcp]))).toBe('blocked');
  });

  it('says relay when only the TURN server answered, and blocked when nothing did', () => {
    expect(classifyNetwork(gathered([hostTcp, relay], { failedUrls: [STUN] }))).toBe('relay');
    expect(classifyNetwork(gathered([host], { failedUrls: [STUN, 'turn:turn.example.org:3478'] }))).toBe('blocked');
    expect(classifyNetwork(gathered([]))).toBe('blocked');
  });

  it('counts only the relay when the server forces relayed calls', () => {
    expect(classifyNetwork(gathered([host, srflx, relay]), 'relay')).toBe('relay');
    expect(classifyNetwork(gathered([host, srflx]), 'relay')).toBe('blocked');
  });
});

describe('what to allow', () => {
  it('reads the relays from turn: and turns: URLs, each once, with their default ports', () => {
    expect(
      relayTargets([
        { urls: STUN },
        {
          urls: [
            'turn:turn.example.org:3478',
            'turn:turn.example.org:3478?transport=tcp',
            'turns:turn.example.org:443?transport=tcp',
            'turn:turn.example.org:3478?transport=udp',
            'turns:relay.example.org',
          ],
        },
        { urls: 'turn:[2001:db8::1]:3478?transport=tcp' },
      ]),
    ).toEqual([
      { transport: 'UDP', host: 'turn.example.org', port: 3478 },
      { transport: 'TCP', host: 'turn.example.org', port: 3478 },
      { transport: 'TLS', host: 'turn.example.org', port: 443 },
      { transport: 'TLS', host: 'relay.example.org', port: 5349 },
      { transport: 'TCP', host: '[2001:db8::1]', port: 3478 },
    ]);
  });

  it('names UDP to the internet, or TCP/TLS to the relay’s address and port', () => {
    expect(
      blockedWords(
        relayTargets([
          {
            urls: [
              'turn:turn.example.org:3478',
              'turn:turn.example.org:3478?transport=tcp',
              'turns:turn.example.org:443?transport=tcp',
            ],
          },
        ]),
      ),
    ).toBe(
      'Your network blocks video calls. Ask your school’s IT staff to allow UDP to the internet, or TCP to turn.example.org port 3478 or TLS to turn.example.org port 443.',
    );
    expect(blockedWords(relayTargets([{ urls: 'turn:turn.example.org:3478' }]))).toBe(
      'Your network blocks video calls. Ask your school’s IT staff to allow UDP to the internet, including turn.example.org port 3478.',
    );
    expect(blockedWords([])).toBe(
      'Your network blocks video calls. Ask your school’s IT staff to allow UDP to the internet (video calls need it).',
    );
  });
});
