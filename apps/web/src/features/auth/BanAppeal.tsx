import { useId, useState, type FormEvent } from 'react';
import type { TBanRefusalDetails } from '@resolved/shared';
import { api } from '../../lib/api';
import { errorMessage } from '../../lib/form-errors';
import { toast } from '../../lib/toast';
import { buttonClass } from '../../ui/button-styles';

/**
 * Under a sign-in refused for a ban: the moderator's reason and, once per ban, an appeal. A banned person has no
 * session (so no notices to appeal from): the refused sign-in's token says who appeals.
 */
export function BanAppeal({ details }: { details: TBanRefusalDetails }) {
  const headingId = useId();
  const [text, setText] = useState('');
  const [isSent, setIsSent] = useState(false);
  const [isBusy, setIsBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (!details.appealToken) return;
    if (text.trim() === '') {
      setError('Say why the ban should be lifted.');
      return;
    }
    setIsBusy(true);
    setError(null);
    try {
      await api('/api/ban-appeals', { method: 'POST', json: { token: details.appealToken, text: text.trim() } });
      setIsSent(true);
      toast.success('Your appeal was sent. A moderator will decide.');
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setIsBusy(false);
    }
  }

  return (
    <section
      aria-labelledby={headingId}
      className="mt-6 space-y-3 rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-950"
      data-testid="ban-appeal"
    >
      <h2 id={headingId} className="font-semibold">
        This account has been banned.
      </h2>
      {details.reason ? <p>The moderator’s reason: {details.reason}</p> : null}
      {isSent ? (
        <p role="status">Your appeal was sent. If a moderator lifts the ban, you can sign in again.</p>
      ) : details.appealToken ? (
        <form onSubmit={handleSubmit} noValidate className="space-y-2">
          <label className="block font-semibold">
            Why should the ban be lifted? (You can appeal once.)
            <textarea
              value={text}
              onChange={(event) => setText(event.target.value)}
              rows={3}
              maxLength={1000}
              className="mt-1 w-full rounded-xl border border-slate-300 bg-white px-3 py-2 font-normal text-slate-900"
            />
          </label>
          {error ? (
            <p role="alert" className="font-medium text-red-700">
              {error}
            </p>
          ) : null}
          <button type="submit" disabled={isBusy} className={buttonClass('secondary')}>
            Send appeal
          </button>
        </form>
      ) : (
        <p>This ban has already been appealed; a moderator decides.</p>
      )}
    </section>
  );
}
