/**
 * The chat's client state as pure functions: the stored messages merged by id (so a message that arrives
 * both live and in a catch-up shows once), and the sender's outbox of messages not yet acknowledged.
 */
import type { TChatMessage } from '@resolved/shared';

export type TOutboxStatus = 'sending' | 'failed';

export interface TOutboxItem {
  clientId: string;
  text: string;
  status: TOutboxStatus;
  /** Why it failed, when the server said (rate limit, validation…). */
  error?: string;
  /** Failed for a reason sending again may clear (no answer, a rate limit); not for a refusal (a mute, a slur…). */
  canRetry?: boolean;
  createdAt: number;
}

export interface TChatState {
  /** Stored messages, ascending by id. */
  messages: TChatMessage[];
  /** Ids deleted while this page was open: a catch-up in flight must not bring them back. */
  deletedIds: ReadonlySet<number>;
  outbox: TOutboxItem[];
}

export const INITIAL_CHAT_STATE: TChatState = { messages: [], deletedIds: new Set(), outbox: [] };

/** Adds messages not seen yet (by id), keeps the list ascending, and clears the outbox entries they confirm. */
export function mergeMessages(state: TChatState, incoming: readonly TChatMessage[]): TChatState {
  const fresh = incoming.filter((m) => !state.deletedIds.has(m.id));
  if (fresh.length === 0) return state;
  const byId = new Map(state.messages.map((m) => [m.id, m]));
  for (const message of fresh) byId.set(message.id, message);
  const messages = [...byId.values()].sort((a, b) => a.id - b.id);
  const confirmed = new Set(fresh.map((m) => m.clientId));
  const outbox = state.outbox.filter((item) => !confirmed.has(item.clientId));
  return {
    ...state,
    messages,
    outbox: outbox.length === state.outbox.length ? state.outbox : outbox,
  };
}

export function removeMessages(state: TChatState, ids: readonly number[]): TChatState {
  if (ids.length === 0) return state;
  const deletedIds = new Set(state.deletedIds);
  for (const id of ids) deletedIds.add(id);
  return { ...state, deletedIds, messages: state.messages.filter((m) => !deletedIds.has(m.id)) };
}

export function addToOutbox(state: TChatState, item: TOutboxItem): TChatState {
  return { ...state, outbox: [...state.outbox, item] };
}

export function setOutboxStatus(
  state: TChatState,
  clientId: string,
  status: TOutboxStatus,
  error?: string,
  canRetry = true,
): TChatState {
  return {
    ...state,
    outbox: state.outbox.map((item) =>
      item.clientId === clientId ? { ...item, status, error: error || undefined, canRetry } : item,
    ),
  };
}

/** Failures that sending again may clear; the code of anything else (forbidden, validation_failed…) is a refusal. */
const TRANSIENT_CODES: readonly string[] = ['rate_limited', 'internal_error', 'service_unavailable'];

/**
 * Whether a message that failed with `error` (undefined: no answer in time) is offered a Retry: no answer, a server
 * failure, a rate limit (the chat's slow mode too), or the chat's lock, which an admin lifts live (its banner goes).
 * A mute, a ban or the text filter's slur is refused again whatever the network does: it shows the reason and no
 * Retry.
 */
export function isRetryableFailure(error: { code: string; reason?: string | undefined } | undefined): boolean {
  return error === undefined || TRANSIENT_CODES.includes(error.code) || error.reason === 'chat_locked';
}

/** The newest stored id: the cursor a reconnecting client catches up from. */
export function lastMessageId(state: TChatState): number | undefined {
  return state.messages.at(-1)?.id;
}
