import { FORMAT_IDS, FORMATS, isFourTeamFormat, type TFormatId } from '@resolved/shared';

/**
 * The format of the round to find or challenge to, and a challenge's own prep time. British Parliamentary is offered
 * for the queue only (its room opens when four teams are waiting): it has no challenge.
 */
export function FormatChoice({
  idPrefix,
  formatId,
  prepMinutes,
  onFormatChange,
  onPrepMinutesChange,
}: {
  idPrefix: string;
  formatId: TFormatId;
  /** Null: the format's standard prep time. */
  prepMinutes: number | null;
  onFormatChange: (formatId: TFormatId) => void;
  onPrepMinutesChange: (minutes: number) => void;
}) {
  const prep = FORMATS[formatId].prep;
  return (
    <>
      <fieldset>
        <legend className="text-sm font-semibold text-slate-700">Format</legend>
        <div className="mt-2 flex flex-wrap gap-2">
          {FORMAT_IDS.map((id) => (
            <label
              key={id}
              className={`cursor-pointer rounded-xl border px-4 py-2 text-sm font-semibold ${
                formatId === id ? 'border-brand-700 bg-brand-50 text-brand-900' : 'border-slate-300 text-slate-700'
              }`}
            >
              <input
                type="radio"
                name={`${idPrefix}-format`}
                value={id}
                checked={formatId === id}
                onChange={() => onFormatChange(id)}
                className="sr-only"
              />
              {FORMATS[id].name}
            </label>
          ))}
        </div>
      </fieldset>
      {isFourTeamFormat(formatId) ? (
        <p className="mt-3 text-sm text-slate-600" data-testid="bp-queue-note">
          A British Parliamentary room opens when four teams of two are waiting: the teams&rsquo; places and speaking
          order are drawn at random, with {prep.defaultMinutes} minutes of prep before the first speech.
        </p>
      ) : (
        <p className="mt-3 text-sm text-slate-600">
          Random opponents use the standard prep time ({prep.defaultMinutes} minutes
          {prep.kind === 'per-side' ? ' per side' : ' before the first speech'}). A challenge can set its own:{' '}
          <label htmlFor={`${idPrefix}-prep`} className="font-semibold text-slate-700">
            Prep minutes for a challenge
          </label>{' '}
          <select
            id={`${idPrefix}-prep`}
            value={prepMinutes ?? prep.defaultMinutes}
            onChange={(e) => onPrepMinutesChange(Number(e.target.value))}
            className="rounded-lg border border-slate-300 px-2 py-1"
          >
            {Array.from({ length: prep.maxMinutes - prep.minMinutes + 1 }, (_, i) => prep.minMinutes + i).map(
              (minutes) => (
                <option key={minutes} value={minutes}>
                  {minutes}
                </option>
              ),
            )}
          </select>
        </p>
      )}
    </>
  );
}
