/**
 * The words of the away window, from the server's setting (`forfeitAfterMs` on the queue status, which is
 * `DEBATE_FORFEIT_AFTER_MS` or the product's minute): what the banner and the leave guard promise.
 */

const part = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;

/** "a minute", "90 seconds", "2 minutes": whole minutes when the window is one, seconds otherwise. */
export function awayWindowInWords(ms: number): string {
  const seconds = Math.max(1, Math.round(ms / 1000));
  if (seconds === 60) return 'a minute';
  if (seconds % 60 === 0) return part(seconds / 60, 'minute');
  return part(seconds, 'second');
}

/** The banner on every page but the room, while the user debates a live round. */
export function liveDebateBannerText(forfeitAfterMs: number): string {
  return `You are in a live debate — return within ${awayWindowInWords(forfeitAfterMs)} or it counts as a forfeit.`;
}

/** The question before a debater of a live round follows a link out of the room. */
export function leaveLiveDebateQuestion(forfeitAfterMs: number): string {
  return (
    `You are in a live debate. If you stay away for more than ${awayWindowInWords(forfeitAfterMs)}, ` +
    `you forfeit the round. Leave anyway?`
  );
}
