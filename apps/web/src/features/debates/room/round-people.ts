import type { TDebate, TDebateParticipant } from '@resolved/shared';

/** The round's judges: its one judge, or every judge of its panel in seat order (the chair first). */
export function judgesOfRound(debate: Pick<TDebate, 'judge' | 'panel'>): TDebateParticipant[] {
  const judges: TDebateParticipant[] = debate.judge ? [debate.judge] : [];
  for (const { userId, displayName } of debate.panel?.judges ?? []) {
    if (!judges.some((j) => j.userId === userId)) judges.push({ userId, displayName });
  }
  return judges;
}

/** Everyone seated in the round (its debaters and judges): whom its people may block or report from it. */
export function peopleOfRound(debate: Pick<TDebate, 'debaters' | 'judge' | 'panel'>): TDebateParticipant[] {
  const { a, b } = debate.debaters;
  return [
    { userId: a.userId, displayName: a.displayName },
    { userId: b.userId, displayName: b.displayName },
    ...judgesOfRound(debate),
  ];
}
