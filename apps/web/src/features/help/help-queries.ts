/** The help page's HTTP calls: which help form the server offers, and the in-app contact form. */
import { queryOptions } from '@tanstack/react-query';
import type { TCreateContactRequest } from '@resolved/shared';
import { api } from '../../lib/api';

export interface THelpConfig {
  /** An external help form to embed, or null for the in-app contact form. */
  helpFormUrl: string | null;
}

export const helpConfigQuery = queryOptions({
  queryKey: ['help', 'config'],
  queryFn: () => api<THelpConfig>('/api/help/config'),
});

export function sendContactRequest(
  input: TCreateContactRequest,
): Promise<{ request: { id: number; createdAt: string } }> {
  return api('/api/help/requests', { method: 'POST', json: input });
}
