import { segmentAt, speechesOf, type TDebate, type TReplaySegment } from '@resolved/shared';

const mmss = (ms: number) => {
  const seconds = Math.max(0, Math.round(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
};

/** The round's speeches and prep on a line to click or scrub, and what was happening at the chosen moment. */
export function ReplayTimeline({
  debate,
  segments,
  startMs,
  endMs,
  at,
  onSeek,
}: {
  debate: TDebate;
  segments: TReplaySegment[];
  startMs: number;
  endMs: number;
  at: number;
  onSeek: (at: number) => void;
}) {
  const speeches = speechesOf(debate.formatId, debate.clock.firstSide);
  const span = Math.max(1, endMs - startMs);
  const now = segmentAt(segments, at);
  const pois = debate.pois.filter((p) => Date.parse(p.offeredAt) <= at);
  return (
    <section aria-labelledby="timeline-heading" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="timeline-heading" className="text-lg font-bold text-slate-900">
        Timeline
      </h2>
      <div className="relative mt-3 h-10 w-full overflow-hidden rounded-lg bg-slate-100" data-testid="replay-timeline">
        {segments.map((segment, i) => (
          <button
            key={i}
            type="button"
            title={segment.kind === 'speech' ? speeches[segment.speechIndex]?.name : 'Prep time'}
            onClick={() => onSeek(segment.startMs)}
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
        onChange={(e) => onSeek(Number(e.target.value))}
        className="mt-3 w-full"
      />
      <p className="mt-1 text-sm text-slate-700" data-testid="replay-now">
        {mmss(at - startMs)} into the round:{' '}
        {now
          ? now.kind === 'speech'
            ? `${speeches[now.speechIndex]?.name ?? 'a speech'} (${mmss(at - now.startMs)} in)`
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
  );
}
