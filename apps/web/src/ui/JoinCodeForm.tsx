import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useMutation } from '@tanstack/react-query';
import { ZJoinCode } from '@resolved/shared';
import { errorMessage } from '../lib/form-errors';
import { TextField } from './TextField';
import { buttonClass } from './button-styles';

const HEADING_CLASS = {
  h2: 'text-lg font-bold text-slate-900',
  h3: 'text-sm font-semibold text-slate-900',
} as const;

/**
 * "Join with a code": a join code typed as heard (case, spaces and the dash do not matter), checked with the shared
 * schema, sent with `join`; a refusal (a wrong code, joining closed) shows under the field. A team's and a
 * tournament's code are entered the same way.
 */
export function JoinCodeForm<T>({
  headingLevel = 'h2',
  label,
  name,
  hint,
  submitLabel,
  join,
  onJoined,
  onRefused,
  children,
}: {
  headingLevel?: 'h2' | 'h3';
  label: string;
  name: string;
  hint: string;
  submitLabel: string;
  join: (code: string) => Promise<T>;
  onJoined: (joined: T) => void;
  /**
   * Told of a refusal first: a form that asks for more on some refusals returns true when it shows this one itself
   * (the code was right); otherwise the refusal shows under the code field.
   */
  onRefused?: (error: unknown) => boolean;
  /** More fields, between the code and the button (a tournament of teams' partners). */
  children?: ReactNode;
}) {
  const Heading = headingLevel;
  const headingId = useId();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const mutation = useMutation({
    mutationFn: join,
    onSuccess: onJoined,
    onError: (caught) => {
      if (onRefused?.(caught)) setError(undefined);
      else setError(errorMessage(caught));
    },
  });

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = ZJoinCode.safeParse(code);
    if (!parsed.success) {
      setError(errorMessage(parsed.error));
      return;
    }
    setError(undefined);
    mutation.mutate(parsed.data);
  }

  return (
    <form onSubmit={handleSubmit} noValidate aria-labelledby={headingId} className="space-y-3">
      <Heading id={headingId} className={HEADING_CLASS[headingLevel]}>
        Join with a code
      </Heading>
      <TextField
        label={label}
        name={name}
        value={code}
        onChange={(value) => {
          setCode(value);
          setError(undefined);
        }}
        hint={hint}
        error={error}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
      />
      {children}
      <button type="submit" className={buttonClass('secondary')} disabled={mutation.isPending}>
        {mutation.isPending ? 'Joining…' : submitLabel}
      </button>
    </form>
  );
}
