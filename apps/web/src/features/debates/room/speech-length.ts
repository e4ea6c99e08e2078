import { formatClock, formatOf, isFourTeamFormat, type TDebate } from '@resolved/shared';

/**
 * A British Parliamentary room's speech length in words, from the round's own clock (seven minutes, or five when the
 * room or its host chose the schools' length) with the stretch of each speech open to points of information:
 * "5-minute speeches (schools): points of information from 1:00 to 4:00". Null in any other format.
 */
export function speechLengthNote(debate: Pick<TDebate, 'formatId' | 'clock'>): string | null {
  if (!isFourTeamFormat(debate.formatId)) return null;
  const format = formatOf(debate.clock);
  const minutes = format.speeches[0]?.minutes;
  if (minutes === undefined || !format.poi) return null;
  const who = minutes === 5 ? 'schools' : 'universities';
  const from = formatClock(format.poi.protectedFirstSeconds * 1000);
  const to = formatClock((minutes * 60 - format.poi.protectedLastSeconds) * 1000);
  return `${minutes}-minute speeches (${who}): points of information from ${from} to ${to}`;
}
