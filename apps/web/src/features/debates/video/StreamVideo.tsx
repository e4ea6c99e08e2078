import { useEffect, useRef } from 'react';
import { AudioLines, VideoOff } from 'lucide-react';
import type { TCallQuality } from './call-quality';
import { QualityBadge } from './QualityBadge';

/** One person's video in the call, with a placeholder while their camera is off. */
export function StreamVideo({
  stream,
  isMuted,
  label,
  caption,
  name,
  isCameraOn = true,
  audioOnly = null,
  quality,
  onBlockedChange,
}: {
  stream: MediaStream | null;
  isMuted: boolean;
  label: string;
  caption?: string;
  /** The person's name, for the placeholder shown while their camera is off. */
  name: string;
  /** False: the person turned their camera off; a placeholder covers the video (whose sound still plays). */
  isCameraOn?: boolean;
  /**
   * Why the person sends no video now though their camera may be on (a call of nine or more shows the speaker's
   * only): the placeholder covers the video, never its last frame, and says this line instead of "Camera off".
   */
  audioOnly?: string | null;
  /** How well the connection carrying this person's media does (a remote tile; none on one's own preview). */
  quality?: TCallQuality | undefined;
  /** The browser would not start this video with its sound before a click (or now does). */
  onBlockedChange?: (video: HTMLVideoElement, isBlocked: boolean) => void;
}) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    video.srcObject = stream;
    // `autoPlay` alone leaves a muted preview paused in Chromium; start it explicitly. A browser that blocks sound
    // before the first click (a spectator who opened a link) gets one button for every video (the panel's).
    if (stream) {
      video.play().then(
        () => onBlockedChange?.(video, false),
        () => onBlockedChange?.(video, !isMuted),
      );
    }
    return () => onBlockedChange?.(video, false);
  }, [stream, isMuted, onBlockedChange]);
  return (
    <figure className="relative overflow-hidden rounded-xl bg-slate-800">
      <video
        ref={ref}
        autoPlay
        playsInline
        muted={isMuted}
        className="aspect-video w-full object-cover"
        aria-label={label}
      />
      {isCameraOn && !audioOnly ? null : (
        <div
          className="absolute inset-x-0 top-0 flex aspect-video flex-col items-center justify-center gap-1 overflow-hidden bg-slate-800 text-slate-100"
          data-testid="camera-off"
        >
          <span
            aria-hidden="true"
            className="flex h-12 w-12 shrink-0 items-center justify-center rounded-full bg-slate-600 text-xl font-bold"
          >
            {initialOf(name)}
          </span>
          <span className="max-w-full truncate px-3 text-sm font-semibold">{name}</span>
          <span className="flex items-center gap-1 text-xs text-slate-300">
            {audioOnly ? (
              <AudioLines className="h-3.5 w-3.5" aria-hidden="true" />
            ) : (
              <VideoOff className="h-3.5 w-3.5" aria-hidden="true" />
            )}
            {audioOnly ?? 'Camera off'}
          </span>
        </div>
      )}
      {quality && stream ? <QualityBadge quality={quality} /> : null}
      <figcaption className="px-3 py-1 text-xs text-slate-200">
        {caption ?? label}
        {stream ? null : <span className="text-slate-400"> · not connected</span>}
      </figcaption>
    </figure>
  );
}

/** The first letter of a name, for the camera-off placeholder (a surrogate pair stays whole). */
function initialOf(name: string): string {
  return (Array.from(name.trim())[0] ?? '?').toUpperCase();
}
