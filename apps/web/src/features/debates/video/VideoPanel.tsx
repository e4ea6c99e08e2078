import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  isCallViaMediaServer,
  seatsOfDebate,
  SPECTATOR_MEDIA_LIMIT,
  type TDebate,
  type TDebateJoined,
  type TMediaRole,
  type TSfuGrant,
} from '@resolved/shared';
import { useWebRtc } from './useWebRtc';
import { useRoundRecorder } from './useRoundRecorder';
import { meetingLinkQuery } from '../debates-queries';
import { mediaRoleOf } from './call-people';
import { CallView } from './CallView';
import { CallElsewhere } from './CallElsewhere';
import { MeetingLinkForm } from './MeetingLinkForm';
import { RecordingConsent, SpectatorWatchChoice } from './RoundMediaChoices';
import { seatChoices } from '../room/round-seats';
import { meshVideoSendersOf } from './speaker-video';

/** The stream's camera alone (null without one): what is recorded while the debater's voice is for partners only. */
function videoOnly(stream: MediaStream): MediaStream | null {
  const tracks = stream.getVideoTracks();
  return tracks.length > 0 ? new MediaStream(tracks) : null;
}

/**
 * The round's audio and video: the debaters and the judge see and hear each other; spectators watch and listen
 * (up to SPECTATOR_MEDIA_LIMIT of them over the mesh, or through the media server when the page has a grant to it);
 * an external meeting link if the debaters prefer one.
 */
export function VideoPanel({
  debate,
  myRole,
  myUserId,
  iceServers,
  iceTransportPolicy = 'all',
  sfu = null,
  onDebateChange,
  isElsewhere = false,
  onTakeBack,
  huddle = null,
}: {
  debate: TDebate;
  /**
   * Prep time runs in a round with a team: the call is split into huddles. `audience`: who hears this person now
   * (a debater's partners), or null for someone heard by everyone (a judge). Null: no huddle.
   */
  huddle?: { audience: string[] | null } | null;
  /** This person opened the round in another window, which has the call now. */
  isElsewhere?: boolean;
  onTakeBack?: () => Promise<void>;
  myUserId: string | null;
  /** Null for someone not signed in. */
  myRole: TMediaRole | null;
  iceServers: TDebateJoined['iceServers'] | null;
  /** `relay`: the call goes only through the TURN server. */
  iceTransportPolicy?: TDebateJoined['iceTransportPolicy'];
  /** This person's grant to the round's media server, when the round's spectators watch through one. */
  sfu?: TSfuGrant | null;
  onDebateChange: (debate: TDebate) => void;
}) {
  const isLive = debate.status === 'live';
  const hasMedia = isLive || debate.status === 'awaiting_ballot';
  // The call (camera, microphone, connections, recording) runs in one window per person: the newest they opened.
  const hasCallHere = hasMedia && !isElsewhere;
  const isWatchAllowed = debate.spectatorWatch.isAllowed;
  // A spectator of a round with a minor has no call until both debaters let spectators watch; it starts (a hello)
  // when they do, and ends when one stops.
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
    roleOf: (userId) => mediaRoleOf(debate, userId),
    iceServers,
    iceTransportPolicy,
    isSpectatorWatchAllowed: isWatchAllowed,
    sfu,
    isCallViaServer: isCallViaMediaServer(seatsOfDebate(debate)),
    audioAudience: huddle?.audience ?? null,
    videoSenders: meshVideoSendersOf(debate),
  });
  const side = myRole === 'a' || myRole === 'b' ? myRole : null;
  const consent = seatChoices(debate, 'recordConsent', myUserId);
  const isRecordingAgreed = consent.agreed === consent.total;
  // In a prep huddle a debater's voice is for their partners only: the recording keeps the camera and leaves the
  // microphone out until prep ends (a new stream starts the next recording).
  const isHuddled = !!huddle?.audience;
  const localStream = rtc.localStream;
  const recordedStream = useMemo(
    () => (isHuddled && localStream ? videoOnly(localStream) : localStream),
    [isHuddled, localStream],
  );
  const recording = useRoundRecorder(debate.id, recordedStream, !!side && isLive && isRecordingAgreed && !isElsewhere);

  return (
    <section aria-labelledby="video-heading" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="video-heading" className="text-lg font-bold text-slate-900">
        Audio and video
      </h2>
      {hasMedia && isElsewhere ? (
        <CallElsewhere {...(onTakeBack ? { onTakeBack } : {})} />
      ) : hasMedia && isWatchingBlocked ? (
        <p className="mt-1 text-sm text-slate-600" data-testid="media-note">
          {debate.minors.hasMinor
            ? 'A debater in this round is under 18: you follow the clock, the speeches and the ballot, and see and hear the debaters only when both let spectators watch.'
            : 'The debaters do not let spectators watch right now: you follow the clock, the speeches and the ballot.'}
        </p>
      ) : hasMedia && rtc.watchRefusal ? (
        <p className="mt-1 text-sm text-slate-600" data-testid="media-note">
          {rtc.watchRefusal}
        </p>
      ) : hasMedia && myRole && !(myRole === 'spectator' && rtc.isMediaFull) ? (
        <>
          {huddle ? (
            <p
              className="mt-2 rounded-xl bg-brand-50 p-2 text-sm font-semibold text-brand-900"
              data-testid="huddle-note"
            >
              {huddle.audience
                ? 'Prep huddle: only your partner hears you'
                : 'Prep huddle: each team hears only itself until prep ends.'}
            </p>
          ) : null}
          <CallView debate={debate} myRole={myRole} myUserId={myUserId} rtc={rtc} />
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
      {side && isLive ? (
        <RecordingConsent
          debate={debate}
          side={side}
          myUserId={myUserId}
          recording={recording}
          onDebateChange={onDebateChange}
        />
      ) : null}
      {side && hasMedia ? (
        <SpectatorWatchChoice debate={debate} side={side} myUserId={myUserId} onDebateChange={onDebateChange} />
      ) : null}
      {side && isLive ? <MeetingLinkForm debate={debate} onDebateChange={onDebateChange} /> : null}
    </section>
  );
}
