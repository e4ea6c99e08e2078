import { toast } from '../../../lib/toast';
import { buttonClass } from '../../../ui/button-styles';

/** A challenge link (or a partner link) just made, to copy and send to a friend. */
export function ChallengeLink({
  id,
  url,
  label = 'Send this link to your friend',
}: {
  id: string;
  url: string;
  label?: string;
}) {
  return (
    <div className="mt-4">
      <label htmlFor={id} className="text-sm font-semibold text-slate-700">
        {label}
      </label>
      <div className="mt-1 flex gap-2">
        <input
          id={id}
          readOnly
          value={url}
          className="w-full rounded-xl border border-slate-300 px-3 py-2 text-sm"
          onFocus={(e) => e.currentTarget.select()}
        />
        <button
          type="button"
          className={buttonClass('secondary')}
          onClick={() =>
            void navigator.clipboard
              ?.writeText(url)
              .then(() => toast.success('Link copied.'))
              .catch(() => toast.info('Select the link and copy it.'))
          }
        >
          Copy
        </button>
      </div>
    </div>
  );
}
