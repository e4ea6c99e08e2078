import { useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  canDeleteRecordings,
  canSetReplayPrivacy,
  FORMATS,
  newerDebate,
  replaySegments,
  seatsOfDebate,
  segmentAt,
  type TReplay,
} from '@resolved/shared';
import { PageHeading } from '../../../shell/PageHeading';
import { PageLoading } from '../../../shell/PageLoading';
import { buttonClass } from '../../../ui/button-styles';
import { useDocumentTitle } from '../../../ui/useDocumentTitle';
import { useAuth } from '../../auth/useAuth';
import { ReportButton } from '../../moderation/ReportButton';
import { BallotView } from '../ballot/Ballot';
import { BlockRoundPeople } from '../../blocks/BlockRoundPeople';
import { RoundAwards } from '../ballot/RoundAwards';
import {
  deleteRecordings,
  getReplay,
  listRecordings,
  recordingMediaUrl,
  recordingsKey,
  replayKey,
  setReplayPrivacy,
} from '../debates-queries';
import { useSocketEvent } from '../../../lib/socket';
import { toast } from '../../../lib/toast';
import { errorMessage } from '../../../lib/form-errors';
import { EvidenceEntry } from '../room/EvidencePanel';
import { ProfileLink } from '../../users/ProfileLink';

