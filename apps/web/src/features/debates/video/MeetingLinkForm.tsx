import { useId, useState, type FormEvent } from 'react';
import type { TDebate } from '@resolved/shared';
import { toast } from '../../../lib/toast';
import { errorMessage } from '../../../lib/form-errors';
import { buttonClass } from '../../../ui/button-styles';
import { setExternalLink } from '../debates-queries';

/** A debater shares (or removes) a Zoom or Meet link for the round, for those who prefer it to the built-in call. */
export function MeetingLinkForm({
  debate,
  onDebateChange,
}: {
  debate: TDebate;
  onDebateChange: (debate: TDebate) => void;
}) {
  const linkId = useId();
  const [link, setLink] = useState(debate.externalLink ?? '');

  async function handleSaveLink(event: FormEvent) {
    event.preventDefault();
    try {
      onDebateChange(await setExternalLink(debate.id, link));
      toast.success(link ? 'Meeting link shared.' : 'Meeting link removed.');
    } catch (error) {
      toast.error(errorMessage(error));
    }
  }

  return (
    <form onSubmit={handleSaveLink} className="mt-3">
      <label htmlFor={linkId} className="text-sm font-semibold text-slate-700">
        Prefer Zoom or Meet? Share a meeting link
      </label>
      <div className="mt-1 flex gap-2">
        <input
          id={linkId}
          type="url"
          value={link}
          onChange={(e) => setLink(e.target.value)}
          placeholder="https://…"
          className="w-full rounded-xl border border-slate-300 px-3 py-2 text-sm"
        />
        <button type="submit" className={buttonClass('secondary')}>
          Share link
        </button>
      </div>
    </form>
  );
}
