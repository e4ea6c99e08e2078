/** The community chat's HTTP call (the live chat itself goes over the socket: see useChat). */
import type { TListMessagesResponse } from '@resolved/shared';
import { api } from '../../lib/api';

/** A page of stored messages older than `beforeId`, for "Load older messages". */
export function fetchMessagesBefore(beforeId: number): Promise<TListMessagesResponse> {
  return api<TListMessagesResponse>(`/api/chat/messages?beforeId=${beforeId}`);
}

/** The newest page of history (after an unblock, the messages of the person unblocked come back). */
export function fetchNewestMessages(): Promise<TListMessagesResponse> {
  return api<TListMessagesResponse>('/api/chat/messages');
}
