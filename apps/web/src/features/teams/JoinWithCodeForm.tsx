import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZJoinCode } from '@resolved/shared';
import { formErrors } from '../../lib/form-errors';
import { toast } from '../../lib/toast';
import { TextField } from '../../ui/TextField';
import { buttonClass } from '../../ui/button-styles';
import { joinedMessage, joinTeam, teamKeys } from './teams-queries';

const HEADING_CLASS = {
  h2: 'text-lg font-bold text-slate-900',
  h3: 'text-sm font-semibold text-slate-900',
} as const;

/**
 * "Join with a code": the code a coach read out, typed as heard (case, spaces and the dash do not matter). It joins
 * at once and opens the team; a code that is not valid, or whose team switched joining off, says so under the field.
 */
export function JoinWithCodeForm({ headingLevel = 'h2' }: { headingLevel?: 'h2' | 'h3' }) {
  const Heading = headingLevel;
  const headingId = useId();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const join = useMutation({
    mutationFn: joinTeam,
    onSuccess: (joined) => {
      void queryClient.invalidateQueries({ queryKey: teamKeys.all });
      toast.success(joinedMessage(joined));
      void navigate(`/teams/${joined.teamId}`);
    },
    onError: (caught) => setError(formErrors(caught).form),
  });

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = ZJoinCode.safeParse(code);
    if (!parsed.success) {
      setError(formErrors(parsed.error).form);
      return;
    }
    setError(undefined);
    join.mutate(parsed.data);
  }

  return (
    <form onSubmit={handleSubmit} noValidate aria-labelledby={headingId} className="space-y-3">
      <Heading id={headingId} className={HEADING_CLASS[headingLevel]}>
        Join with a code
      </Heading>
      <TextField
        label="Team code"
        name="team-code"
        value={code}
        onChange={(value) => {
          setCode(value);
          setError(undefined);
        }}
        hint="The code your coach read out or wrote up, like ABCDE-FGHJK."
        error={error}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
      />
      <button type="submit" className={buttonClass('secondary')} disabled={join.isPending}>
        {join.isPending ? 'Joining…' : 'Join team'}
      </button>
    </form>
  );
}