const mmss = (ms: number) => {
  const seconds = Math.max(0, Math.round(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
};

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
  const segments = replaySegments(debate.formatId, replay.events, debate.endedAt);
  const startMs = segments[0]?.startMs ?? Date.parse(debate.createdAt);
  const endMs = Math.max(startMs, debate.endedAt ? Date.parse(debate.endedAt) : (segments.at(-1)?.endMs ?? startMs));
  const span = Math.max(1, endMs - startMs);
  const [at, setAtState] = useState(endMs);
  // The shared rule the server enforces: the debaters delete the recordings; the judge only watches them.
  const canDelete = canDeleteRecordings(user, seatsOfDebate(debate));
  const queryClient = useQueryClient();
  const recordings = useQuery({
    queryKey: recordingsKey(debate.id),
    queryFn: () => listRecordings(debate.id),
    enabled: replay.flow !== null,
  });
  // A debater deleted them (here or in another tab or browser): the list follows at once.
  useSocketEvent('debate.recordings_deleted', ({ debateId }) => {
    if (debateId === debate.id) void queryClient.invalidateQueries({ queryKey: recordingsKey(debate.id) });
  });
  const removeRecordings = useMutation({
    mutationFn: () => deleteRecordings(debate.id),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: recordingsKey(debate.id) });
      toast.success('The round’s recordings were deleted.');
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
  const canSetPrivacy = canSetReplayPrivacy(user, seatsOfDebate(debate));
  // The box shows the person's choice from the click on (set in the click's own render, so the controlled input never
  // flips back while the mutation's pending state is still on its way), until the server has answered.
  const [privacyAsked, setPrivacyAsked] = useState<boolean | null>(null);
  const privacy = useMutation({
    mutationFn: (isPrivate: boolean) => setReplayPrivacy(debate.id, isPrivate),
    onSettled: () => setPrivacyAsked(null),
    onSuccess: ({ debate: next }) => {
      queryClient.setQueryData<TReplay>(replayKey(debate.id), (old) =>
        old ? { ...old, debate: newerDebate(old.debate, next) } : old,
      );
      toast.success(
        next.isReplayPrivate ? 'Only this round’s people see its replay now.' : 'The replay is public again.',
      );
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
  const videos = useRef(new Map<number, { element: HTMLVideoElement; startedAt: number }>());
  /** Moves the timeline, and every recording to the same moment. */
  function setAt(next: number) {
    setAtState(next);
    for (const { element, startedAt } of videos.current.values()) {
      const seconds = (next - startedAt) / 1000;
      if (seconds >= 0 && Number.isFinite(seconds)) element.currentTime = seconds;
    }
  }
  const now = segmentAt(segments, at);
  const messages = replay.messages.filter((m) => Date.parse(m.createdAt) <= at);
  const evidence = replay.evidence?.filter((e) => Date.parse(e.createdAt) <= at) ?? null;
  const pois = debate.pois.filter((p) => Date.parse(p.offeredAt) <= at);

  return (
    <>
      <PageHeading title={`Replay: ${format.name} debate`} lead={debate.resolution} />
      <p className="mb-4 text-sm text-slate-700">
        <ProfileLink userId={debate.debaters.a.userId}>{debate.debaters.a.displayName}</ProfileLink> ({format.sides.a})
        vs <ProfileLink userId={debate.debaters.b.userId}>{debate.debaters.b.displayName}</ProfileLink> (
        {format.sides.b})
        {debate.judge ? (
          <>
            {' '}
            · judged by <ProfileLink userId={debate.judge.userId}>{debate.judge.displayName}</ProfileLink>
          </>
        ) : null}{' '}
        ·{' '}
        <Link to={`/debates/${debate.id}`} className="text-brand-700 underline">
          The round’s page
        </Link>
      </p>
      <div className="-mt-2 mb-4 flex flex-wrap items-center gap-2">
        <BlockRoundPeople people={[debate.debaters.a, debate.debaters.b, debate.judge]} viewerId={user?.id} />
        {/* The round's people (debaters and judge) may report the others in it from here. */}
        {[debate.debaters.a, debate.debaters.b, ...(debate.judge ? [debate.judge] : [])]
          .filter((p) => user && p.userId !== user.id)
          .map((p) => (
            <ReportButton
              key={p.userId}
              target="round"
              targetId={debate.id}
              userId={p.userId}
              displayName={p.displayName}
              isCompact
            />
          ))}
      </div>
      {canSetPrivacy ? (
        <label className="mb-4 flex items-start gap-2 text-sm text-slate-700">
          <input
            type="checkbox"
            className="mt-0.5 h-4 w-4"
            checked={privacyAsked ?? debate.isReplayPrivate}
            disabled={privacyAsked !== null}
            onChange={(event) => {
              setPrivacyAsked(event.target.checked);
              privacy.mutate(event.target.checked);
            }}
          />
          <span>
            Keep this replay private: only the debaters and the judge
            {debate.team ? ', and the team,' : ''} see it.
          </span>
        </label>
      ) : null}
      <section
        aria-labelledby="timeline-heading"
        className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
      >
        <h2 id="timeline-heading" className="text-lg font-bold text-slate-900">
          Timeline
        </h2>
        <div
          className="relative mt-3 h-10 w-full overflow-hidden rounded-lg bg-slate-100"
          data-testid="replay-timeline"
        >
          {segments.map((segment, i) => (
            <button
              key={i}
              type="button"
              title={segment.kind === 'speech' ? format.speeches[segment.speechIndex]?.name : 'Prep time'}
              onClick={() => setAt(segment.startMs)}
              className={`absolute top-0 h-full truncate border-r border-white px-1 text-xs font-semibold ${
                segment.kind === 'speech' ? 'bg-brand-600 text-white' : 'bg-amber-300 text-amber-950'
              }`}
              style={{
                left: `${((segment.startMs - startMs) / span) * 100}%`,
                width: `${Math.max(0.5, ((segment.endMs - segment.startMs) / span) * 100)}%`,
              }}
              data-testid="replay-segment"
            >
              {segment.label}
            </button>
          ))}
        </div>
        <input
          type="range"
          aria-label="Moment of the round"
          min={startMs}
          max={endMs}
          step={1000}
          value={at}
          onChange={(e) => setAt(Number(e.target.value))}
          className="mt-3 w-full"
        />
        <p className="mt-1 text-sm text-slate-700" data-testid="replay-now">
          {mmss(at - startMs)} into the round:{' '}
          {now
            ? now.kind === 'speech'
              ? `${format.speeches[now.speechIndex]?.name ?? 'a speech'} (${mmss(at - now.startMs)} in)`
              : 'prep time'
            : at >= endMs
              ? 'the round is over'
              : 'between speeches'}
        </p>
        {pois.length > 0 ? (
          <p className="mt-1 text-xs text-slate-600">
            Points of information so far: {pois.filter((p) => p.kind === 'poi').length} offered,{' '}
            {pois.filter((p) => p.status === 'accepted').length} accepted
          </p>
        ) : null}
      </section>

      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <section aria-labelledby="replay-chat" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
          <h2 id="replay-chat" className="text-lg font-bold text-slate-900">
            Round chat
          </h2>
          <ul className="mt-2 space-y-1 text-sm" data-testid="replay-chat">
            {messages.length === 0 ? <li className="text-slate-500">Nothing said yet at this moment.</li> : null}
            {messages.map((m) => (
              <li key={m.id}>
                <span className="font-semibold">{m.displayName}:</span> <span className="break-words">{m.text}</span>
              </li>
            ))}
          </ul>
        </section>
        <section
          aria-labelledby="replay-evidence"
          className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
        >
          <h2 id="replay-evidence" className="text-lg font-bold text-slate-900">
            Evidence
          </h2>
          {evidence === null ? (
            <p className="mt-2 text-sm text-slate-600">The debaters kept this round’s evidence to the round.</p>
          ) : (
            <ul className="mt-2 space-y-1 text-sm" data-testid="replay-evidence">
              {evidence.length === 0 ? <li className="text-slate-500">Nothing shared yet at this moment.</li> : null}
              {evidence.map((e) => (
                <li key={e.id} className="break-words">
                  <EvidenceEntry debateId={debate.id} item={e} />
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>

      {recordings.data && recordings.data.length > 0 ? (
        <section
          aria-labelledby="replay-recordings"
          className="mt-6 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
        >
          <h2 id="replay-recordings" className="text-lg font-bold text-slate-900">
            Recordings
          </h2>
          <p className="mt-1 text-xs text-slate-600">
            Playing one moves the timeline with it; moving the timeline moves them. Kept for a limited time.
          </p>
          <div className="mt-3 grid gap-3 sm:grid-cols-2">
            {recordings.data.map((r) => (
              <figure key={r.id}>
                <video
                  ref={(element) => {
                    if (element) videos.current.set(r.id, { element, startedAt: Date.parse(r.startedAt) });
                    else videos.current.delete(r.id);
                  }}
                  src={recordingMediaUrl(debate.id, r.id)}
                  controls
                  playsInline
                  preload="metadata"
                  aria-label={`Recording: ${r.displayName}`}
                  className="aspect-video w-full rounded-xl bg-slate-800"
                  data-testid="replay-recording"
                  onTimeUpdate={(e) => {
                    if (!e.currentTarget.paused) {
                      setAtState(Math.min(endMs, Date.parse(r.startedAt) + e.currentTarget.currentTime * 1000));
                    }
                  }}
                />
                <figcaption className="mt-1 text-xs text-slate-600">{r.displayName}</figcaption>
              </figure>
            ))}
          </div>
          {canDelete ? (
            <button
              type="button"
              className={buttonClass('danger', 'mt-3')}
              disabled={removeRecordings.isPending}
              onClick={() => {
                if (window.confirm('Delete this round’s recordings, yours and your opponent’s?'))
                  removeRecordings.mutate();
              }}
            >
              Delete the recordings
            </button>
          ) : null}
        </section>
      ) : null}

      <div className="mt-6 space-y-6">
        {debate.ballot ? <BallotView debate={debate} viewerId={user?.id} /> : null}
        <RoundAwards debate={debate} viewerId={user?.id} />
        {replay.flow ? (
          <section aria-labelledby="replay-flow" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
            <h2 id="replay-flow" className="text-lg font-bold text-slate-900">
              Your flow
            </h2>
            <div className="mt-2 flex gap-2 overflow-x-auto" data-testid="replay-flow">
              {format.speeches.map((speech, c) => (
                <div key={speech.id} className="w-40 shrink-0">
                  <p className="text-xs font-bold uppercase text-brand-800" title={speech.name}>
                    {speech.short}
                  </p>
                  <ul className="mt-1 space-y-1 text-xs text-slate-800">
                    {(replay.flow!.columns[c] ?? [])
                      .filter((cell) => cell.text.trim() !== '')
                      .map((cell, r) => (
                        <li key={r} className="whitespace-pre-wrap break-words rounded bg-slate-50 p-1">
                          {cell.isExtension ? '→ ' : ''}
                          {cell.text}
                        </li>
                      ))}
                  </ul>
                </div>
              ))}
            </div>
          </section>
        ) : null}
      </div>
    </>
  );
}
