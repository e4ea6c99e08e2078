/**
 * What the queue card sends when "Find an opponent" is pressed, from its choices: the format alone (one debater a
 * side), the mode and partners of a team format, and in British Parliamentary the speech length the team chose (a
 * room forms only from teams that chose the same one).
 */
import { isFourTeamFormat, teamSizeOf, type TBpSpeechMinutes, type TFormatId, type TQueueMode } from '@resolved/shared';
import type { TJoinQueueInput } from './partner-queries';

/** The two lengths a BP queuer chooses between, as the card names them. */
export const SPEECH_LENGTH_LABELS: Readonly<Record<TBpSpeechMinutes, string>> = {
  7: '7-minute speeches (universities)',
  5: '5-minute speeches (schools)',
};

export function queueJoinInput(choice: {
  formatId: TFormatId;
  mode: TQueueMode;
  partnerIds: readonly string[];
  speechMinutes: TBpSpeechMinutes;
}): TJoinQueueInput {
  const { formatId, mode } = choice;
  if (teamSizeOf(formatId) === 1) return { formatId };
  const length = isFourTeamFormat(formatId) ? { speechMinutes: choice.speechMinutes } : {};
  return mode === 'team'
    ? { formatId, mode, partnerIds: [...choice.partnerIds], ...length }
    : { formatId, mode, ...length };
}
