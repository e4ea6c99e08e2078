import { useEffect, useId, useRef, type ChangeEvent, type HTMLAttributes } from 'react';

interface TTextFieldProps {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  /**
   * Shown under the field and part of its description; also marks the field invalid. When a message appears, the
   * first invalid field of the form takes the focus, so the person hears which field and why.
   */
  error?: string | undefined;
  /** A line under the label that says what to type; part of the field's description. */
  hint?: string;
  type?: 'text' | 'email' | 'url' | 'password' | 'date';
  autoComplete?: string;
  autoCapitalize?: HTMLAttributes<HTMLInputElement>['autoCapitalize'];
  spellCheck?: boolean;
  /** Renders a `<textarea>` with this many rows. */
  rows?: number;
  maxLength?: number;
  /**
   * Shows "n / max" under the field instead of cutting the text at `max` silently; going over marks the field and
   * the form's own validation refuses it with its message.
   */
  counterMax?: number;
  isRequired?: boolean;
}

const INPUT_CLASS =
  'block w-full rounded-xl border bg-white px-4 py-2.5 text-slate-900 shadow-sm placeholder:text-slate-400 focus:outline-none focus:ring-4';

/**
 * The one form field of the app: a labelled input (or textarea) with its hint, character count and validation
 * message, each tied to the field (`aria-describedby`, `aria-invalid`) so a screen reader reads them with it.
 */
export function TextField({
  label,
  name,
  value,
  onChange,
  error,
  hint,
  type = 'text',
  autoComplete,
  autoCapitalize,
  spellCheck,
  rows,
  maxLength,
  counterMax,
  isRequired = false,
}: TTextFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const counterId = `${id}-count`;
  const fieldRef = useRef<HTMLInputElement & HTMLTextAreaElement>(null);
  const isOver = counterMax !== undefined && value.length > counterMax;
  const isInvalid = Boolean(error) || isOver;
  const describedBy = [
    hint ? hintId : undefined,
    error ? errorId : undefined,
    counterMax !== undefined ? counterId : undefined,
  ]
    .filter(Boolean)
    .join(' ');

  // A new message: the form's first invalid field takes the focus (unless the person is already in one).
  useEffect(() => {
    const field = fieldRef.current;
    if (!error || !field) return;
    const scope = field.form ?? document;
    if (scope.querySelector('[data-has-error]') !== field) return;
    if (document.activeElement instanceof HTMLElement && document.activeElement.matches('[data-has-error]')) return;
    field.focus();
  }, [error]);

  const shared = {
    id,
    name,
    value,
    maxLength,
    required: isRequired,
    autoCapitalize,
    spellCheck,
    ref: fieldRef,
    'aria-invalid': isInvalid ? true : undefined,
    'data-has-error': error ? '' : undefined,
    'aria-describedby': describedBy || undefined,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => onChange(event.target.value),
    className: `${INPUT_CLASS} ${
      isInvalid
        ? 'border-red-400 focus:border-red-500 focus:ring-red-100'
        : 'border-slate-300 focus:border-brand-500 focus:ring-brand-100'
    }`,
  };
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-semibold text-slate-800">
        {label}
        {isRequired ? (
          <span className="ml-1 text-red-700" aria-hidden="true">
            *
          </span>
        ) : null}
      </label>
      {hint ? (
        <p id={hintId} className="-mt-1 mb-1.5 text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      {rows ? <textarea rows={rows} {...shared} /> : <input type={type} autoComplete={autoComplete} {...shared} />}
      {counterMax !== undefined ? (
        <p
          id={counterId}
          className={`mt-1 text-right text-xs ${isOver ? 'font-semibold text-red-700' : 'text-slate-600'}`}
          data-testid={`${name}-count`}
        >
          {value.length} / {counterMax}
          {isOver ? ` — ${value.length - counterMax} too many` : ''}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="mt-1.5 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
