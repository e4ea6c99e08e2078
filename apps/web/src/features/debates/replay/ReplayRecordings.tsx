import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TDebate } from '@resolved/shared';
import { buttonClass } from '../../../ui/button-styles';
import { useSocketEvent } from '../../../lib/socket';
import { toast } from '../../../lib/toast';
import { errorMessage } from '../../../lib/form-errors';
import { deleteRecordings, listRecordings, recordingMediaUrl, recordingsKey } from '../debates-queries';

/** A recording's video, with the moment of the round its first frame shows. */
export interface TReplayVideo {
  element: HTMLVideoElement;
  startedAt: number;
}

/**
 * The round's recordings, played in step with the timeline: `onVideo` registers each video (null when it goes) so
 * that moving the timeline moves them, and `onPlayedTo` moves the timeline as one plays.
 */
export function ReplayRecordings({
  debate,
  canDelete,
  isEnabled,
  endMs,
  onVideo,
  onPlayedTo,
}: {
  debate: TDebate;
  /** The viewer may delete them (the debaters; the judge only watches them). */
  canDelete: boolean;
  /** The viewer sat in the round (only they may see its recordings). */
  isEnabled: boolean;
  endMs: number;
  onVideo: (recordingId: number, video: TReplayVideo | null) => void;
  onPlayedTo: (at: number) => void;
}) {
  const queryClient = useQueryClient();
  const recordings = useQuery({
    queryKey: recordingsKey(debate.id),
    queryFn: () => listRecordings(debate.id),
    enabled: isEnabled,
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
  if (!recordings.data || recordings.data.length === 0) return null;

  return (
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
              ref={(element) => onVideo(r.id, element ? { element, startedAt: Date.parse(r.startedAt) } : null)}
              src={recordingMediaUrl(debate.id, r.id)}
              controls
              playsInline
              preload="metadata"
              aria-label={`Recording: ${r.displayName}`}
              className="aspect-video w-full rounded-xl bg-slate-800"
              data-testid="replay-recording"
              onTimeUpdate={(e) => {
                if (!e.currentTarget.paused) {
                  onPlayedTo(Math.min(endMs, Date.parse(r.startedAt) + e.currentTarget.currentTime * 1000));
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
            if (window.confirm('Delete this round’s recordings, yours and your opponent’s?')) removeRecordings.mutate();
          }}
        >
          Delete the recordings
        </button>
      ) : null}
    </section>
  );
}
