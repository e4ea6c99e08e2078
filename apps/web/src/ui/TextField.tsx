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
  isRequired = false,
}: TTextFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const shared = {
    id,
    name,
    value,
    maxLength,
    required: isRequired,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errorId : undefined,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => onChange(event.target.value),
    className: `block w-full rounded-xl border bg-white px-4 py-2.5 text-slate-900 shadow-sm placeholder:text-slate-400 focus:outline-none focus:ring-4 ${
      error
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
      {error ? (
        <p id={errorId} className="mt-1.5 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
