import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { TMediaCheckServers } from '@resolved/shared';
import { ApiError } from '../../../lib/api';
import { deviceProblemOf, levelOf, STARTING_CHECK } from './check-state';
import { ConnectionCheck, type TCheckPlatform, type TCheckSnapshot } from './connection-check';
import { ConnectionCheckView } from './ConnectionCheckView';
import type { TGatherResult } from './network-verdict';

const SERVERS: TMediaCheckServers = {
  iceServers: [
    { urls: 'stun:stun.example.org:3478' },
    { urls: ['turn:turn.example.org:3478?transport=tcp'], username: '1:u', credential: 'c' },
  ],
  iceTransportPolicy: 'all',
};

/** A track that records being stopped. */
function fakeStream(kind: 'audio' | 'video') {
  const track = { kind, isStopped: false, stop: () => (track.isStopped = true), addEventListener: () => undefined };
  return { track, stream: { getTracks: () => [track] } as unknown as MediaStream };
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function fakePlatform() {
  const camera = deferred<MediaStream>();
  const microphone = deferred<MediaStream>();
  const servers = deferred<TMediaCheckServers>();
  const gathered = deferred<TGatherResult>();
  const seen = { signals: [] as AbortSignal[], meterStopped: 0, levels: [] as ((level: number) => void)[] };
  const platform: TCheckPlatform = {
    getUserMedia: (constraints) => (constraints.video ? camera.promise : microphone.promise),
    fetchServers: (signal) => {
      seen.signals.push(signal);
      return servers.promise;
    },
    gather: (_servers, { signal }) => {
      seen.signals.push(signal);
      return gathered.promise;
    },
    meter: (_stream, onLevel) => {
      seen.levels.push(onLevel);
      return () => seen.meterStopped++;
    },
  };
  return { platform, camera, microphone, servers, gathered, seen };
}

const flush = () => new Promise((r) => setTimeout(r, 0));

describe('the connection check', () => {
  it('shows the camera, the microphone’s level and a relay verdict, and stops everything when closed', async () => {
    const fake = fakePlatform();
    const check = new ConnectionCheck(fake.platform);
    check.start();
    expect(check.getSnapshot()).toMatchObject(STARTING_CHECK);

    const cam = fakeStream('video');
    const mic = fakeStream('audio');
    fake.camera.resolve(cam.stream);
    fake.microphone.resolve(mic.stream);
    await flush();
    expect(check.getSnapshot()).toMatchObject({ camera: { status: 'on' }, microphone: { status: 'on' } });
    fake.seen.levels[0]?.(42);
    expect(check.getSnapshot().level).toBe(42);

    fake.servers.resolve(SERVERS);
    await flush();
    fake.gathered.resolve({
      candidates: [
        { type: 'host', protocol: 'udp' },
        { type: 'relay', protocol: 'udp' },
      ],
      stunUrls: ['stun:stun.example.org:3478'],
      failedUrls: ['stun:stun.example.org:3478'],
      isComplete: true,
    });
    await flush();
    expect(check.getSnapshot().network).toEqual({
      status: 'done',
      verdict: 'relay',
      words:
        'Your video calls will go through the relay server. They work, with a little more delay than a direct connection.',
    });

    check.stop();
    expect(cam.track.isStopped).toBe(true);
    expect(mic.track.isStopped).toBe(true);
    expect(fake.seen.meterStopped).toBe(1);
    expect(fake.seen.signals.every((s) => s.aborted)).toBe(true);
  });

  it('says what to allow when blocked, and why a refused or missing device does not work', async () => {
    const fake = fakePlatform();
    const check = new ConnectionCheck(fake.platform);
    check.start();
    fake.camera.reject(Object.assign(new Error('no'), { name: 'NotAllowedError' }));
    fake.microphone.reject(Object.assign(new Error('none'), { name: 'NotFoundError' }));
    fake.servers.resolve(SERVERS);
    fake.gathered.resolve({ candidates: [], stunUrls: [], failedUrls: [], isComplete: true });
    await flush();
    await flush();
    const snapshot = check.getSnapshot();
    expect(snapshot.camera).toEqual({ status: 'problem', problem: 'refused' });
    expect(snapshot.microphone).toEqual({ status: 'problem', problem: 'missing' });
    expect(snapshot.network).toMatchObject({
      verdict: 'blocked',
      words:
        'Your network blocks video calls. Ask your school’s IT staff to allow UDP to the internet, or TCP to turn.example.org port 3478.',
    });
  });

  it('shows the server’s refusal through errorMessage, and a device that comes after closing is stopped at once', async () => {
    const fake = fakePlatform();
    const check = new ConnectionCheck(fake.platform);
    check.start();
    fake.servers.reject(new ApiError(401, 'unauthenticated', 'Sign in to continue.'));
    await flush();
    expect(check.getSnapshot().network).toEqual({ status: 'failed', message: 'Sign in to continue.' });

    check.stop();
    const late = fakeStream('video');
    fake.camera.resolve(late.stream);
    await flush();
    expect(late.track.isStopped).toBe(true);
    expect(check.getSnapshot().camera).toEqual({ status: 'starting' });
  });

  it('says a browser without getUserMedia cannot use a camera or microphone', () => {
    const fake = fakePlatform();
    const check = new ConnectionCheck({ ...fake.platform, getUserMedia: null });
    check.start();
    expect(check.getSnapshot()).toMatchObject({
      camera: { status: 'problem', problem: 'unsupported' },
      microphone: { status: 'problem', problem: 'unsupported' },
    });
    check.stop();
  });
});

describe('the dialog’s words', () => {
  function render(snapshot: Partial<TCheckSnapshot>) {
    return renderToStaticMarkup(<ConnectionCheckView check={{ ...STARTING_CHECK, level: 0, ...snapshot }} />);
  }

  it('says each part is starting while it starts', () => {
    const html = render({});
    expect(html).toContain('Starting your camera…');
    expect(html).toContain('Starting your microphone…');
    expect(html).toContain('Testing your network…');
    expect(html).not.toContain('role="meter"');
  });

  it('shows the preview and a meter with its value once the devices are on', () => {
    const { stream } = fakeStream('video');
    const html = render({ camera: { status: 'on', stream }, microphone: { status: 'on', stream }, level: 37 });
    expect(html).toContain('aria-label="Your camera"');
    expect(html).toMatch(
      /role="meter" aria-label="Microphone level" aria-valuemin="0" aria-valuemax="100" aria-valuenow="37"/,
    );
    expect(html).toContain('width:37%');
  });

  it('says plainly what is wrong with each part', () => {
    const html = render({
      camera: { status: 'problem', problem: 'missing' },
      microphone: { status: 'problem', problem: 'busy' },
      network: { status: 'done', verdict: 'direct', words: 'Your network allows direct video calls.' },
    });
    expect(html).toContain('No camera was found.');
    expect(html).toContain('Your microphone is in use by another app or tab.');
    expect(html).toContain('Your network allows direct video calls.');
    expect(html).not.toContain('aria-label="Your camera"');
  });
});

describe('the check’s helpers', () => {
  it('reads getUserMedia’s failures', () => {
    const named = (name: string) => Object.assign(new Error(name), { name });
    expect(deviceProblemOf(named('NotAllowedError'))).toBe('refused');
    expect(deviceProblemOf(named('NotFoundError'))).toBe('missing');
    expect(deviceProblemOf(named('OverconstrainedError'))).toBe('missing');
    expect(deviceProblemOf(named('NotReadableError'))).toBe('busy');
    expect(deviceProblemOf(named('TypeError'))).toBe('unsupported');
  });

  it('measures loudness from time-domain bytes', () => {
    expect(levelOf(new Uint8Array(64).fill(128))).toBe(0);
    expect(levelOf(new Uint8Array(64).fill(0))).toBe(100);
    const quiet = Uint8Array.from({ length: 64 }, (_, i) => (i % 2 ? 124 : 132));
    expect(levelOf(quiet)).toBe(13);
    expect(levelOf(new Uint8Array(0))).toBe(0);
  });
});
