import { Clock } from 'lucide-react';
import { totalSpeechMinutes, type TGuideFormatRules, type TSideKey, type TSpeech } from '@resolved/shared';
import { Card } from '../../ui/Card';
import { describeSpeaker, formatSeconds, poiSpeechWords, sharedBenchWords } from './format-text';

type TSideStyle = { bar: string; dot: string };

/**
 * Colours per side, so the timeline, the table and the legend agree: by bench (indigo for the first, teal for the
 * other), a second side on a bench (British Parliamentary's closing teams) in a darker hue of its own.
 */
const BENCH_STYLES: Readonly<Record<TSideKey, readonly TSideStyle[]>> = {
  a: [
    { bar: 'bg-brand-700 text-white', dot: 'bg-brand-600' },
    { bar: 'bg-violet-900 text-white', dot: 'bg-violet-800' },
  ],
  b: [
    { bar: 'bg-teal-700 text-white', dot: 'bg-teal-600' },
    { bar: 'bg-cyan-900 text-white', dot: 'bg-cyan-800' },
  ],
};
const BOTH_STYLE: TSideStyle = { bar: 'bg-slate-500 text-white', dot: 'bg-slate-400' };

/** Each side's colours, by key. */
function sideStyles(format: TGuideFormatRules): ReadonlyMap<string, TSideStyle> {
  const styles = new Map<string, TSideStyle>();
  for (const side of format.sideList) {
    const onBench = format.sideList.filter((other) => other.bench === side.bench);
    const palette = BENCH_STYLES[side.bench];
    styles.set(side.key, palette[Math.min(onBench.indexOf(side), palette.length - 1)]!);
  }
  return styles;
}

const styleOf = (styles: ReadonlyMap<string, TSideStyle>, speaker: string) => styles.get(speaker) ?? BOTH_STYLE;

