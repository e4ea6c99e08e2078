import { useEffect, useRef, useState } from 'react';
import type uPlot from 'uplot';
import { HEIGHT, loadUPlot, ratingPlotOptions, type TTooltip } from './rating-plot-options';
import type { TChartColumns, TChartRound } from './rating-chart-data';

/**
 * Draws the rating chart into `plotRef`'s element once uPlot has loaded, follows the element's width, and reports the
 * rounds under the cursor as a tooltip. `loadState` is `failed` when uPlot could not be fetched.
 */
export function useRatingPlot(rounds: TChartRound[], columns: TChartColumns) {
  const plotRef = useRef<HTMLDivElement>(null);
  const chartRef = useRef<uPlot | null>(null);
  const [tooltip, setTooltip] = useState<TTooltip | null>(null);
  const [loadState, setLoadState] = useState<'loading' | 'ready' | 'failed'>('loading');

  useEffect(() => {
    const element = plotRef.current;
    if (!element || columns.xs.length === 0) return;
    let isCancelled = false;
    let observer: ResizeObserver | undefined;
    loadUPlot()
      .then((UPlot) => {
        if (isCancelled) return;
        const width = Math.max(200, element.clientWidth);
        const options = ratingPlotOptions(rounds, columns, width, setTooltip);
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

  return { plotRef, chartRef, tooltip, loadState };
}
