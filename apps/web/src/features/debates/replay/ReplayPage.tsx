import { useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import {
  canDeleteRecordings,
  canSetReplayPrivacy,
  FORMATS,
  newerDebate,
  replaySegments,
  seatsOfDebate,
  type TReplay,
} from '@resolved/shared';
import { PageHeading } from '../../../shell/PageHeading';
import { PageLoading } from '../../../shell/PageLoading';
import { buttonClass } from '../../../ui/button-styles';
import { useDocumentTitle } from '../../../ui/useDocumentTitle';
import { useAuth } from '../../auth/useAuth';
import { BallotView } from '../ballot/Ballot';
import { RoundAwards } from '../ballot/RoundAwards';
import { getReplay, replayKey } from '../debates-queries';
import { errorMessage } from '../../../lib/form-errors';
import { ReplayPeople, ReplayPrivacy } from './ReplayHeader';
import { ReplayTimeline } from './ReplayTimeline';
import { ReplayMoment } from './ReplayMoment';
import { ReplayRecordings, type TReplayVideo } from './ReplayRecordings';
import { ReplayFlow } from './ReplayFlow';

/** The replay as fetched, with the newer of the two snapshots of its round (by the round's revision). */
function keepNewerRound(old: TReplay | undefined, next: TReplay): TReplay {
  return old ? { ...next, debate: newerDebate(old.debate, next.debate) } : next;
}

/** The replay of a finished round: the speech timeline to scrub, and what was said and shared up to that moment. */
export default function ReplayPage() {
  const params = useParams();
  const debateId = Number(params.id);
  useDocumentTitle('Replay');
  const replay = useQuery({
    queryKey: replayKey(debateId),
    queryFn: () => getReplay(debateId),
    retry: false,
    // A refetch that left before a change and answers after it must not undo it: the newer round wins.
    structuralSharing: (old, next) => keepNewerRound(old as TReplay | undefined, next as TReplay),
  });
  if (replay.isError) {
    return (
      <>
        <PageHeading title="Replay" />
        <p role="alert" className="rounded-xl border border-rose-200 bg-rose-50 p-4 text-rose-800">
          {errorMessage(replay.error)}
        </p>
        <Link to={`/debates/${debateId}`} className={buttonClass('secondary', 'mt-4')}>
          Back to the round
        </Link>
      </>
    );
  }
  if (!replay.data) return <PageLoading label="Loading the replay…" />;
  return <Replay replay={replay.data} />;
}

function Replay({ replay }: { replay: TReplay }) {
  const { user } = useAuth();
  const { debate } = replay;
  const format = FORMATS[debate.formatId];
  const segments = replaySegments(debate.formatId, debate.clock.firstSide, replay.events, debate.endedAt);
  const startMs = segments[0]?.startMs ?? Date.parse(debate.createdAt);
  const endMs = Math.max(startMs, debate.endedAt ? Date.parse(debate.endedAt) : (segments.at(-1)?.endMs ?? startMs));
  const [at, setAtState] = useState(endMs);
  const seats = seatsOfDebate(debate);
  const videos = useRef(new Map<number, TReplayVideo>());
  /** Moves the timeline, and every recording to the same moment. */
  function setAt(next: number) {
    setAtState(next);
    for (const { element, startedAt } of videos.current.values()) {
      const seconds = (next - startedAt) / 1000;
      if (seconds >= 0 && Number.isFinite(seconds)) element.currentTime = seconds;
    }
  }
  function handleVideo(recordingId: number, video: TReplayVideo | null) {
    if (video) videos.current.set(recordingId, video);
    else videos.current.delete(recordingId);
  }

  return (
    <>
      <PageHeading title={`Replay: ${format.name} debate`} lead={debate.resolution} />
      <ReplayPeople debate={debate} viewerId={user?.id} />
      {canSetReplayPrivacy(user, seats) ? <ReplayPrivacy debate={debate} /> : null}
      <ReplayTimeline debate={debate} segments={segments} startMs={startMs} endMs={endMs} at={at} onSeek={setAt} />
      <ReplayMoment replay={replay} at={at} />
      <ReplayRecordings
        debate={debate}
        canDelete={canDeleteRecordings(user, seats)}
        isEnabled={replay.flow !== null}
        endMs={endMs}
        onVideo={handleVideo}
        onPlayedTo={setAtState}
      />
      <div className="mt-6 space-y-6">
        {debate.ballot ? <BallotView debate={debate} viewerId={user?.id} /> : null}
        <RoundAwards debate={debate} viewerId={user?.id} />
        {replay.flow ? <ReplayFlow debate={debate} flow={replay.flow} /> : null}
      </div>
    </>
  );
}
