/** The people and the round the rule tests share (test code only: imported by `*.test.ts`). */
import type { TActor } from './actor.js';
import type { TRoundSeats } from './round.js';

export const visitor: TActor = null;
export const user: TActor = { id: 'u1', role: 'user' };
export const other: TActor = { id: 'u2', role: 'user' };
export const moderator: TActor = { id: 'm1', role: 'moderator' };
export const admin: TActor = { id: 'a1', role: 'admin' };
export const debaterA: TActor = { id: 'da', role: 'user' };
export const debaterB: TActor = { id: 'db', role: 'user' };
export const judge: TActor = { id: 'j1', role: 'user' };

/** A live round of `da` and `db` with no judge, changed by `patch`. */
export const round = (patch: Partial<TRoundSeats> = {}): TRoundSeats => ({
  status: 'live',
  debaterAId: 'da',
  debaterBId: 'db',
  judgeId: null,
  hasJudgeInvite: false,
  ...patch,
});

/** The same round with `j1` in the judge's seat. */
export const judgedRound = (patch: Partial<TRoundSeats> = {}): TRoundSeats => round({ judgeId: 'j1', ...patch });

/** The reasons of a list of refusals (null where a rule allowed). */
export const reasons = (refusals: ({ reason: string } | null)[]) => refusals.map((r) => r?.reason ?? null);
