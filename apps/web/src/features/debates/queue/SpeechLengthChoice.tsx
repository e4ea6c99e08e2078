import { BP_SPEECH_MINUTES, type TBpSpeechMinutes } from '@resolved/shared';
import { SPEECH_LENGTH_LABELS } from './queue-join';

/**
 * British Parliamentary's speech length on the queue card: seven minutes as universities run it, or five as schools
 * do. Partners choose the same one; the room opens with four teams that chose it.
 */
export function SpeechLengthChoice({
  idPrefix,
  speechMinutes,
  onChange,
}: {
  idPrefix: string;
  speechMinutes: TBpSpeechMinutes;
  onChange: (minutes: TBpSpeechMinutes) => void;
}) {
  return (
    <fieldset className="mt-4" data-testid="bp-speech-length">
      <legend className="text-sm font-semibold text-slate-700">Speech length</legend>
      <div className="mt-2 flex flex-wrap gap-2">
        {BP_SPEECH_MINUTES.map((minutes) => (
          <label
            key={minutes}
            className={`flex cursor-pointer items-center gap-2 rounded-xl border px-4 py-2 text-sm font-semibold ${
              speechMinutes === minutes
                ? 'border-brand-700 bg-brand-50 text-brand-900'
                : 'border-slate-300 text-slate-700'
            }`}
          >
            <input
              type="radio"
              name={`${idPrefix}-speech-minutes`}
              value={minutes}
              checked={speechMinutes === minutes}
              onChange={() => onChange(minutes)}
              className="accent-brand-700"
            />
            {SPEECH_LENGTH_LABELS[minutes]}
          </label>
        ))}
      </div>
      <p className="mt-2 text-xs text-slate-600">
        Your partner chooses the same length: a room opens with four teams that chose it.
      </p>
    </fieldset>
  );
}
