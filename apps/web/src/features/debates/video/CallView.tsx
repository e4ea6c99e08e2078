import { Mic, MicOff, Video, VideoOff } from 'lucide-react';
import type { TDebate, TMediaRole } from '@resolved/shared';
import { buttonClass } from '../../../ui/button-styles';
import { callPeople, shownCallState } from './call-people';
import { StreamVideo } from './StreamVideo';
import { useBlockedVideos } from './useBlockedVideos';
import { useCallQuality } from './useCallQuality';
import { qualityOf } from './quality-sampler';
import type { useWebRtc } from './useWebRtc';
import { seatsOfRound } from '../room/round-seats';
import { audioOnlyOf, shownQuality } from './speaker-video';

/** The call itself: how it stands, everyone's video, and a sender's microphone and camera buttons. */
export function CallView({
  debate,
  myRole,
  myUserId,
  rtc,
}: {
  debate: TDebate;
  myRole: TMediaRole;
  myUserId: string | null;
  rtc: ReturnType<typeof useWebRtc>;
}) {
  const isDebater = myRole === 'a' || myRole === 'b';
  const sends = isDebater || myRole === 'judge';
  const { hasBlocked, handleBlockedChange, handlePlayAll } = useBlockedVideos();
  const byUser = new Map(rtc.remotes.map((r) => [r.userId, r]));
  const people = callPeople(debate, myRole, myUserId);
  const quality = useCallQuality(
    rtc.connectionOf,
    people.map((p) => p.userId),
  );
  // The call is up when this browser reaches every debater of the round (for a debater: every other one).
  const debaterIds = new Set(seatsOfRound(debate).map((seat) => seat.userId));
  const state = shownCallState(people, debaterIds, (userId) => byUser.get(userId)?.state, myRole);
  const myName =
    [...seatsOfRound(debate), debate.judge, ...(debate.panel?.judges ?? [])].find((p) => p && p.userId === myUserId)
      ?.displayName ?? 'You';
  const spectatorsSentTo = rtc.remotes.filter((r) => r.role === 'spectator').length;
  // A call of nine or more on the mesh: only the speaker's video goes out; everyone else's tile says so.
  const senders = rtc.videoSenders;

  return (
    <>
      <p className="mt-1 text-sm text-slate-600">
        Call: <span data-testid="rtc-state">{state}</span>
        {myRole === 'spectator' ? ' · you are watching: your camera and microphone stay off' : null}
        {sends && spectatorsSentTo > 0
          ? ` · ${spectatorsSentTo} ${spectatorsSentTo === 1 ? 'spectator watches' : 'spectators watch'}`
          : null}
      </p>
      {senders ? (
        <p className="mt-1 text-sm text-slate-600" data-testid="speaker-video-note">
          A call of nine or more: everyone is heard, and only the speaker is seen.
        </p>
      ) : null}
      {hasBlocked ? (
        <button type="button" className={buttonClass('primary', 'mt-3')} onClick={handlePlayAll}>
          Play sound and video
        </button>
      ) : null}
      <div className="mt-3 grid gap-3 sm:grid-cols-2">
        {people.map((p) => {
          const audioOnly = audioOnlyOf(debate, senders, p.userId);
          return (
            <StreamVideo
              key={p.userId}
              stream={byUser.get(p.userId)?.stream ?? null}
              isMuted={false}
              label={p.label}
              caption={p.caption}
              name={p.name}
              isCameraOn={rtc.cameraOf(p.userId)}
              audioOnly={audioOnly}
              quality={shownQuality(qualityOf(quality, p.userId), audioOnly)}
              onBlockedChange={handleBlockedChange}
            />
          );
        })}
        {sends ? (
          <StreamVideo
            stream={rtc.localStream}
            isMuted
            label="You"
            caption={audioOnlyOf(debate, senders, myUserId) ? 'You · audio only now' : 'You'}
            name={myName}
            isCameraOn={!rtc.isCameraOff}
          />
        ) : null}
      </div>
      {sends ? <CallButtons rtc={rtc} /> : null}
    </>
  );
}

function CallButtons({ rtc }: { rtc: ReturnType<typeof useWebRtc> }) {
  return (
    <div className="mt-3 flex flex-wrap gap-2">
      <button type="button" className={buttonClass('secondary')} onClick={rtc.toggleMute} disabled={!rtc.hasMicrophone}>
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
  );
}
