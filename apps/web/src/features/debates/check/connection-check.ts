import { ZMediaCheckServers, type TMediaCheckServers } from '@resolved/shared';
import { errorMessage } from '../../../lib/form-errors';
import { STARTING_CHECK, deviceProblemOf, levelOf, type TCheckState, type TDeviceState } from './check-state';
import { gatherCandidates } from './gather-candidates';
import { blockedWords, classifyNetwork, NETWORK_WORDS, relayTargets } from './network-verdict';

const NETWORK_FAILED = 'The network test could not run. Check your connection, then test again.';

export interface TCheckSnapshot extends TCheckState {
  /** The microphone's loudness now, 0–100. */
  level: number;
}

/** What the check needs from the browser and the server, so the dialog's tests can hand it fakes. */
export interface TCheckPlatform {
  getUserMedia: ((constraints: MediaStreamConstraints) => Promise<MediaStream>) | null;
  fetchServers(signal: AbortSignal): Promise<TMediaCheckServers>;
  gather: typeof gatherCandidates;
  /** Calls `onLevel` with the stream's loudness about ten times a second; the function returned stops it. */
  meter(stream: MediaStream, onLevel: (level: number) => void): () => void;
}

/**
 * One run of the connection check, as a plain object React reads through `subscribe` / `getSnapshot`: the camera
 * preview, the microphone's level and the network test, each started by `start()` and all stopped by `stop()` (the
 * dialog closing): tracks stopped, the audio graph closed, the test's connection closed.
 */
export class ConnectionCheck {
  private snapshot: TCheckSnapshot = { ...STARTING_CHECK, level: 0 };
  private readonly listeners = new Set<() => void>();
  private run: { abort: AbortController; stops: (() => void)[] } | null = null;

  constructor(private readonly platform: TCheckPlatform) {}

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly getSnapshot = (): TCheckSnapshot => this.snapshot;

  /** Starts (or starts again) every part of the check. */
  start(): void {
    this.stop();
    const run = { abort: new AbortController(), stops: [] as (() => void)[] };
    this.run = run;
    this.patch({ ...STARTING_CHECK, level: 0 });
    const isCurrent = () => this.run === run;
    const { getUserMedia } = this.platform;

    const device = (kind: 'camera' | 'microphone', onStream?: (stream: MediaStream) => void) => {
      if (!getUserMedia) return this.patch({ [kind]: { status: 'problem', problem: 'unsupported' } });
      getUserMedia(kind === 'camera' ? { video: true } : { audio: true }).then(
        (stream) => {
          const stopTracks = () => stream.getTracks().forEach((t) => t.stop());
          if (!isCurrent()) return stopTracks();
          run.stops.push(stopTracks);
          // The track ending (unplugged, or the permission taken back) is a problem too.
          for (const track of stream.getTracks()) {
            track.addEventListener('ended', () => {
              if (isCurrent()) this.patch({ [kind]: { status: 'problem', problem: 'missing' } });
            });
          }
          this.patch({ [kind]: { status: 'on', stream } satisfies TDeviceState });
          onStream?.(stream);
        },
        (error: unknown) => {
          if (isCurrent()) this.patch({ [kind]: { status: 'problem', problem: deviceProblemOf(error) } });
        },
      );
    };
    device('camera');
    device('microphone', (stream) => {
      run.stops.push(this.platform.meter(stream, (level) => isCurrent() && this.patch({ level })));
    });

    const { signal } = run.abort;
    this.platform
      .fetchServers(signal)
      .then(async (servers) => {
        const result = await this.platform.gather(servers.iceServers, { signal });
        if (!isCurrent()) return;
        const verdict = classifyNetwork(result, servers.iceTransportPolicy);
        const words = verdict === 'blocked' ? blockedWords(relayTargets(servers.iceServers)) : NETWORK_WORDS[verdict];
        this.patch({ network: { status: 'done', verdict, words } });
      })
      .catch((error: unknown) => {
        if (isCurrent()) this.patch({ network: { status: 'failed', message: errorMessage(error, NETWORK_FAILED) } });
      });
  }

  /** Stops the camera, the microphone and the network test. */
  stop(): void {
    const run = this.run;
    if (!run) return;
    this.run = null;
    run.abort.abort();
    for (const stop of run.stops) stop();
  }

  private patch(patch: Partial<TCheckSnapshot>): void {
    this.snapshot = { ...this.snapshot, ...patch };
    for (const listener of this.listeners) listener();
  }
}

/** The real browser and server. */
export function browserCheckPlatform(fetchServers: (signal: AbortSignal) => Promise<unknown>): TCheckPlatform {
  const devices = typeof navigator === 'undefined' ? undefined : navigator.mediaDevices;
  return {
    getUserMedia: devices?.getUserMedia ? (constraints) => devices.getUserMedia(constraints) : null,
    fetchServers: async (signal) => {
      // An answer of another shape (a proxy's page, an older server) is the test failing, not a form to correct.
      const parsed = ZMediaCheckServers.safeParse(await fetchServers(signal));
      if (!parsed.success) throw new Error('The check servers answered in an unexpected shape.');
      return parsed.data;
    },
    gather: gatherCandidates,
    meter: (stream, onLevel) => {
      const context = new AudioContext();
      const analyser = context.createAnalyser();
      analyser.fftSize = 1024;
      context.createMediaStreamSource(stream).connect(analyser);
      void context.resume().catch(() => undefined);
      const samples = new Uint8Array(analyser.fftSize);
      const timer = setInterval(() => {
        analyser.getByteTimeDomainData(samples);
        onLevel(levelOf(samples));
      }, 100);
      return () => {
        clearInterval(timer);
        void context.close().catch(() => undefined);
      };
    },
  };
}
