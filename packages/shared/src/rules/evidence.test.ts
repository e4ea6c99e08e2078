import { describe, expect, it } from 'vitest';
import { evidenceShareRefusal, evidenceViewRefusal, evidenceVisibilityRefusal } from './evidence.js';
import { debaterA, debaterB, judge, judgedRound, reasons, user, visitor } from './test-fixtures.js';

describe('refusals that say why', () => {
  const round = judgedRound;

  it('shows evidence to the round’s people, and to spectators only when the debaters allow', () => {
    const actors = [visitor, user, judge, debaterA];
    expect(reasons(actors.map((a) => evidenceViewRefusal(a, round(), false)))).toEqual([
      'evidence_private',
      'evidence_private',
      null,
      null,
    ]);
    expect(reasons(actors.map((a) => evidenceViewRefusal(a, round(), true)))).toEqual([
      'evidence_private',
      null,
      null,
      null,
    ]);
    expect(evidenceShareRefusal(judge, round({ status: 'judged' }))).toMatchObject({ reason: 'not_in_round' });
    expect(evidenceShareRefusal(judge, round({ status: 'awaiting_ballot' }))).toBeNull();
    expect(reasons([judge, debaterB].map((a) => evidenceVisibilityRefusal(a, round())))).toEqual([
      'not_in_round',
      null,
    ]);
  });
});
