import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError } from './api';

describe('api', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('carries the error’s code, reason and details, so callers branch on the reason, not the words', async () => {
    const body = {
      error: {
        code: 'conflict',
        reason: 'already_in_debate',
        message: 'You are already in a debate.',
        details: { debateId: 7 },
      },
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify(body), { status: 409, headers: { 'content-type': 'application/json' } }),
      ),
    );
    const error = await api('/api/debates/queue', { method: 'POST', json: { formatId: 'ld' } }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 409,
      code: 'conflict',
      reason: 'already_in_debate',
      details: { debateId: 7 },
    });
  });
});
