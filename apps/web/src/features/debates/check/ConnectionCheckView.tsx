import { useEffect, useRef } from 'react';
import { CircleAlert, CircleCheck, LoaderCircle, Mic, Video, Wifi } from 'lucide-react';
import { deviceWords, networkWords, type TDeviceState, type TNetworkState } from './check-state';
import type { TCheckSnapshot } from './connection-check';

type TTone = 'busy' | 'ok' | 'warn' | 'bad';

const TONE_CLASS: Record<TTone, string> = {
  busy: 'text-slate-700',
  ok: 'text-emerald-800',
  warn: 'text-amber-900',
  bad: 'text-red-800',
};

function deviceTone(state: TDeviceState): TTone {
  return state.status === 'starting' ? 'busy' : state.status === 'on' ? 'ok' : 'bad';
}

function networkTone(state: TNetworkState): TTone {
  if (state.status === 'testing') return 'busy';
  if (state.status === 'failed') return 'bad';
  return state.verdict === 'direct' ? 'ok' : state.verdict === 'relay' ? 'warn' : 'bad';
}

/** One line of the check: what it is, and what it found in words (read out when it changes). */
function Finding({ tone, testId, children }: { tone: TTone; testId: string; children: string }) {
  const Icon = tone === 'busy' ? LoaderCircle : tone === 'ok' ? CircleCheck : CircleAlert;
  return (
    <p
      className={`mt-1 flex items-start gap-2 text-sm ${TONE_CLASS[tone]}`}
      aria-live="polite"
      data-testid={testId}
      data-tone={tone}
    >
      <Icon
        className={`mt-0.5 h-4 w-4 shrink-0 ${tone === 'busy' ? 'motion-safe:animate-spin' : ''}`}
        aria-hidden="true"
      />
      <span>{children}</span>
    </p>
  );
}

/** The camera's picture, mirrored as people expect to see themselves. */
function Preview({ stream }: { stream: MediaStream }) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    video.srcObject = stream;
    video.play().catch(() => undefined);
    return () => {
      video.srcObject = null;
    };
  }, [stream]);
  return (
    <video
      ref={ref}
      autoPlay
      playsInline
      muted
      aria-label="Your camera"
      data-testid="check-preview"
      className="aspect-video w-full -scale-x-100 rounded-xl bg-slate-800 object-cover"
    />
  );
}

/** What the connection check shows: the camera, the microphone's level and the network, each with its finding. */
export function ConnectionCheckView({ check }: { check: TCheckSnapshot }) {
  const { camera, microphone, network, level } = check;
  return (
    <div className="space-y-4">
      <section aria-labelledby="check-camera">
        <h3 id="check-camera" className="flex items-center gap-2 font-semibold text-slate-900">
          <Video className="h-4 w-4" aria-hidden="true" />
          Camera
        </h3>
        {camera.status === 'on' ? (
          <div className="mt-2 max-w-xs">
            <Preview stream={camera.stream} />
          </div>
        ) : null}
        <Finding tone={deviceTone(camera)} testId="check-camera">
          {deviceWords('camera', camera)}
        </Finding>
      </section>
      <section aria-labelledby="check-microphone">
        <h3 id="check-microphone" className="flex items-center gap-2 font-semibold text-slate-900">
          <Mic className="h-4 w-4" aria-hidden="true" />
          Microphone
        </h3>
        {microphone.status === 'on' ? (
          <div
            role="meter"
            aria-label="Microphone level"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={level}
            className="mt-2 h-3 max-w-xs overflow-hidden rounded-full bg-slate-200"
            data-testid="check-level"
          >
            <div
              className="h-full rounded-full bg-emerald-600 transition-[width] duration-100"
              style={{ width: `${level}%` }}
            />
          </div>
        ) : null}
        <Finding tone={deviceTone(microphone)} testId="check-microphone">
          {deviceWords('microphone', microphone)}
        </Finding>
      </section>
      <section aria-labelledby="check-network">
        <h3 id="check-network" className="flex items-center gap-2 font-semibold text-slate-900">
          <Wifi className="h-4 w-4" aria-hidden="true" />
          Network
        </h3>
        <Finding tone={networkTone(network)} testId="check-network">
          {networkWords(network)}
        </Finding>
      </section>
    </div>
  );
}
