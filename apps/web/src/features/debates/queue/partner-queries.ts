/**
 * The queue with partners (issue 40): joining in a mode, whom the user may name as a partner, and partner links. The
 * queue's status and leaving it are `debates-queries.ts`.
 */
import { queryOptions } from '@tanstack/react-query';
import type {
  TBpSpeechMinutes,
  TFormatId,
  TJoinQueueResult,
  TPartnerChoice,
  TPartnerLinkView,
  TQueueMode,
} from '@resolved/shared';
import { api } from '../../../lib/api';

/** What a join sends: a format alone queues as the server reads a bare format (`ZJoinTeamQueueRequest`). */
export interface TJoinQueueInput {
  formatId: TFormatId;
  mode?: TQueueMode;
  partnerIds?: string[];
  /** British Parliamentary: the speech length the team chose. */
  speechMinutes?: TBpSpeechMinutes;
}

export function joinQueueAs(input: TJoinQueueInput): Promise<TJoinQueueResult> {
  return api<TJoinQueueResult>('/api/debates/queue', { method: 'POST', json: input });
}

export const partnersKey = ['debates', 'partners'] as const;

export function partnerChoicesQuery(formatId: TFormatId) {
  return queryOptions({
    queryKey: [...partnersKey, formatId],
    queryFn: () =>
      api<{ partners: TPartnerChoice[] }>(`/api/debates/partners?formatId=${formatId}`).then((r) => r.partners),
  });
}

export function createPartnerLink(formatId: TFormatId): Promise<{ link: TPartnerLinkView }> {
  return api('/api/debates/partner-links', { method: 'POST', json: { formatId } });
}

export function partnerLinkQuery(token: string) {
  return queryOptions({
    queryKey: ['debates', 'partner-link', token],
    queryFn: () =>
      api<{ link: TPartnerLinkView }>(`/api/debates/partner-links/${encodeURIComponent(token)}`).then((r) => r.link),
  });
}

export function acceptPartnerLink(
  token: string,
): Promise<{ link: TPartnerLinkView; partner: { userId: string; displayName: string } }> {
  return api(`/api/debates/partner-links/${encodeURIComponent(token)}/accept`, { method: 'POST' });
}
