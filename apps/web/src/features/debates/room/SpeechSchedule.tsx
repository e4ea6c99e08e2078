import { FORMATS, speakerLabel, speakerOf, speechesOfClock, type TDebate, type TSpeech } from '@resolved/shared';
import { describeSpeaker } from '../../guides/format-text';
import { namesOf, seatsOfRound, sideName } from './round-seats';
import { speechLengthNote } from './speech-length';

/**
 * Who gives a speech, as the schedule shows it: the side in a round of one debater a side; in a round of teams the
 * positions in the format's words ("Second Negative asks, First Affirmative answers") and the names of the debaters in
 * them.
 */
function speakerText(debate: Pick<TDebate, 'formatId' | 'debaters' | 'seats'>, speech: TSpeech) {
  const format = FORMATS[debate.formatId];
  const seats = seatsOfRound(debate);
  if (!seats.some((seat) => seat.position !== null)) return { who: speakerLabel(format, speech), names: null };
  const ids = speakerOf(format, speech, { seats });
  const speakers = seats.filter((seat) => ids.includes(seat.userId));
  const names = namesOf(speakers);
  // British Parliamentary: the speaker's team ("Opening Government"); the row already starts with the position.
  if (debate.formatId === 'bp' && speech.by.type === 'speaker') {
    const seat = { side: speech.by.speaker.side, position: speech.by.speaker.position };
    return { who: sideName(debate, seat), names: names || null };
  }
  return { who: describeSpeaker(format, speech), names: names || null };
}

/** The round's speeches in its order (`speechesOf`), the current (or next) speech highlighted. */
export function SpeechSchedule({ debate }: { debate: Pick<TDebate, 'formatId' | 'debaters' | 'seats' | 'clock'> }) {
  const { clock } = debate;
  const lengthNote = speechLengthNote(debate);
  return (
    <section aria-labelledby="schedule-heading" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="schedule-heading" className="text-lg font-bold text-slate-900">
        Speech schedule
      </h2>
      {lengthNote ? (
        <p className="mt-1 text-sm text-slate-600" data-testid="speech-length">
          {lengthNote}
        </p>
      ) : null}
      <ol className="mt-3 space-y-1" data-testid="speech-schedule">
        {speechesOfClock(clock).map((speech, index) => {
          const isCurrent = clock.phase !== 'finished' && index === clock.speechIndex;
          const isDone = index < clock.speechIndex;
          const { who, names } = speakerText(debate, speech);
          return (
            <li
              key={speech.id}
              aria-current={isCurrent ? 'step' : undefined}
              className={`flex flex-wrap items-center justify-between gap-x-3 rounded-lg px-3 py-2 text-sm ${
                isCurrent
                  ? 'bg-brand-700 font-semibold text-white'
                  : isDone
                    ? 'text-slate-500 line-through'
                    : 'text-slate-800'
              }`}
            >
              {/* The name wraps within its own column; who and the minutes never wrap under it (a long name, the
                  BP Deputy Leader of the Opposition's, pushed them onto a line of their own at 1280 px). */}
              <span className="min-w-0 flex-1">
                <abbr title={speech.name} className="no-underline">
                  {speech.short}
                </abbr>{' '}
                · {speech.name}
              </span>
              <span className="whitespace-nowrap tabular-nums">
                {who} · {speech.minutes} min
              </span>
              {names ? (
                <span className={`w-full text-xs ${isCurrent ? 'text-brand-50' : 'text-slate-600'}`}>{names}</span>
              ) : null}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
