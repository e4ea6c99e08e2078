import { useCallback, useId, useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Bell } from 'lucide-react';
import type { TNotice } from '@resolved/shared';
import { useSocketEvent } from '../../lib/socket';
import { toast } from '../../lib/toast';
import { buttonClass } from '../../ui/button-styles';
import { useAuth } from '../auth/useAuth';
import { appealNotice, markNoticesRead, moderationKeys, noticesQuery } from './moderation-queries';
import { useDismiss } from '../../ui/useDismiss';
import { formatChatTimestamp } from '../../lib/chat-time';
import { errorMessage } from '../../lib/form-errors';

/** A notice's words, with an action's end in the reader's own time, as the chat shows times. */
const noticeText = (n: TNotice) => (n.until ? `${n.body} Until ${formatChatTimestamp(n.until)}.` : n.body);

function AppealBox({ notice }: { notice: TNotice }) {
  const client = useQueryClient();
  const [isOpen, setIsOpen] = useState(false);
  const [text, setText] = useState('');
  const appeal = useMutation({
    mutationFn: () => appealNotice(notice.id, text.trim()),
    onSuccess: () => {
      toast.success('Your appeal was sent. A moderator will look at it.');
      void client.invalidateQueries({ queryKey: moderationKeys.notices });
    },
    onError: (err) => toast.error(errorMessage(err, 'The appeal could not be sent.')),
  });
  if (!notice.canAppeal) return null;
  if (!isOpen) {
    return (
      <button
        type="button"
        className="mt-1 text-sm font-semibold text-brand-800 underline"
        onClick={() => setIsOpen(true)}
      >
        Appeal
      </button>
    );
  }
  return (
    <form
      className="mt-2 space-y-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (text.trim()) appeal.mutate();
      }}
    >
      <label className="block text-sm font-semibold">
        Why should this be reconsidered?
        <textarea
          value={text}
          maxLength={1000}
          rows={3}
          onChange={(event) => setText(event.target.value)}
          className="mt-1 w-full rounded-xl border border-slate-300 px-3 py-2 font-normal"
        />
      </label>
      <button type="submit" className={buttonClass('primary')} disabled={appeal.isPending || !text.trim()}>
        Send appeal
      </button>
    </form>
  );
}

/**
 * The header's notices: what moderation did about one's reports (whether action was taken, never which)
 * and what it did to one's account (what, why, until when, with one appeal per action). Live over the socket.
 */
export function NoticesMenu() {
  const client = useQueryClient();
  const { user } = useAuth();
  // Not after a sign-out (the cache is cleared then; a refetch would only be refused).
  const notices = useQuery({ ...noticesQuery, enabled: user !== null });
  const [isOpen, setIsOpen] = useState(false);
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  useSocketEvent('notice.created', () => void client.invalidateQueries({ queryKey: moderationKeys.notices }));
  const unread = notices.data?.filter((n) => n.readAt === null).length ?? 0;

  const dismiss = useCallback(() => setIsOpen(false), []);
  useDismiss(isOpen, rootRef, dismiss);

  function handleToggle() {
    const next = !isOpen;
    setIsOpen(next);
    if (next && unread > 0) {
      void markNoticesRead().then(() => client.invalidateQueries({ queryKey: moderationKeys.notices }));
    }
  }

  return (
    <div ref={rootRef} className="relative">
      <button
        type="button"
        aria-label={unread > 0 ? `Notices, ${unread} new` : 'Notices'}
        aria-expanded={isOpen}
        aria-controls={panelId}
        onClick={handleToggle}
        className="relative flex h-10 w-10 items-center justify-center rounded-full text-white ring-2 ring-white/30 hover:ring-white"
      >
        <Bell className="h-5 w-5" aria-hidden="true" />
        {unread > 0 ? (
          <span className="absolute -right-1 -top-1 min-w-5 rounded-full bg-red-600 px-1 text-center text-xs font-bold leading-5">
            {unread}
          </span>
        ) : null}
      </button>
      {isOpen ? (
        <div
          id={panelId}
          className="fixed inset-x-2 top-[7.25rem] z-30 max-h-[70vh] overflow-y-auto rounded-2xl border border-slate-200 bg-white p-3 text-slate-900 shadow-xl sm:absolute sm:inset-x-auto sm:right-0 sm:top-12 sm:w-96"
        >
          <h2 className="px-1 pb-2 text-base font-bold">Notices</h2>
          {notices.data && notices.data.length > 0 ? (
            <ul className="space-y-2" data-testid="notices-list">
              {notices.data.map((n) => (
                <li key={n.id} className="rounded-xl border border-slate-200 p-3">
                  <p className="font-semibold">{n.title}</p>
                  <p className="text-sm text-slate-700">{noticeText(n)}</p>
                  <time dateTime={n.createdAt} className="text-xs text-slate-600">
                    {formatChatTimestamp(n.createdAt)}
                  </time>
                  <AppealBox notice={n} />
                </li>
              ))}
            </ul>
          ) : (
            <p className="px-1 text-sm text-slate-700">No notices.</p>
          )}
        </div>
      ) : null}
    </div>
  );
}

/** What moderation did to this account and it has not read yet (a warning, a mute…), shown on the next page. */
export function ModerationNoticeBanner() {
  const client = useQueryClient();
  const { user } = useAuth();
  const notices = useQuery({ ...noticesQuery, enabled: user !== null });
  useSocketEvent('notice.created', () => void client.invalidateQueries({ queryKey: moderationKeys.notices }));
  const unread = notices.data?.filter((n) => n.kind === 'action' && n.readAt === null) ?? [];
  if (unread.length === 0) return null;
  return (
    <div role="status" className="mb-4 space-y-1 rounded-2xl border border-amber-300 bg-amber-50 p-4 text-amber-950">
      {unread.map((n) => (
        <p key={n.id}>
          <span className="font-bold">{n.title}.</span> {noticeText(n)}
        </p>
      ))}
      <button
        type="button"
        className={buttonClass('secondary', 'mt-2')}
        onClick={() =>
          void markNoticesRead().then(() => client.invalidateQueries({ queryKey: moderationKeys.notices }))
        }
      >
        I understand
      </button>
    </div>
  );
}

export default NoticesMenu;
