import { useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { FORMATS, RATING_DEFAULTS, type TNotCounted } from '@resolved/shared';
import { chartColumns, chartRounds, roundText, type TRatingHistory } from './rating-chart-data';
import { HEIGHT } from './rating-plot-options';
import { useRatingPlot } from './useRatingPlot';
import { RatingLegend, RatingTable, RatingTooltip } from './RatingChartParts';
import { emptyRatingChartText } from './rating-words';

/**
 * A debater's rating after each judged round, one line per format (uPlot, on a canvas): dates along the bottom,
 * ratings up the side, the starting 1500 dashed. Hovering or tapping near a round, or focusing the chart and moving
 * with the arrow keys, shows the round's date, rating and change, and result. The same rounds are in a table that only
 * screen readers read (the canvas itself is hidden from them), shown to everyone if the chart cannot load. Before the
 * first rated round it says so, and why the judged rounds so far (`uncounted`, newest first) moved no rating.
 */
export function RatingChart({
  history,
  uncounted = [],
}: {
  history: TRatingHistory;
  uncounted?: readonly TNotCounted[];
}) {
  const rounds = useMemo(() => chartRounds(history), [history]);
  const columns = useMemo(() => chartColumns(rounds), [rounds]);
  const { plotRef, chartRef, tooltip, loadState } = useRatingPlot(rounds, columns);
  const [announcement, setAnnouncement] = useState('');
  const keyIndexRef = useRef<number | null>(null);

  if (rounds.length === 0) {
    return (
      <p className="text-sm text-slate-600" data-testid="rating-chart-empty">
        {emptyRatingChartText(uncounted)}
      </p>
    );
  }

  /** Moves the chart's cursor to the rounds at `idx`, as the mouse would, and says them for screen readers. */
  function showIndex(idx: number) {
    const chart = chartRef.current;
    if (!chart) return;
    keyIndexRef.current = idx;
    const here = columns.roundsAt[idx] ?? [];
    chart.setCursor({
      left: chart.valToPos(columns.xs[idx]!, 'x'),
      top: chart.valToPos(here[0]?.rating ?? RATING_DEFAULTS.rating, 'y'),
    });
    setAnnouncement(here.map(roundText).join('; '));
  }

  function handleKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape') {
      chartRef.current?.setCursor({ left: -10, top: -10 });
      return;
    }
    const last = columns.xs.length - 1;
    const current = keyIndexRef.current ?? last;
    const next =
      event.key === 'ArrowLeft' || event.key === 'ArrowDown'
        ? Math.max(0, current - 1)
        : event.key === 'ArrowRight' || event.key === 'ArrowUp'
          ? Math.min(last, current + 1)
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    showIndex(next);
  }

  function handleBlur() {
    keyIndexRef.current = null;
    chartRef.current?.setCursor({ left: -10, top: -10 });
    setAnnouncement('');
  }

  const summary = columns.series
    .map(({ formatId }) => {
      const inFormat = rounds.filter((r) => r.formatId === formatId);
      return `${FORMATS[formatId].name}: ${inFormat.map((r) => r.rating).join(' → ')}`;
    })
    .join('; ');
  const isFailed = loadState === 'failed';

  return (
    <figure className="min-w-0" data-testid="rating-figure">
      {isFailed ? null : (
        <div
          className="relative rounded-lg outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2"
          tabIndex={0}
          role="group"
          aria-roledescription="chart"
          aria-label={`Rating over time. ${summary}. Use the arrow keys to read each round.`}
          data-testid="rating-chart"
          onKeyDown={handleKeyDown}
          onFocus={() => showIndex(keyIndexRef.current ?? columns.xs.length - 1)}
          onBlur={handleBlur}
        >
          <div ref={plotRef} aria-hidden="true" className="w-full" style={{ minHeight: HEIGHT }} />
          {loadState === 'loading' ? (
            <p className="absolute inset-0 flex items-center justify-center text-sm text-slate-500">
              Loading the chart…
            </p>
          ) : null}
          {tooltip ? <RatingTooltip tooltip={tooltip} /> : null}
          <p className="sr-only" aria-live="polite">
            {announcement}
          </p>
        </div>
      )}
      <RatingLegend rounds={rounds} columns={columns} />
      {isFailed ? (
        <p className="mt-2 text-sm text-slate-600">The chart could not be loaded; here are the rounds.</p>
      ) : null}
      <RatingTable rounds={rounds} isShown={isFailed} />
    </figure>
  );
}
