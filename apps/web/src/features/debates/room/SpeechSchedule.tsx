import { FORMATS, speakerLabel, speechesOfClock, type TClockState } from '@resolved/shared';

/** The round's speeches in its order (`speechesOf`), the current (or next) speech highlighted. */
export function SpeechSchedule({ clock }: { clock: TClockState }) {
  const format = FORMATS[clock.formatId];
  return (
    <section aria-labelledby="schedule-heading" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="schedule-heading" className="text-lg font-bold text-slate-900">
        Speech schedule
      </h2>
      <ol className="mt-3 space-y-1" data-testid="speech-schedule">
        {speechesOfClock(clock).map((speech, index) => {
          const isCurrent = clock.phase !== 'finished' && index === clock.speechIndex;
          const isDone = index < clock.speechIndex;
          return (
            <li
              key={speech.id}
              aria-current={isCurrent ? 'step' : undefined}
              className={`flex items-center justify-between gap-3 rounded-lg px-3 py-2 text-sm ${
                isCurrent
                  ? 'bg-brand-700 font-semibold text-white'
                  : isDone
                    ? 'text-slate-500 line-through'
                    : 'text-slate-800'
              }`}
            >
              <span>
                <abbr title={speech.name} className="no-underline">
                  {speech.short}
                </abbr>{' '}
                · {speech.name}
              </span>
              <span className="shrink-0 tabular-nums">
                {speakerLabel(format, speech)} · {speech.minutes} min
              </span>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
