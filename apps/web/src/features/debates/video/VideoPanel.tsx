import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Mic, MicOff, Video, VideoOff } from 'lucide-react';
import { FORMATS, SPECTATOR_MEDIA_LIMIT, type TDebate, type TDebateJoined, type TMediaRole } from '@resolved/shared';
import { toast } from '../../../lib/toast';
import { errorMessage } from '../../../lib/form-errors';
import { buttonClass } from '../../../ui/button-styles';
import { useWebRtc } from './useWebRtc';
import { useRoundRecorder } from './useRoundRecorder';
import { meetingLinkQuery, setExternalLink, setRecordingConsent, setSpectatorWatch } from '../debates-queries';

function StreamVideo({
  stream,
  isMuted,
  label,
  caption,
  name,
  isCameraOn = true,
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
      {isCameraOn ? null : (
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
            <VideoOff className="h-3.5 w-3.5" aria-hidden="true" />
            Camera off
          </span>
        </div>
      )}
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

const STATE_TEXT: Record<string, string> = {
  new: 'Connecting',
  connecting: 'Connecting',
  connected: 'connected',
  disconnected: 'Reconnecting',
  failed: 'Connection failed',
  closed: 'Closed',
};

/** The worst state among the connections that matter here ("connected" only when all are). */
function callState(states: (RTCPeerConnectionState | undefined)[], waiting: string): string {
  if (states.some((s) => s === undefined)) return waiting;
  for (const s of ['failed', 'disconnected', 'new', 'connecting', 'closed'] as const) {
    if (states.includes(s)) return STATE_TEXT[s]!;
  }
  return STATE_TEXT.connected!;
}

/**
 * The round's audio and video: the debaters and the judge see and hear each other; spectators watch and listen
 * (up to SPECTATOR_MEDIA_LIMIT of them); an external meeting link if the debaters prefer one.
 */
export function VideoPanel({
  debate,
  myRole,
  myUserId,
  iceServers,
  onDebateChange,
  isElsewhere = false,
  onTakeBack,
}: {
  debate: TDebate;
  /** This person opened the round in another window, which has the call now. */
  isElsewhere?: boolean;
  onTakeBack?: () => Promise<void>;
  myUserId: string | null;
  /** Null for someone not signed in. */
  myRole: TMediaRole | null;
  iceServers: TDebateJoined['iceServers'] | null;
  onDebateChange: (debate: TDebate) => void;
}) {
  const isLive = debate.status === 'live';
  const hasMedia = isLive || debate.status === 'awaiting_ballot';
  // The call (camera, microphone, connections, recording) runs in one window per person: the newest they opened.
  const hasCallHere = hasMedia && !isElsewhere;
  const format = FORMATS[debate.formatId];
  const roleOf = (userId: string): TMediaRole =>
    userId === debate.debaters.a.userId
      ? 'a'
      : userId === debate.debaters.b.userId
        ? 'b'
        : userId === debate.judge?.userId
          ? 'judge'
          : 'spectator';
  const isWatchAllowed = debate.spectatorWatch.isAllowed;
  // A spectator of a round with a minor has no call until both debaters let spectators watch (issue 24); it starts
  // (a hello) when they do, and ends when one stops.
  const isWatchingBlocked = myRole === 'spectator' && !isWatchAllowed;
  // A link the snapshot keeps from spectators (a round they may not watch): the debaters and the judge ask for it.
  const isLinkKeptBack = debate.hasMeetingLink && debate.externalLink === null;
  const keptBackLink = useQuery({
    ...meetingLinkQuery(debate.id, debate.revision),
    enabled: isLinkKeptBack && myRole !== null && myRole !== 'spectator',
  });
  const meetingLink = debate.externalLink ?? (isLinkKeptBack ? (keptBackLink.data ?? null) : null);
  const rtc = useWebRtc({
    debateId: debate.id,
    isEnabled: hasCallHere && !isWatchingBlocked,
    myRole,
    myUserId,
    roleOf,
    iceServers,
    isSpectatorWatchAllowed: isWatchAllowed,
  });
  const isDebater = myRole === 'a' || myRole === 'b';
  const sends = isDebater || myRole === 'judge';
  const linkId = useId();
  const isRecordingAgreed = debate.recordConsent.a && debate.recordConsent.b;
  const recording = useRoundRecorder(
    debate.id,
    rtc.localStream,
    isDebater && isLive && isRecordingAgreed && !isElsewhere,
  );
  const [isTakingBack, setIsTakingBack] = useState(false);
  // The videos the browser would not start with sound: one click starts them all (it counts for each play()).
  const [blocked, setBlocked] = useState<HTMLVideoElement[]>([]);
  const handleBlockedChange = useCallback((video: HTMLVideoElement, isBlocked: boolean) => {
    setBlocked((current) => {
      const others = current.filter((v) => v !== video);
      return isBlocked ? [...others, video] : others.length === current.length ? current : others;
    });
  }, []);

  function handlePlayAll() {
    for (const video of blocked) {
      video.play().then(
        () => handleBlockedChange(video, false),
        () => undefined,
      );
    }
  }

  async function handleTakeBack() {
    setIsTakingBack(true);
    try {
      await onTakeBack?.();
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setIsTakingBack(false);
    }
  }
  // Shown at once while the change is on its way (and put back if it fails).
  const [pendingConsent, setPendingConsent] = useState<boolean | null>(null);
  const [pendingWatch, setPendingWatch] = useState<boolean | null>(null);

  async function handleWatch(allow: boolean) {
    setPendingWatch(allow);
    try {
      onDebateChange(await setSpectatorWatch(debate.id, allow));
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setPendingWatch(null);
    }
  }

  async function handleConsent(agree: boolean) {
    setPendingConsent(agree);
    try {
      onDebateChange(await setRecordingConsent(debate.id, agree));
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setPendingConsent(null);
    }
  }
  const [link, setLink] = useState(debate.externalLink ?? '');

  const byUser = new Map(rtc.remotes.map((r) => [r.userId, r]));
  const people: { userId: string; label: string; caption: string; name: string }[] = [];
  for (const side of ['a', 'b'] as const) {
    const debater = debate.debaters[side];
    if (side === myRole) continue;
    const label = isDebater ? 'Your opponent' : `${format.sides[side]} camera`;
    people.push({
      userId: debater.userId,
      label,
      caption: `${format.sides[side]} · ${debater.displayName}`,
      name: debater.displayName,
    });
  }
  if (debate.judge && myRole !== 'judge') {
    people.push({
      userId: debate.judge.userId,
      label: 'Judge camera',
      caption: `Judge · ${debate.judge.displayName}`,
      name: debate.judge.displayName,
    });
  }
  // The call is up when this browser reaches both debaters (and, for a debater, the opponent).
  const essential = people.filter((p) => p.label !== 'Judge camera').map((p) => byUser.get(p.userId)?.state);
  const state = callState(essential, isDebater ? 'Waiting for your opponent' : 'Waiting for the debaters');
  const myName =
    [debate.debaters.a, debate.debaters.b, debate.judge].find((p) => p && p.userId === myUserId)?.displayName ?? 'You';
  const spectatorsSentTo = rtc.remotes.filter((r) => r.role === 'spectator').length;

  async function handleSaveLink(event: FormEvent) {
    event.preventDefault();
    try {
      onDebateChange(await setExternalLink(debate.id, link));
      toast.success(link ? 'Meeting link shared.' : 'Meeting link removed.');
    } catch (error) {
      toast.error(errorMessage(error));
    }
  }

  return (
    <section aria-labelledby="video-heading" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="video-heading" className="text-lg font-bold text-slate-900">
        Audio and video
      </h2>
      {hasMedia && isElsewhere ? (
        <div
          role="status"
          className="mt-2 flex flex-col items-start gap-3 rounded-xl bg-amber-50 p-3 text-sm text-amber-900 sm:flex-row sm:items-center"
          data-testid="opened-elsewhere"
        >
          <p className="min-w-0 flex-1">
            This round is open in another window — your camera, microphone and the call are there now.
          </p>
          <button
            type="button"
            className={buttonClass('primary')}
            onClick={() => void handleTakeBack()}
            disabled={isTakingBack}
          >
            Use it here instead
          </button>
        </div>
      ) : hasMedia && isWatchingBlocked ? (
        <p className="mt-1 text-sm text-slate-600" data-testid="media-note">
          {debate.minors.hasMinor
            ? 'A debater in this round is under 18: you follow the clock, the speeches and the ballot, and see and hear the debaters only when both let spectators watch.'
            : 'The debaters do not let spectators watch right now: you follow the clock, the speeches and the ballot.'}
        </p>
      ) : hasMedia && myRole && !(myRole === 'spectator' && rtc.isMediaFull) ? (
        <>
          <p className="mt-1 text-sm text-slate-600">
            Call: <span data-testid="rtc-state">{state}</span>
            {myRole === 'spectator' ? ' · you are watching: your camera and microphone stay off' : null}
            {sends && spectatorsSentTo > 0
              ? ` · ${spectatorsSentTo} ${spectatorsSentTo === 1 ? 'spectator watches' : 'spectators watch'}`
              : null}
          </p>
          {blocked.length > 0 ? (
            <button type="button" className={buttonClass('primary', 'mt-3')} onClick={handlePlayAll}>
              Play sound and video
            </button>
          ) : null}
          <div className="mt-3 grid gap-3 sm:grid-cols-2">
            {people.map((p) => (
              <StreamVideo
                key={p.userId}
                stream={byUser.get(p.userId)?.stream ?? null}
                isMuted={false}
                label={p.label}
                caption={p.caption}
                name={p.name}
                isCameraOn={rtc.cameraOf(p.userId)}
                onBlockedChange={handleBlockedChange}
              />
            ))}
            {sends ? (
              <StreamVideo stream={rtc.localStream} isMuted label="You" name={myName} isCameraOn={!rtc.isCameraOff} />
            ) : null}
          </div>
          {sends ? (
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
                onClick={() => void rtc.toggleCamera()}
                disabled={!rtc.hasCamera || rtc.isCameraBusy}
              >
                {rtc.isCameraOff ? (
                  <VideoOff className="h-4 w-4" aria-hidden="true" />
                ) : (
                  <Video className="h-4 w-4" aria-hidden="true" />
                )}
                {rtc.isCameraOff ? 'Camera on' : 'Camera off'}
              </button>
            </div>
          ) : null}
        </>
      ) : (
        <p className="mt-1 text-sm text-slate-600" data-testid="media-note">
          {!hasMedia
            ? 'The round is over.'
            : !myRole
              ? 'Sign in to watch and listen.'
              : `Audio and video are full: ${SPECTATOR_MEDIA_LIMIT} spectators already watch them. The clock and the chat still follow the round.`}
        </p>
      )}
      {meetingLink ? (
        <p className="mt-3 text-sm">
          Meeting link:{' '}
          <a
            href={meetingLink}
            target="_blank"
            rel="noopener noreferrer"
            className="font-semibold text-brand-700 underline"
          >
            Open the meeting
          </a>
        </p>
      ) : null}
      {isDebater && isLive && myRole ? (
        <div className="mt-3 text-sm text-slate-700">
          <label className="flex items-center gap-2">
            <input
              type="checkbox"
              checked={pendingConsent ?? debate.recordConsent[myRole as 'a' | 'b']}
              disabled={pendingConsent !== null}
              onChange={(e) => void handleConsent(e.target.checked)}
            />
            Record this round for the replay (both debaters must agree)
          </label>
          <p className="mt-1 text-xs text-slate-600" data-testid="recording-state">
            {recording.status === 'recording'
              ? 'Recording: your camera and microphone, uploaded as the round goes.'
              : recording.status === 'failed'
                ? `Recording stopped: ${recording.message}`
                : isRecordingAgreed
                  ? 'Both agreed: recording starts with your camera.'
                  : debate.recordConsent.a || debate.recordConsent.b
                    ? 'One debater agreed to record; waiting for the other.'
                    : 'Not recorded.'}
          </p>
        </div>
      ) : null}
      {isDebater && hasMedia && myRole ? (
        <div className="mt-3 text-sm text-slate-700">
          <label className="flex items-center gap-2">
            <input
              type="checkbox"
              checked={pendingWatch ?? debate.spectatorWatch[myRole as 'a' | 'b']}
              disabled={pendingWatch !== null}
              onChange={(e) => void handleWatch(e.target.checked)}
            />
            Let spectators see and hear us
          </label>
          <p className="mt-1 text-xs text-slate-600" data-testid="spectator-watch-state">
            {isWatchAllowed
              ? 'Spectators see and hear the round. Evidence has its own switch, under Evidence.'
              : debate.spectatorWatch.a || debate.spectatorWatch.b
                ? 'One debater lets spectators watch; waiting for the other. Spectators follow the clock only.'
                : 'Spectators follow the clock, the speeches and the ballot, without audio, video or evidence.'}
          </p>
        </div>
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