export function TimingSection({ format }: { format: TGuideFormatRules }) {
  const { prep } = format;
  const styles = sideStyles(format);
  const [minutes, ...otherMinutes] = format.speechMinutesChoices ?? [];
  const prepRow = (
    <tr role="row" className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 bg-slate-50 p-4 sm:table-row sm:p-0">
      <th role="rowheader" scope="row" className="text-left align-top sm:px-4 sm:py-3">
        <span className="flex items-start gap-2.5">
          <span className="mt-0.5 inline-block min-w-12 shrink-0 rounded-md bg-white px-1.5 py-0.5 text-center text-xs font-bold text-slate-700 ring-1 ring-slate-300">
            Prep
          </span>
          <span className="font-semibold text-slate-900">Prep time</span>
        </span>
      </th>
      <td
        role="cell"
        className="text-sm text-slate-700 max-sm:col-start-1 max-sm:row-start-2 sm:px-4 sm:py-3 sm:align-top"
      >
        {prep.kind === 'per-side'
          ? `Each side, its own bank`
          : format.sideList.length > 2
            ? `Each team apart, before the first speech`
            : `Both sides, before the first speech`}
      </td>
      <td
        role="cell"
        className="whitespace-nowrap font-semibold text-slate-900 max-sm:col-start-2 max-sm:row-span-2 max-sm:row-start-1 sm:px-4 sm:py-3 sm:align-top"
      >
        {prep.minMinutes === prep.maxMinutes ? prep.minMinutes : `${prep.minMinutes}–${prep.maxMinutes}`}
        <span className="font-normal text-slate-500"> min</span>
      </td>
      <td role="cell" className="text-sm leading-relaxed text-slate-600 max-sm:col-span-2 sm:px-4 sm:py-3 sm:align-top">
        {prepText(prep)}
      </td>
    </tr>
  );

  return (
    <section aria-labelledby="timings-title">
      <h2 id="timings-title" className="text-2xl font-bold tracking-tight text-slate-900">
        Speech order and timings
      </h2>
      <p className="mt-2 max-w-3xl text-slate-600">
        The round in order, with the times Resolved’s debate clock uses. Speaking time adds up to{' '}
        {totalSpeechMinutes(format)} minutes.
        {otherMinutes.length > 0
          ? ` Every speech runs ${minutes} minutes here; the host or the room may choose ${otherMinutes.join(' or ')}-minute speeches instead.`
          : null}
      </p>

      <Timeline format={format} styles={styles} />

      <Card className="mt-5 overflow-hidden">
        <table role="table" className="block w-full text-left sm:table">
          <caption className="sr-only">{format.name} speech order, speakers, minutes and purpose</caption>
          <thead role="rowgroup" className="max-sm:sr-only sm:table-header-group">
            <tr role="row" className="border-b border-slate-200 bg-slate-50 text-sm text-slate-600">
              <th role="columnheader" scope="col" className="px-4 py-3 font-semibold sm:w-[30%]">
                Speech
              </th>
              <th role="columnheader" scope="col" className="px-4 py-3 font-semibold sm:w-[18%]">
                Who speaks
              </th>
              <th role="columnheader" scope="col" className="px-4 py-3 font-semibold sm:w-[11%]">
                Minutes
              </th>
              <th role="columnheader" scope="col" className="px-4 py-3 font-semibold">
                Purpose
              </th>
            </tr>
          </thead>
          <tbody role="rowgroup" className="block divide-y divide-slate-200 sm:table-row-group">
            {prep.kind === 'before-round' ? prepRow : null}
            {format.speeches.map((speech) => (
              <SpeechRow key={speech.id} format={format} speech={speech} style={styleOf(styles, speech.speaker)} />
            ))}
            {prep.kind === 'per-side' ? prepRow : null}
          </tbody>
        </table>
      </Card>

      <PoiRules format={format} />

      {format.notes.length > 0 ? (
        <div className="mt-5 rounded-xl border border-slate-200 bg-white p-5">
          <h3 className="text-sm font-semibold uppercase tracking-wide text-slate-500">Timing notes</h3>
          <ul className="mt-2 space-y-1.5">
            {format.notes.map((note) => (
              <li key={note} className="flex gap-3 leading-relaxed text-slate-700">
                <Clock className="mt-1 h-4 w-4 shrink-0 text-brand-600" aria-hidden="true" />
                {note}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}

function SpeechRow({
  format,
  speech,
  style,
}: {
  format: TGuideFormatRules;
  speech: TSpeech<string>;
  style: TSideStyle;
}) {
  return (
    <tr role="row" className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 p-4 sm:table-row sm:p-0">
      <th role="rowheader" scope="row" className="text-left align-top font-normal sm:px-4 sm:py-3">
        <span className="flex items-start gap-2.5">
          <span className="mt-0.5 inline-block min-w-12 shrink-0 rounded-md bg-brand-50 px-1.5 py-0.5 text-center text-xs font-bold text-brand-800 ring-1 ring-brand-100">
            {speech.short}
          </span>
          <span className="font-semibold text-slate-900">{speech.name}</span>
        </span>
      </th>
      <td
        role="cell"
        className="text-sm text-slate-700 max-sm:col-start-1 max-sm:row-start-2 sm:px-4 sm:py-3 sm:align-top"
      >
        <span className="inline-flex items-start gap-2">
          <span className={`mt-1.5 h-2.5 w-2.5 shrink-0 rounded-full ${style.dot}`} aria-hidden="true" />
          {describeSpeaker(format, speech)}
        </span>
      </td>
      <td
        role="cell"
        className="whitespace-nowrap font-semibold text-slate-900 max-sm:col-start-2 max-sm:row-span-2 max-sm:row-start-1 sm:px-4 sm:py-3 sm:align-top"
      >
        {speech.minutes}
        <span className="font-normal text-slate-500"> min</span>
      </td>
      <td role="cell" className="text-sm leading-relaxed text-slate-600 max-sm:col-span-2 sm:px-4 sm:py-3 sm:align-top">
        {speech.purpose}
        {speech.allowsPoi ? <span className="ml-1 text-slate-500">Points of information allowed.</span> : null}
      </td>
    </tr>
  );
}

/** A proportional bar of the round (decorative: the table carries the same facts). */
function Timeline({ format, styles }: { format: TGuideFormatRules; styles: ReadonlyMap<string, TSideStyle> }) {
  return (
    <div className="mt-5 hidden sm:block" aria-hidden="true">
      <div className="flex h-11 overflow-hidden rounded-xl ring-1 ring-slate-200">
        {format.speeches.map((speech) => (
          <div
            key={speech.id}
            title={`${speech.name}: ${speech.minutes} min`}
            style={{ flexGrow: speech.minutes }}
            className={`flex basis-0 items-center justify-center overflow-hidden border-r border-white/40 px-1 text-xs font-semibold last:border-r-0 ${styleOf(styles, speech.speaker).bar}`}
          >
            <span className="truncate">{speech.short}</span>
          </div>
        ))}
      </div>
      <div className="mt-2 flex flex-wrap gap-x-5 gap-y-1 text-sm text-slate-600">
        {format.sideList.map((side) => (
          <LegendItem key={side.key} className={styleOf(styles, side.key).dot} label={side.name} />
        ))}
        {format.speeches.some((s) => s.speaker === 'both') ? (
          <LegendItem className={BOTH_STYLE.dot} label="Both sides" />
        ) : null}
      </div>
    </div>
  );
}

function LegendItem({ className, label }: { className: string; label: string }) {
  return (
    <span className="inline-flex items-center gap-2">
      <span className={`h-2.5 w-2.5 rounded-full ${className}`} />
      {label}
    </span>
  );
}

function prepText(prep: TGuideFormatRules['prep']): string {
  if (prep.kind === 'per-side') {
    return `Spent between speeches, in any pieces the side chooses. Resolved gives ${prep.defaultMinutes} minutes by default.`;
  }
  if (prep.isHostSet) {
    return `Before the round, set by the host: none for a motion released in advance, ${prep.defaultMinutes} minutes by default for one released at the round. No prep during the round.`;
  }
  return `Starts when the motion is announced; no prep during the round. Resolved gives ${prep.defaultMinutes} minutes by default.`;
}

/** Parliamentary's and World Schools' extra clock rules: grace, points of information and protected time. */
function PoiRules({ format }: { format: TGuideFormatRules }) {
  const { poi, graceSeconds } = format;
  if (!poi && graceSeconds === undefined) return null;
  const speeches = poiSpeechWords(format);
  const benches = sharedBenchWords(format);
  const rules = [
    graceSeconds !== undefined
      ? { label: 'Grace time', value: `About ${formatSeconds(graceSeconds)} after time expires to finish a sentence` }
      : null,
    poi
      ? {
          label: 'Points of information',
          value:
            `Answered in about ${poi.answerSecondsMin} to ${poi.answerSecondsMax} seconds, during ${speeches.many}` +
            (speeches.isEvery ? '' : ' only') +
            (benches ? `. Offered only from the other bench: ${benches}` : ''),
        }
      : null,
    poi
      ? {
          label: 'Protected time',
          value: `The first ${protectedSpan(poi.protectedFirstSeconds)} and the last ${protectedSpan(poi.protectedLastSeconds)} of each ${speeches.one}: no points of information`,
        }
      : null,
  ].filter((rule) => rule !== null);
  return (
    <dl className="mt-5 grid gap-3 md:grid-cols-3">
      {rules.map((rule) => (
        <div key={rule.label} className="rounded-xl border border-brand-100 bg-brand-50 p-4">
          <dt className="font-semibold text-brand-900">{rule.label}</dt>
          <dd className="mt-1 text-sm leading-relaxed text-slate-700">{rule.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** 60 → "minute" (reads "the first minute"), anything else → "45 seconds". */
function protectedSpan(seconds: number): string {
  return seconds === 60 ? 'minute' : formatSeconds(seconds);
}
