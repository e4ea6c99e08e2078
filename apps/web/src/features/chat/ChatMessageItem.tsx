import { ShieldCheck, Trash2 } from 'lucide-react';
import type { TChatMessage } from '@resolved/shared';
import { formatChatTimestamp } from '../../lib/chat-time';
import { MessageText } from './MessageText';
import { BlockButton } from '../blocks/BlockButton';
import { ReportButton } from '../moderation/ReportButton';

interface TChatMessageItemProps {
  message: TChatMessage;
  isOwn: boolean;
  canDelete: boolean;
  onDelete: (id: number) => void;
  /** Someone else's message: offer to block its author. */
  canBlock?: boolean;
}

/** One stored message: "You" for the viewer's own, the "Admin" label, badge and colours for an admin's. */
export function ChatMessageItem({ message, isOwn, canDelete, onDelete, canBlock = false }: TChatMessageItemProps) {
  const isAdmin = message.role === 'admin';
  const bubble = isAdmin
    ? 'border-amber-300 bg-amber-50 text-slate-900'
    : isOwn
      ? 'border-brand-200 bg-brand-50 text-slate-900'
      : 'border-slate-200 bg-white text-slate-900';
  return (
    <li
      className={`flex ${isOwn ? 'justify-end' : 'justify-start'}`}
      data-testid="chat-message"
      data-message-id={message.id}
      data-role={message.role}
    >
      <article className={`group max-w-[85%] rounded-2xl border px-4 py-2 shadow-sm sm:max-w-[70%] ${bubble}`}>
        <header className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
          <span
            className={`font-semibold ${isAdmin ? 'text-amber-900' : 'text-slate-800'}`}
            data-testid="chat-message-author"
          >
            {isOwn ? 'You' : message.displayName}
          </span>
          {isAdmin ? (
            <span
              className="inline-flex items-center gap-1 rounded-full bg-amber-600 px-2 py-0.5 text-xs font-semibold text-white"
              title="Administrator"
              data-testid="chat-admin-badge"
            >
              <ShieldCheck className="h-3.5 w-3.5" aria-hidden="true" />
              <span className="sr-only">Administrator</span>
            </span>
          ) : null}
          <time dateTime={message.timestamp} className="text-xs text-slate-600">
            {formatChatTimestamp(message.timestamp)}
          </time>
          {canBlock ? (
            <span className={canDelete ? '' : 'ml-auto'}>
              <BlockButton userId={message.userId} displayName={message.displayName} />
            </span>
          ) : null}
          {canDelete ? (
            <button
              type="button"
              onClick={() => onDelete(message.id)}
              className="ml-auto inline-flex items-center gap-1 rounded-lg px-1.5 py-0.5 text-xs text-slate-600 hover:bg-red-50 hover:text-red-700"
            >
              <Trash2 className="h-3.5 w-3.5" aria-hidden="true" />
              Delete
            </button>
          ) : null}
          {!isOwn ? (
            <span className={canDelete ? '' : 'ml-auto'}>
              <ReportButton
                target="message"
                userId={message.userId}
                targetId={message.id}
                displayName={message.displayName}
                isCompact
              />
            </span>
          ) : null}
        </header>
        <div className="mt-1 text-[0.95rem] leading-relaxed">
          <MessageText text={message.text} />
        </div>
      </article>
    </li>
  );
}
