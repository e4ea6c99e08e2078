import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type uPlot from 'uplot';
import { FORMATS, RATING_DEFAULTS } from '@resolved/shared';
import {
  chartColumns,
  chartRounds,
  ratingRange,
  resultText,
  roundDateText,
  roundText,
  timeRange,
  changeText,
  type TChartRound,
  type TRatingHistory,
} from './rating-chart-data';

const COLOURS = ['#4338ca', '#0f766e', '#b45309'];
const HEIGHT = 220;

/** uPlot and its stylesheet, fetched the first time a chart is drawn: neither is in any page's own chunk. */
let uPlotModule: Promise<typeof uPlot> | undefined;
function loadUPlot(): Promise<typeof uPlot> {
  uPlotModule ??= Promise.all([import('uplot'), import('uplot/dist/uPlot.min.css')]).then(([m]) => m.default);
  // A failed load (offline for a moment) may be tried again on the next chart.
  uPlotModule.catch(() => (uPlotModule = undefined));
  return uPlotModule;
}

interface TTooltip {
  rounds: TChartRound[];
  left: number;
  top: number;
}

/**
 * A debater's rating after each judged round, one line per format (uPlot, on a canvas): dates along the bottom,
 * ratings up the side, the starting 1500 dashed. Hovering or tapping near a round, or focusing the chart and moving
 * with the arrow keys, shows the round's date, rating and change, and result. The same rounds are in a table that only
 * screen readers read (the canvas itself is hidden from them), shown to everyone if the chart cannot load.
 */
