import { useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type FormEvent, type UIEvent } from 'react';
import { Lock, MessageCircle, Users, WifiOff } from 'lucide-react';
import { CHAT_COUNTER_FROM, CHAT_LOCK_BANNER, LIMITS, canDeleteMessage, isLimitedToTeams } from '@resolved/shared';
import { toast } from '../../lib/toast';
import { errorMessage } from '../../lib/form-errors';
import { PageHeading } from '../../shell/PageHeading';
import { PageLoading } from '../../shell/PageLoading';
import { buttonClass } from '../../ui/button-styles';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { useAuth } from '../auth/useAuth';
import { ChatMessageItem } from './ChatMessageItem';
import { OutboxItem } from './OutboxItem';
import { useChat } from './useChat';
import { useBlockedIds } from '../blocks/blocks-queries';
import { TeamOnlyNotice } from '../teams/TeamOnlyNotice';

/** Within this many pixels of the bottom the list follows new messages; further up, the reader is left alone. */
const STICK_TO_BOTTOM_PX = 120;
/** Scrolling this close to the top loads the previous page of history. */
const LOAD_OLDER_AT_PX = 80;

export default function ChatPage() {
  useDocumentTitle('Community Chat');
  const { user } = useAuth();
  // An account limited to its teams is not in the community chat; the page says why (nothing connects) and
  // leads to its teams.
  if (user && isLimitedToTeams(user)) {
    return (
      <>
        <PageHeading title="Community Chat" />
        <TeamOnlyNotice door="community_chat" testId="chat-closed" />
      </>
    );
  }
  return <CommunityChat />;
}

