/**
 * CSV as RFC 4180 writes it, for exports a spreadsheet opens: fields joined by commas, records by CRLF, a field quoted
 * when it holds a comma, a quote, a line break or leading or trailing space, its quotes doubled. A text field that a
 * spreadsheet would run as a formula (starting with =, +, -, @, a tab or a carriage return: OWASP's CSV injection) is
 * prefixed with a single quote, since names in an export are typed by users. Numbers are written as they are.
 */
export type TCsvValue = string | number | boolean | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]|^\s|\s$/;

/** One field, escaped. */
export function csvField(value: TCsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A header line and one line per row, each ending in CRLF. */
export function toCsv(header: readonly string[], rows: readonly (readonly TCsvValue[])[]): string {
  return [header, ...rows].map((row) => `${row.map(csvField).join(',')}\r\n`).join('');
}
