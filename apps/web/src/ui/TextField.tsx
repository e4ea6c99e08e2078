import { useId, type ChangeEvent } from 'react';

interface TTextFieldProps {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  /** Shown under the field and announced with it; also marks the field invalid. */
  error?: string;
  type?: 'text' | 'email' | 'url' | 'password';
  autoComplete?: string;
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

/** A labelled input (or textarea) with its validation message beside it. */
export function TextField({
  label,
  name,
  value,
  onChange,
  error,
  type = 'text',
  autoComplete,
  rows,
  maxLength,
  counterMax,
  isRequired = false,
}: TTextFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const counterId = `${id}-count`;
  const isOver = counterMax !== undefined && value.length > counterMax;
  const describedBy = [error ? errorId : undefined, counterMax !== undefined ? counterId : undefined]
    .filter(Boolean)
    .join(' ');
  const shared = {
    id,
    name,
    value,
    maxLength,
    required: isRequired,
    'aria-invalid': error || isOver ? true : undefined,
    'aria-describedby': describedBy || undefined,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => onChange(event.target.value),
    className: `block w-full rounded-xl border bg-white px-4 py-2.5 text-slate-900 shadow-sm placeholder:text-slate-400 focus:outline-none focus:ring-4 ${
      error || isOver
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
