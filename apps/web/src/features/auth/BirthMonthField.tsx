import { useEffect, useId, useRef } from 'react';
import { AGE_IMPOSSIBLE, MONTH_NAMES } from '@resolved/shared';

/** The value the two selects make: "YYYY-MM", or '' until both are chosen (the shared schema says what is missing). */
export function birthMonthValue(month: string, year: string): string {
  return month !== '' && year !== '' ? `${year}-${month}` : '';
}

const SELECT_CLASS =
  'block w-full rounded-xl border bg-white px-3 py-2.5 text-slate-900 shadow-sm focus:outline-none focus:ring-4';

/**
 * The month and year of birth, asked the same neutral way of everyone: two native selects (the phone's own
 * picker on mobile), labelled, with the shared messages under them. Never a "13 or older" checkbox.
 */
export function BirthMonthField({
  month,
  year,
  onMonthChange,
  onYearChange,
  error,
}: {
  month: string;
  year: string;
  onMonthChange: (value: string) => void;
  onYearChange: (value: string) => void;
  error?: string | undefined;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const monthRef = useRef<HTMLSelectElement>(null);
  const thisYear = new Date().getUTCFullYear();
  const years = Array.from({ length: AGE_IMPOSSIBLE }, (_, i) => String(thisYear - i));
  const describedBy = [hintId, error ? errorId : undefined].filter(Boolean).join(' ');
  const border = error ? 'border-red-500 focus:ring-red-100' : 'border-slate-300 focus:ring-brand-100';

  // A new message, and no other field of the form is already focused for its own: the month takes the focus.
  useEffect(() => {
    const field = monthRef.current;
    if (!error || !field) return;
    const scope = field.form ?? document;
    if (scope.querySelector('[data-has-error]') !== field) return;
    if (document.activeElement instanceof HTMLElement && document.activeElement.matches('[data-has-error]')) return;
    field.focus();
  }, [error]);

  return (
    <fieldset aria-describedby={describedBy}>
      <legend className="text-sm font-semibold text-slate-800">Month and year of birth</legend>
      <p id={hintId} className="mt-1 text-sm text-slate-600">
        We ask everyone. Only you and this site’s admins see it.
      </p>
      <div className="mt-2 grid grid-cols-2 gap-3">
        <div>
          <label htmlFor={`${id}-month`} className="text-sm text-slate-700">
            Month of birth
          </label>
          <select
            id={`${id}-month`}
            name="birthMonth"
            ref={monthRef}
            value={month}
            onChange={(event) => onMonthChange(event.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            data-has-error={error ? '' : undefined}
            className={`${SELECT_CLASS} ${border}`}
          >
            <option value="">Month</option>
            {MONTH_NAMES.map((name, index) => (
              <option key={name} value={String(index + 1).padStart(2, '0')}>
                {name}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-year`} className="text-sm text-slate-700">
            Year of birth
          </label>
          <select
            id={`${id}-year`}
            name="birthYear"
            value={year}
            onChange={(event) => onYearChange(event.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            className={`${SELECT_CLASS} ${border}`}
          >
            <option value="">Year</option>
            {years.map((y) => (
              <option key={y} value={y}>
                {y}
              </option>
            ))}
          </select>
        </div>
      </div>
      {error && (
        <p id={errorId} className="mt-1.5 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
