import { useId, useState, type FormEvent } from 'react';
import type { TDebateMessage } from '@resolved/shared';
import { toast } from '../../../lib/toast';
import { errorMessage } from '../../../lib/form-errors';
import { buttonClass } from '../../../ui/button-styles';

/**
 * In-round chat: debaters and the judge write; everyone watching reads. The same box is a team's partner chat, read
 * and written by its partners only (`title`, `placeholder` and `testId` tell them apart).
 */
export function DebateChat({
  messages,
  canWrite,
  readOnlyNote = 'Only the debaters and the judge write here.',
  title = 'Round chat',
  placeholder = 'Message the round…',
  testId = 'round-chat',
  onSend,
}: {
  messages: TDebateMessage[];
  title?: string;
  placeholder?: string;
  testId?: string;
  canWrite: boolean;
  /** What is said in place of the message box when `canWrite` is false. */
  readOnlyNote?: string;
  onSend: (text: string) => Promise<unknown>;
}) {
  const inputId = useId();
  const headingId = useId();
  const [text, setText] = useState('');
  const [isSending, setIsSending] = useState(false);

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (!text.trim()) return;
    setIsSending(true);
    try {
      await onSend(text);
      setText('');
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setIsSending(false);
    }
  }

  return (
    <section aria-labelledby={headingId} className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id={headingId} className="text-lg font-bold text-slate-900">
        {title}
      </h2>
      <ol className="mt-3 max-h-72 space-y-2 overflow-y-auto" data-testid={testId} aria-live="polite">
        {messages.length === 0 ? <li className="text-sm text-slate-500">No messages yet</li> : null}
        {messages.map((m) => (
          <li key={m.id} className="text-sm">
            <span className="font-semibold text-slate-900">{m.displayName}</span>{' '}
            <span className="text-slate-700 [overflow-wrap:anywhere]">{m.text}</span>
          </li>
        ))}
      </ol>
      {canWrite ? (
        <form onSubmit={handleSubmit} className="mt-3 flex gap-2">
          <label htmlFor={inputId} className="sr-only">
            Message
          </label>
          <input
            id={inputId}
            value={text}
            onChange={(e) => setText(e.target.value)}
            maxLength={1000}
            placeholder={placeholder}
            className="w-full rounded-xl border border-slate-300 px-3 py-2 text-sm"
          />
          <button type="submit" className={buttonClass('primary')} disabled={isSending || !text.trim()}>
            Send
          </button>
        </form>
      ) : (
        <p className="mt-3 text-sm text-slate-500">{readOnlyNote}</p>
      )}
    </section>
  );
}
