import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FORMAT_IDS, FORMATS, LIMITS, ZCreateMotionRequest, type TFormatId } from '@resolved/shared';
import { errorMessage, formErrors } from '../../lib/form-errors';
import { toast } from '../../lib/toast';
import { TextField } from '../../ui/TextField';
import { buttonClass } from '../../ui/button-styles';
import { createMotion, deleteMotion, motionsKey, motionsQuery } from './admin-queries';

/**
 * The motion bank (admins): motions per format. A new round draws one from its format's bank; an empty bank means
 * the current topic (the default for Lincoln Douglas and Public Forum).
 */
export function MotionBank() {
  const client = useQueryClient();
  const [formatId, setFormatId] = useState<TFormatId>('parli');
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();
  const motions = useQuery(motionsQuery(formatId));
  const add = useMutation({
    mutationFn: createMotion,
    onSuccess: () => {
      setText('');
      toast.success('Motion added.');
      void client.invalidateQueries({ queryKey: motionsKey });
    },
    onError: (caught) => setError(formErrors(caught).form),
  });
  const remove = useMutation({
    mutationFn: deleteMotion,
    onSuccess: () => void client.invalidateQueries({ queryKey: motionsKey }),
    onError: (caught) => toast.error(errorMessage(caught)),
  });

  function handleAdd(event: FormEvent) {
    event.preventDefault();
    const parsed = ZCreateMotionRequest.safeParse({ formatId, text });
    if (!parsed.success) return setError(formErrors(parsed.error).form);
    setError(undefined);
    add.mutate(parsed.data);
  }

  return (
    <div>
      <p className="text-sm text-slate-700">
        Each new round draws a motion from its format’s bank. With an empty bank a format debates the current topic.
      </p>
      <label className="mt-4 block text-sm font-semibold text-slate-800">
        Format
        <select
          value={formatId}
          onChange={(event) => setFormatId(event.target.value as TFormatId)}
          className="mt-1 block rounded-xl border border-slate-300 bg-white px-3 py-2 font-normal"
        >
          {FORMAT_IDS.map((id) => (
            <option key={id} value={id}>
              {FORMATS[id].name}
            </option>
          ))}
        </select>
      </label>
      <form onSubmit={handleAdd} noValidate className="mt-4 space-y-3">
        <TextField
          label="New motion"
          name="motion"
          value={text}
          onChange={setText}
          error={error}
          counterMax={LIMITS.topicTitle.max}
        />
        <button type="submit" className={buttonClass('primary')} disabled={add.isPending}>
          Add motion
        </button>
      </form>
      <ul className="mt-4 divide-y divide-slate-100" data-testid="motion-list">
        {(motions.data ?? []).map((motion) => (
          <li key={motion.id} className="flex items-start justify-between gap-3 py-2 text-sm">
            <span className="[overflow-wrap:anywhere]">{motion.text}</span>
            <button
              type="button"
              className={buttonClass('ghost', 'px-3 py-1')}
              onClick={() => remove.mutate(motion.id)}
              aria-label={`Delete motion: ${motion.text}`}
            >
              Delete
            </button>
          </li>
        ))}
        {motions.data && motions.data.length === 0 ? (
          <li className="py-2 text-sm text-slate-600">
            No motions: {FORMATS[formatId].name} debates the current topic.
          </li>
        ) : null}
      </ul>
    </div>
  );
}
