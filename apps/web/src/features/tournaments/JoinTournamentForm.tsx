import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZJoinCode } from '@resolved/shared';
import { errorMessage } from '../../lib/form-errors';
import { toast } from '../../lib/toast';
import { TextField } from '../../ui/TextField';
import { buttonClass } from '../../ui/button-styles';
import { joinByCode, tournamentKeys } from './tournaments-queries';

/**
 * "Join with a code": the tournament code the host shared, typed as heard (case, spaces and the dash do not matter).
 * It enters at once and opens the tournament; a refusal (a wrong code, entries closed, entered already) shows under
 * the field.
 */
export function JoinTournamentForm() {
  const headingId = useId();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const join = useMutation({
    mutationFn: joinByCode,
    onSuccess: ({ tournament }) => {
      void queryClient.invalidateQueries({ queryKey: tournamentKeys.all });
      toast.success(`You entered ${tournament.name}.`);
      void navigate(`/tournaments/${tournament.id}`);
    },
    onError: (caught) => setError(errorMessage(caught)),
  });

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = ZJoinCode.safeParse(code);
    if (!parsed.success) {
      setError(errorMessage(parsed.error));
      return;
    }
    setError(undefined);
    join.mutate(parsed.data);
  }

  return (
    <form onSubmit={handleSubmit} noValidate aria-labelledby={headingId} className="space-y-3">
      <h2 id={headingId} className="text-lg font-bold text-slate-900">
        Join with a code
      </h2>
      <TextField
        label="Tournament code"
        name="tournament-code"
        value={code}
        onChange={(value) => {
          setCode(value);
          setError(undefined);
        }}
        hint="The code the host shared, like ABCDE-FGHJK."
        error={error}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
      />
      <button type="submit" className={buttonClass('secondary')} disabled={join.isPending}>
        {join.isPending ? 'Joining…' : 'Enter tournament'}
      </button>
    </form>
  );
}
