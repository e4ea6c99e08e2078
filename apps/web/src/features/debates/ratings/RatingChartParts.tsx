import { FORMATS, RATING_DEFAULTS } from '@resolved/shared';
import { changeText, resultText, roundDateText, type TChartColumns, type TChartRound } from './rating-chart-data';
import { COLOURS, type TTooltip } from './rating-plot-options';

/** The rounds under the cursor: their date, and each format's rating, change and result. */
export function RatingTooltip({ tooltip }: { tooltip: TTooltip }) {
  return (
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
  );
}

/** Each format's colour and latest rating, and the dashed starting rating. */
export function RatingLegend({ rounds, columns }: { rounds: TChartRound[]; columns: TChartColumns }) {
  return (
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
  );
}

/** The same rounds as a table: for screen readers always, for everyone when the chart could not load. */
export function RatingTable({ rounds, isShown }: { rounds: TChartRound[]; isShown: boolean }) {
  return (
    // Inside a box, not on the table: a table ignores the 1 px width and would widen a phone's page.
    <div className={isShown ? 'mt-2 overflow-x-auto' : 'sr-only'}>
      <table className="w-full text-left text-sm">
        <caption className={isShown ? 'sr-only' : undefined}>Rating after each judged round</caption>
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
  );
}