function CommunityChat() {
  const { user } = useAuth();
  const chat = useChat();
  const [text, setText] = useState('');
  const [isAdminOnly, setIsAdminOnly] = useState(false);
  const listRef = useRef<HTMLDivElement>(null);
  const isNearBottomRef = useRef(true);
  const previousRef = useRef<{ firstId?: number; scrollHeight: number }>({ scrollHeight: 0 });
  const inputId = useId();
  const counterId = useId();

  // The server leaves out the messages of people the reader blocked; a block made here hides theirs at once.
  const blocked = useBlockedIds(!!user);
  const visible = useMemo(
    () => chat.messages.filter((m) => (!isAdminOnly || m.role === 'admin') && !blocked.has(m.userId)),
    [chat.messages, isAdminOnly, blocked],
  );
  const countLabel = `${visible.length}${chat.hasOlder ? '+' : ''} ${visible.length === 1 && !chat.hasOlder ? 'message' : 'messages'}`;
  const remaining = LIMITS.chatMessage.max - text.length;
  const isBlank = text.trim().length === 0;

  // Keep the newest in view: after the first load, after sending, and when new messages arrive while the
  // reader is at the bottom. When older history is prepended, keep the reader's place instead.
  useLayoutEffect(() => {
    const list = listRef.current;
    if (!list) return;
    const firstId = visible[0]?.id;
    const previous = previousRef.current;
    if (previous.firstId !== undefined && firstId !== undefined && firstId < previous.firstId) {
      list.scrollTop += list.scrollHeight - previous.scrollHeight;
    } else if (isNearBottomRef.current) {
      list.scrollTop = list.scrollHeight;
    }
    previousRef.current = { firstId, scrollHeight: list.scrollHeight };
  }, [visible, chat.outbox, chat.status]);

  useEffect(() => {
    if (chat.status === 'error' && chat.error) toast.error(chat.error);
  }, [chat.status, chat.error]);

  function handleScroll(event: UIEvent<HTMLDivElement>) {
    const list = event.currentTarget;
    isNearBottomRef.current = list.scrollHeight - list.scrollTop - list.clientHeight < STICK_TO_BOTTOM_PX;
    if (list.scrollTop < LOAD_OLDER_AT_PX && chat.hasOlder && !chat.isLoadingOlder) handleLoadOlder();
  }

  function handleLoadOlder() {
    chat.loadOlder().catch((error: unknown) => toast.error(errorMessage(error)));
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const message = text.trim();
    if (!message) return;
    isNearBottomRef.current = true;
    chat.send(message);
    setText('');
  }

  function handleDelete(id: number) {
    chat.remove(id).catch((error: unknown) => toast.error(errorMessage(error)));
  }

  return (
    <>
      <PageHeading
        title="Community Chat"
        icon={<MessageCircle className="h-8 w-8 text-brand-600" aria-hidden="true" />}
      />
      <section
        aria-label="Chat"
        className="flex h-[75vh] flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm"
        data-testid="chat-view"
      >
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2 border-b border-slate-200 px-4 py-3 text-sm">
          <span className="font-semibold text-slate-800" data-testid="chat-count">
            {countLabel}
          </span>
          {chat.presence !== undefined ? (
            <span className="inline-flex items-center gap-1 text-slate-700" data-testid="chat-presence">
              <Users className="h-4 w-4" aria-hidden="true" />
              {chat.presence} in the chat now
            </span>
          ) : null}
          {!chat.isConnected && chat.status !== 'loading' ? (
            <span role="status" className="inline-flex items-center gap-1 font-medium text-amber-800">
              <WifiOff className="h-4 w-4" aria-hidden="true" />
              Reconnecting…
            </span>
          ) : null}
          <label className="ml-auto inline-flex cursor-pointer items-center gap-2 text-slate-800">
            <input
              type="checkbox"
              checked={isAdminOnly}
              onChange={(event) => setIsAdminOnly(event.target.checked)}
              className="h-4 w-4 accent-brand-700"
            />
            Admin messages only
          </label>
        </div>

        {chat.lock?.isLocked ? (
          <p
            role="status"
            data-testid="chat-lock-banner"
            className="flex items-start gap-2 border-b border-amber-200 bg-amber-50 px-4 py-2 text-sm font-medium text-amber-900"
          >
            <Lock className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
            {CHAT_LOCK_BANNER}
          </p>
        ) : null}

        <div
          ref={listRef}
          onScroll={handleScroll}
          className="flex-1 overflow-y-auto bg-slate-50 px-3 py-4 sm:px-4"
          data-testid="chat-list"
        >
          {chat.status === 'loading' ? (
            <PageLoading label="Loading messages…" />
          ) : (
            <>
              {chat.hasOlder && !isAdminOnly ? (
                <div className="mb-3 text-center">
                  <button
                    type="button"
                    onClick={handleLoadOlder}
                    disabled={chat.isLoadingOlder}
                    className={buttonClass('ghost', 'text-xs')}
                  >
                    {chat.isLoadingOlder ? 'Loading…' : 'Load older messages'}
                  </button>
                </div>
              ) : null}
              {visible.length === 0 && chat.outbox.length === 0 ? (
                <p className="py-16 text-center text-slate-600">No messages yet</p>
              ) : null}
              <ol className="flex flex-col gap-3" aria-label="Messages" aria-live="polite">
                {visible.map((message) => (
                  <ChatMessageItem
                    key={message.id}
                    message={message}
                    isOwn={message.userId === user?.id}
                    canDelete={canDeleteMessage(user ?? null, message)}
                    onDelete={handleDelete}
                    canBlock={!!user && message.userId !== user.id && message.role !== 'admin'}
                  />
                ))}
                {chat.outbox.map((item) => (
                  <OutboxItem key={item.clientId} item={item} onRetry={chat.retry} />
                ))}
              </ol>
            </>
          )}
        </div>

        <form onSubmit={handleSubmit} className="border-t border-slate-200 p-3">
          <div className="flex items-center gap-2">
            <label htmlFor={inputId} className="sr-only">
              Message
            </label>
            <input
              id={inputId}
              type="text"
              value={text}
              onChange={(event) => setText(event.target.value)}
              placeholder="Type your message here..."
              maxLength={LIMITS.chatMessage.max}
              autoComplete="off"
              aria-describedby={text.length >= CHAT_COUNTER_FROM ? counterId : undefined}
              className="min-w-0 flex-1 rounded-xl border border-slate-300 px-4 py-2.5 text-slate-900 placeholder:text-slate-500 focus:border-brand-500"
            />
            <button type="submit" disabled={isBlank} className={buttonClass('primary')}>
              Send
            </button>
          </div>
          {text.length >= CHAT_COUNTER_FROM ? (
            <p
              id={counterId}
              aria-live="polite"
              className={`mt-1 text-right text-xs ${remaining <= 50 ? 'font-semibold text-red-800' : 'text-slate-600'}`}
            >
              {remaining} characters left
            </p>
          ) : null}
        </form>
      </section>
    </>
  );
}
