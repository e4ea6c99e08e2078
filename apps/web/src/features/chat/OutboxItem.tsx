import { RotateCw } from 'lucide-react';
import type { TOutboxItem } from './chat-state';
import { MessageText } from './MessageText';

/**
 * A message of the viewer's not yet stored: "Sending…", or "Not sent" with the reason, and a Retry button when sending
 * again may work (not for a refusal: a mute, a ban, a slur).
 */
export function OutboxItem({ item, onRetry }: { item: TOutboxItem; onRetry: (clientId: string) => void }) {
  const isFailed = item.status === 'failed';
  return (
    <li className="flex justify-end" data-testid="chat-outbox-item" data-status={item.status}>
      <article
        className={`max-w-[85%] rounded-2xl border px-4 py-2 sm:max-w-[70%] ${
          isFailed ? 'border-red-300 bg-red-50' : 'border-dashed border-brand-300 bg-brand-50/60'
        }`}
      >
        <header className="flex flex-wrap items-center gap-2 text-sm">
          <span className="font-semibold text-slate-800">You</span>
          {isFailed ? (
            <span className="inline-flex items-center gap-2 text-xs font-semibold text-red-800">
              Not sent
              {item.canRetry === false ? null : (
                <button
                  type="button"
                  onClick={() => onRetry(item.clientId)}
                  className="inline-flex items-center gap-1 rounded-lg border border-red-300 bg-white px-2 py-0.5 text-red-800 hover:bg-red-100"
                >
                  <RotateCw className="h-3.5 w-3.5" aria-hidden="true" />
                  Retry
                </button>
              )}
            </span>
          ) : (
            <span className="text-xs text-slate-600">Sending…</span>
          )}
        </header>
        <div className="mt-1 text-[0.95rem] leading-relaxed text-slate-800">
          <MessageText text={item.text} />
        </div>
        {isFailed ? (
          <p role="alert" className="mt-1 text-sm text-red-800">
            {item.error ?? 'The server did not confirm it. Check your connection, then retry.'}
          </p>
        ) : null}
      </article>
    </li>
  );
}
