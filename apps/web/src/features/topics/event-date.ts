// Made on first use: the first Intl.DateTimeFormat of a page costs tens of milliseconds on a phone, and the
// topics page loads this module for every visitor though only an admin's form formats a date.
let longDate: Intl.DateTimeFormat | undefined;

/**
 * The date picker's value (`2025-07-20`) as the free-text event date the spec shows ("July 20, 2025").
 * Returns '' for anything that is not a real calendar day.
 */
export function formatEventDate(pickerValue: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(pickerValue);
  if (!match) return '';
  const [, year, month, day] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return '';
  longDate ??= new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
  return longDate.format(date);
}
