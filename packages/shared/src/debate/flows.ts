/**
 * Flow sheets: each debater and the judge keep their own flow of a round, one column per speech of the
 * format, cells of arguments; a cell can extend an argument from the column before. Private to its author.
 */
import { z } from 'zod';
import { FORMATS, speechesOf, type TFormatId, type TSideKey } from '../formats.js';
import { zText } from '../text.js';

export const FLOW_LIMITS = { rows: 60, cellMax: 1000 } as const;

export const ZFlowCell = z.object({
  text: zText('multiline', {
    label: 'A cell',
    min: 0,
    isTrimmed: false,
    max: FLOW_LIMITS.cellMax,
    tooLong: `A cell can hold at most ${FLOW_LIMITS.cellMax} characters.`,
  }),
  /** Carries the argument across from the same row of the column before. */
  isExtension: z.boolean().default(false),
});
export type TFlowCell = z.infer<typeof ZFlowCell>;

/** Columns (one per speech, in order) of rows. */
export const ZFlowColumns = z.array(z.array(ZFlowCell).max(FLOW_LIMITS.rows)).max(12);
export type TFlowColumns = z.infer<typeof ZFlowColumns>;

export const ZSaveFlowRequest = z.object({ columns: ZFlowColumns });

export interface TFlow {
  debateId: number;
  columns: TFlowColumns;
  updatedAt: string | null;
}

/** An empty flow for a format: a column per speech, `rows` empty cells each. */
export function emptyFlow(formatId: TFormatId, rows = 8): TFlowColumns {
  return FORMATS[formatId].speeches.map(() => Array.from({ length: rows }, () => ({ text: '', isExtension: false })));
}

/**
 * What a spreadsheet reads as a formula at the start of a cell: `=`, `+`, `-`, `@`, and a tab or carriage return
 * before one (OWASP's list for CSV injection).
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV cell: quoted, its quotes doubled, and text a spreadsheet would run as a formula (a cell typed in a round
 * can be `=HYPERLINK(…)` as easily as an argument) turned into plain text by a leading apostrophe.
 */
function csvCell(value: string): string {
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return `"${text.replace(/"/g, '""')}"`;
}

/**
 * A flow as CSV (one column per speech in the round's order, `firstSide` first, headed by its name; extensions marked
 * "→"), for a spreadsheet.
 */
export function flowToCsv(formatId: TFormatId, firstSide: TSideKey, columns: TFlowColumns): string {
  const speeches = speechesOf(formatId, firstSide);
  const rows = Math.max(0, ...columns.map((c) => c.length));
  const lines = [speeches.map((s) => csvCell(s.name)).join(',')];
  for (let r = 0; r < rows; r++) {
    const cells = speeches.map((_, c) => {
      const cell = columns[c]?.[r];
      return csvCell(cell ? `${cell.isExtension ? '→ ' : ''}${cell.text}` : '');
    });
    if (cells.some((cell) => cell !== '""')) lines.push(cells.join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}