export function RatingChart({ history }: { history: TRatingHistory }) {
  const rounds = useMemo(() => chartRounds(history), [history]);
  const columns = useMemo(() => chartColumns(rounds), [rounds]);
  const plotRef = useRef<HTMLDivElement>(null);
  const chartRef = useRef<uPlot | null>(null);
  const [tooltip, setTooltip] = useState<TTooltip | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [loadState, setLoadState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const keyIndexRef = useRef<number | null>(null);

  useEffect(() => {
    const element = plotRef.current;
    if (!element || columns.xs.length === 0) return;
    let isCancelled = false;
    let observer: ResizeObserver | undefined;
    loadUPlot()
      .then((UPlot) => {
        if (isCancelled) return;
        const width = Math.max(200, element.clientWidth);
        const [yMin, yMax] = ratingRange(rounds);
        const [xMin, xMax] = timeRange(columns.xs);
        const axis = {
          stroke: '#334155',
          font: '12px system-ui, sans-serif',
          labelFont: '600 12px system-ui, sans-serif',
          grid: { stroke: '#e2e8f0', width: 1 },
          ticks: { stroke: '#cbd5e1', width: 1 },
        };
        const options: uPlot.Options = {
          width,
          height: HEIGHT,
          legend: { show: false },
          padding: [12, 12, 0, 0],
          scales: {
            x: { time: true, range: () => [xMin, xMax] },
            y: { range: () => [yMin, yMax] },
          },
          axes: [
            { ...axis, space: 70 },
            { ...axis, label: 'Rating', size: 56, labelSize: 18, space: 30 },
          ],
          series: [
            {},
            ...columns.series.map(({ formatId }, i) => ({
              label: FORMATS[formatId].name,
              stroke: COLOURS[i % COLOURS.length],
              width: 2.5,
              spanGaps: true,
              points: { show: true, size: 7, fill: '#ffffff', width: 2 },
            })),
          ],
          cursor: {
            drag: { x: false, y: false, setScale: false },
            y: false,
            points: { size: 11, width: 2 },
          },
          hooks: {
            // The starting rating, dashed, under the lines.
            drawAxes: [
              (u) => {
                const { ctx, bbox } = u;
                const y = u.valToPos(RATING_DEFAULTS.rating, 'y', true);
                ctx.save();
                ctx.strokeStyle = '#94a3b8';
                ctx.setLineDash([6, 6]);
                ctx.lineWidth = 1;
                ctx.beginPath();
                ctx.moveTo(bbox.left, y);
                ctx.lineTo(bbox.left + bbox.width, y);
                ctx.stroke();
                ctx.restore();
              },
            ],
            // A new width moves every point: the tooltip goes until the cursor moves again.
            setSize: [() => setTooltip(null)],
            setCursor: [
              (u) => {
                const idx = u.cursor.idx;
                if (idx === null || idx === undefined || u.cursor.left === undefined || u.cursor.left < 0) {
                  setTooltip(null);
                  return;
                }
                const here = columns.roundsAt[idx] ?? [];
                const top = Math.min(...here.map((r) => u.valToPos(r.rating, 'y')));
                setTooltip({
                  rounds: here,
                  left: clampLeft(u.over.offsetLeft + u.valToPos(columns.xs[idx]!, 'x'), u.width),
                  top: u.over.offsetTop + top,
                });
              },
            ],
          },
        };
        const data: uPlot.AlignedData = [columns.xs, ...columns.series.map((s) => s.values)];
        chartRef.current = new UPlot(options, data, element);
        observer = new ResizeObserver(() => {
          const next = Math.max(200, element.clientWidth);
          if (chartRef.current && chartRef.current.width !== next) {
            chartRef.current.setSize({ width: next, height: HEIGHT });
          }
        });
        observer.observe(element);
        setLoadState('ready');
      })
      .catch((error: unknown) => {
        if (isCancelled) return;
        console.warn('The rating chart could not be loaded', error);
        setLoadState('failed');
      });
    return () => {
      isCancelled = true;
      observer?.disconnect();
      chartRef.current?.destroy();
      chartRef.current = null;
      setTooltip(null);
    };
  }, [columns, rounds]);

  if (rounds.length === 0) {
    return <p className="text-sm text-slate-600">The rating chart starts after the first judged round.</p>;
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
          {tooltip ? (
            <div
              aria-hidden="true"
              className="pointer-events-none absolute z-10 w-max max-w-56 -translate-x-1/2 -translate-y-full rounded-lg border border-slate-200 bg-white px-3 py-2 text-xs text-slate-800 shadow-lg"
              style={{ left: tooltip.left, top: tooltip.top - 10 }}
              data-testid="rating-tooltip"
            >
              <p className="font-semibold">{roundDateText(tooltip.rounds[0]!.atMs)}</p>
              {tooltip.rounds.map((round) => (
                <p key={round.formatId}>
                  {FORMATS[round.formatId].name}: <span className="font-semibold tabular-nums">{round.rating}</span> (
                  {changeText(round.change)}) ·{' '}
                  <span
                    className={
                      round.result === 'win'
                        ? 'font-semibold text-emerald-700'
                        : round.result === 'loss'
                          ? 'font-semibold text-rose-700'
                          : ''
                    }
                  >
                    {resultText(round.result)}
                  </span>
                </p>
              ))}
            </div>
          ) : null}
          <p className="sr-only" aria-live="polite">
            {announcement}
          </p>
        </div>
      )}
      <figcaption className="mt-1 flex flex-wrap gap-3 text-xs text-slate-600">
        {columns.series.map(({ formatId }, i) => (
          <span key={formatId} className="inline-flex items-center gap-1">
            <span
              className="inline-block h-2 w-4 rounded"
              style={{ background: COLOURS[i % COLOURS.length] }}
              aria-hidden="true"
            />
            {FORMATS[formatId].name} {rounds.filter((r) => r.formatId === formatId).at(-1)?.rating}
          </span>
        ))}
        <span className="inline-flex items-center gap-1">
          <span className="inline-block w-4 border-t-2 border-dashed border-slate-400" aria-hidden="true" />
          Starting rating {RATING_DEFAULTS.rating}
        </span>
      </figcaption>
      {isFailed ? (
        <p className="mt-2 text-sm text-slate-600">The chart could not be loaded; here are the rounds.</p>
      ) : null}
      {/* Inside a box, not on the table: a table ignores the 1 px width and would widen a phone's page. */}
      <div className={isFailed ? 'mt-2 overflow-x-auto' : 'sr-only'}>
        <table className="w-full text-left text-sm">
          <caption className={isFailed ? 'sr-only' : undefined}>Rating after each judged round</caption>
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">Format</th>
              <th scope="col">Rating</th>
              <th scope="col">Change</th>
              <th scope="col">Result</th>
            </tr>
          </thead>
          <tbody>
            {rounds.map((round) => (
              <tr key={`${round.formatId}-${round.atMs}`}>
                <td>{roundDateText(round.atMs)}</td>
                <td>{FORMATS[round.formatId].name}</td>
                <td>{round.rating}</td>
                <td>{changeText(round.change)}</td>
                <td>{resultText(round.result)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}

/** Keeps a tooltip centred on `left` inside the chart's width (it is at most 14rem, 224 px, wide). */
function clampLeft(left: number, width: number): number {
  const half = 112;
  if (width <= 2 * half) return width / 2;
  return Math.min(Math.max(left, half), width - half);
}
