/** Times in words, for refusals every page may show (no dependencies: they are in the first load). */

/** A mute's and a suspension's refusal, with its end in words (the server's UTC `formatUntil`, or the viewer's time). */
export const RESTRICTION_WORDS = {
  muted: (until: string) => `You are muted until ${until}. You cannot send messages until then.`,
  suspended: (until: string) => `You are suspended from live debates until ${until}.`,
} as const;

/** The words for a restriction's end, in UTC (the same on every server and in every test). */
export function formatUntil(iso: string): string {
  const d = new Date(iso);
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  const hh = String(d.getUTCHours()).padStart(2, '0');
  const mm = String(d.getUTCMinutes()).padStart(2, '0');
  return `${d.getUTCDate()} ${months[d.getUTCMonth()]} ${d.getUTCFullYear()}, ${hh}:${mm} UTC`;
}
