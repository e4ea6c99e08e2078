import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Mic, MicOff, Video, VideoOff } from 'lucide-react';
import type { TDebate, TDebateJoined } from '@resolved/shared';
import { api } from '../../lib/api';
import { toast } from '../../lib/toast';
import { buttonClass } from '../../ui/button-styles';
import { useWebRtc } from './useWebRtc';

function StreamVideo({ stream, isMuted, label }: { stream: MediaStream | null; isMuted: boolean; label: string }) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    video.srcObject = stream;
    // `autoPlay` alone leaves a muted preview paused in Chromium; start it explicitly (blocked autoplay is harmless).
    if (stream) video.play().catch(() => undefined);
  }, [stream]);
  return (
    <figure className="overflow-hidden rounded-xl bg-slate-800">
      <video
        ref={ref}
        autoPlay
        playsInline
        muted={isMuted}
        className="aspect-video w-full object-cover"
        aria-label={label}
      />
      <figcaption className="px-3 py-1 text-xs text-slate-200">{label}</figcaption>
    </figure>
  );
}

const STATE_TEXT: Record<string, string> = {
  waiting: 'Waiting for your opponent',
  new: 'Connecting',
  connecting: 'Connecting',
  connected: 'connected',
  disconnected: 'Reconnecting',
  failed: 'Connection failed',
  closed: 'Closed',
};

/** Audio and video between the two debaters, and an external meeting link if they prefer one. */
export function VideoPanel({
  debate,
  isDebater,
  isOfferer,
  iceServers,
  onDebateChange,
}: {
  debate: TDebate;
  isDebater: boolean;
  isOfferer: boolean;
  iceServers: TDebateJoined['iceServers'] | null;
  onDebateChange: (debate: TDebate) => void;
}) {
  const isLive = debate.status === 'live';
  const rtc = useWebRtc({ debateId: debate.id, isEnabled: isDebater && isLive, isOfferer, iceServers });
  const linkId = useId();
  const [link, setLink] = useState(debate.externalLink ?? '');

  async function handleSaveLink(event: FormEvent) {
    event.preventDefault();
    try {
      const { debate: next } = await api<{ debate: TDebate }>(`/api/debates/${debate.id}/external-link`, {
        method: 'PUT',
        json: { link },
      });
      onDebateChange(next);
      toast.success(link ? 'Meeting link shared.' : 'Meeting link removed.');
    } catch (error) {
      toast.error((error as Error).message);
    }
  }

  return (
    <section aria-labelledby="video-heading" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="video-heading" className="text-lg font-bold text-slate-900">
        Audio and video
      </h2>
      {isDebater && isLive ? (
        <>
          <p className="mt-1 text-sm text-slate-600">
            Call: <span data-testid="rtc-state">{STATE_TEXT[rtc.connectionState] ?? rtc.connectionState}</span>
          </p>
          <div className="mt-3 grid gap-3 sm:grid-cols-2">
            <StreamVideo stream={rtc.remoteStream} isMuted={false} label="Your opponent" />
            <StreamVideo stream={rtc.localStream} isMuted label="You" />
          </div>
          <div className="mt-3 flex flex-wrap gap-2">
            <button
              type="button"
              className={buttonClass('secondary')}
              onClick={rtc.toggleMute}
              disabled={!rtc.hasMicrophone}
            >
              {rtc.isMuted ? (
                <MicOff className="h-4 w-4" aria-hidden="true" />
              ) : (
                <Mic className="h-4 w-4" aria-hidden="true" />
              )}
              {rtc.isMuted ? 'Unmute' : 'Mute'}
            </button>
            <button
              type="button"
              className={buttonClass('secondary')}
              onClick={rtc.toggleCamera}
              disabled={!rtc.hasCamera}
            >
              {rtc.isCameraOff ? (
                <VideoOff className="h-4 w-4" aria-hidden="true" />
              ) : (
                <Video className="h-4 w-4" aria-hidden="true" />
              )}
              {rtc.isCameraOff ? 'Camera on' : 'Camera off'}
            </button>
          </div>
        </>
      ) : (
        <p className="mt-1 text-sm text-slate-600">
          {isLive ? 'Audio and video are between the two debaters.' : 'The round is over.'}
        </p>
      )}
      {debate.externalLink ? (
        <p className="mt-3 text-sm">
          Meeting link:{' '}
          <a
            href={debate.externalLink}
            target="_blank"
            rel="noopener noreferrer"
            className="font-semibold text-brand-700 underline"
          >
            Open the meeting
          </a>
        </p>
      ) : null}
      {isDebater && isLive ? (
        <form onSubmit={handleSaveLink} className="mt-3">
          <label htmlFor={linkId} className="text-sm font-semibold text-slate-700">
            Prefer Zoom or Meet? Share a meeting link
          </label>
          <div className="mt-1 flex gap-2">
            <input
              id={linkId}
              type="url"
              value={link}
              onChange={(e) => setLink(e.target.value)}
              placeholder="https://…"
              className="w-full rounded-xl border border-slate-300 px-3 py-2 text-sm"
            />
            <button type="submit" className={buttonClass('secondary')}>
              Share link
            </button>
          </div>
        </form>
      ) : null}
    </section>
  );
}
