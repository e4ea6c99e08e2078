/**
 * Which of two snapshots of a round to show. A client receives the round from HTTP answers (its own changes, a
 * refetch) and from `debate.updated` events, in any order: an answer read before an event may arrive after it. The
 * newer one wins field by field where the server counts versions: the round by its `revision`, the clock by its
 * `clockVersion` (clock changes arrive alone, as `debate.clock_changed`). Ties go to the arriving snapshot (the clock's, to the round's newer one).
 */
import type { TDebate } from './protocol.js';

export function newerDebate(current: TDebate | null | undefined, next: TDebate): TDebate {
  if (!current || current.id !== next.id) return next;
  const base = next.revision >= current.revision ? next : current;
  const clock =
    next.clockVersion === current.clockVersion ? base : next.clockVersion > current.clockVersion ? next : current;
  if (base === clock) return base;
  return { ...base, clock: clock.clock, clockVersion: clock.clockVersion };
}
