import type { TDebate, TDebateParticipant } from '@resolved/shared';
import { seatsOfRound } from './round-seats';

/** The round's judges: its one judge, or every judge of its panel in seat order (the chair first). */
export function judgesOfRound(debate: Pick<TDebate, 'judge' | 'panel'>): TDebateParticipant[] {
  const judges: TDebateParticipant[] = debate.judge ? [debate.judge] : [];
  for (const { userId, displayName } of debate.panel?.judges ?? []) {
    if (!judges.some((j) => j.userId === userId)) judges.push({ userId, displayName });
  }
  return judges;
}

/** Everyone seated in the round (its debaters and judges): whom its people may block or report from it. */
export function peopleOfRound(
  debate: Parameters<typeof seatsOfRound>[0] & Pick<TDebate, 'judge' | 'panel'>,
): TDebateParticipant[] {
  return [
    ...seatsOfRound(debate).map(({ userId, displayName }) => ({ userId, displayName })),
    ...judgesOfRound(debate),
  ];
}
