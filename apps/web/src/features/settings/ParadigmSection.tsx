import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PARADIGM_MAX, ZParadigmRequest, isParadigmShown } from '@resolved/shared';
import { errorMessage, formErrors } from '../../lib/form-errors';
import { toast } from '../../lib/toast';
import { Card } from '../../ui/Card';
import { FormAlert } from '../../ui/FormAlert';
import { TextField } from '../../ui/TextField';
import { buttonClass } from '../../ui/button-styles';
import { useAuth } from '../auth/useAuth';
import { getOwnParadigm, paradigmKey, saveParadigm } from './settings-queries';

/**
 * The judge's paradigm: how they judge, shown to debaters wherever they are named as a judge (a tournament's pairings
 * and judge pool, the round's room). Written by adults only: under 18, a profile shows only the name and record.
 */
export function ParadigmSection() {
  const { user } = useAuth();
  const own = useQuery({ queryKey: paradigmKey, queryFn: getOwnParadigm });
  const canWrite = isParadigmShown(user?.ageBand);
  return (
    <Card as="section" className="p-6" aria-labelledby="settings-paradigm">
      <h2 id="settings-paradigm" className="mb-4 text-lg font-bold text-slate-900">
        Judge paradigm
      </h2>
      {!canWrite ? (
        <p className="text-sm text-slate-700">
          Judges 18 and over can write a paradigm. Under 18, your profile shows only your name and record.
        </p>
      ) : own.data ? (
        <ParadigmForm initial={own.data.paradigm ?? ''} />
      ) : own.isError ? (
        <FormAlert>{errorMessage(own.error, 'Your paradigm could not be loaded.')}</FormAlert>
      ) : (
        <p className="text-sm text-slate-600">Loading…</p>
      )}
    </Card>
  );
}

/** The paradigm's form, started from the saved text (mounted once it is loaded). */
function ParadigmForm({ initial }: { initial: string }) {
  const queryClient = useQueryClient();
  const [text, setText] = useState(initial);
  const [error, setError] = useState<string>();
  const save = useMutation({
    mutationFn: (paradigm: string) => saveParadigm(paradigm),
    onSuccess: (saved) => {
      queryClient.setQueryData(paradigmKey, saved);
      setError(undefined);
      toast.success(saved.paradigm ? 'Your paradigm is saved.' : 'Your paradigm is removed.');
    },
    onError: (caught) => setError(formErrors(caught).form),
  });

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = ZParadigmRequest.safeParse({ paradigm: text });
    if (!parsed.success) return setError(formErrors(parsed.error).form);
    save.mutate(parsed.data.paradigm);
  }

  return (
    <form onSubmit={handleSubmit} noValidate className="space-y-4">
      <TextField
        label="How you judge"
        name="paradigm"
        value={text}
        onChange={setText}
        error={error}
        hint="Debaters read it before their round wherever you are named as their judge. Leave it empty to have none."
        rows={6}
        counterMax={PARADIGM_MAX}
      />
      <button type="submit" className={buttonClass('primary')} disabled={save.isPending}>
        Save paradigm
      </button>
    </form>
  );
}
