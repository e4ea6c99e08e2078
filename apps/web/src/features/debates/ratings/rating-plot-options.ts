import type uPlot from 'uplot';
import { FORMATS, RATING_DEFAULTS } from '@resolved/shared';
import { ratingRange, timeRange, type TChartColumns, type TChartRound } from './rating-chart-data';

export const COLOURS = ['#4338ca', '#0f766e', '#b45309'];
export const HEIGHT = 220;

/** uPlot and its stylesheet, fetched the first time a chart is drawn: neither is in any page's own chunk. */
let uPlotModule: Promise<typeof uPlot> | undefined;
export function loadUPlot(): Promise<typeof uPlot> {
  uPlotModule ??= Promise.all([import('uplot'), import('uplot/dist/uPlot.min.css')]).then(([m]) => m.default);
  // A failed load (offline for a moment) may be tried again on the next chart.
  uPlotModule.catch(() => (uPlotModule = undefined));
  return uPlotModule;
}

export interface TTooltip {
  rounds: TChartRound[];
  left: number;
  top: number;
}

/** Keeps a tooltip centred on `left` inside the chart's width (it is at most 14rem, 224 px, wide). */
function clampLeft(left: number, width: number): number {
  const half = 112;
  if (width <= 2 * half) return width / 2;
  return Math.min(Math.max(left, half), width - half);
}

/**
 * The chart's uPlot options: one line per format, the starting rating dashed under them, and the rounds under the
 * cursor told to `onTooltip` (null when the cursor leaves, or the chart is resized).
 */
export function ratingPlotOptions(
  rounds: TChartRound[],
  columns: TChartColumns,
  width: number,
  onTooltip: (tooltip: TTooltip | null) => void,
): uPlot.Options {
  const [yMin, yMax] = ratingRange(rounds);
  const [xMin, xMax] = timeRange(columns.xs);
  const axis = {
    stroke: '#334155',
    font: '12px system-ui, sans-serif',
    labelFont: '600 12px system-ui, sans-serif',
    grid: { stroke: '#e2e8f0', width: 1 },
    ticks: { stroke: '#cbd5e1', width: 1 },
  };
  return {
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
      setSize: [() => onTooltip(null)],
      setCursor: [
        (u) => {
          const idx = u.cursor.idx;
          if (idx === null || idx === undefined || u.cursor.left === undefined || u.cursor.left < 0) {
            onTooltip(null);
            return;
          }
          const here = columns.roundsAt[idx] ?? [];
          const top = Math.min(...here.map((r) => u.valToPos(r.rating, 'y')));
          onTooltip({
            rounds: here,
            left: clampLeft(u.over.offsetLeft + u.valToPos(columns.xs[idx]!, 'x'), u.width),
            top: u.over.offsetTop + top,
          });
        },
      ],
    },
  };
}
