/**
 * Times as the chat shows them (spec §9), and so every notice or message that names a time: the viewer's own time
 * zone, abbreviated month, 12-hour clock.
 */

const TIMESTAMP_OPTIONS: Intl.DateTimeFormatOptions = {
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
};
const TIMESTAMP_FORMAT = new Intl.DateTimeFormat('en-US', TIMESTAMP_OPTIONS);

/** "Nov 22, 4:05 PM": abbreviated month, day, hour:minute, am/pm — in the viewer's time zone. */
export function formatChatTimestamp(iso: string, timeZone?: string): string {
  const format = timeZone ? new Intl.DateTimeFormat('en-US', { ...TIMESTAMP_OPTIONS, timeZone }) : TIMESTAMP_FORMAT;
  return format.format(new Date(iso)).replace(/\u202f/g, ' ');
}
