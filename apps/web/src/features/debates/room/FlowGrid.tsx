import { useRef, type KeyboardEvent } from 'react';
import { ArrowRight } from 'lucide-react';
import type { TFlowCell, TFlowColumns } from '@resolved/shared';

/** The cells of a flow a change sets: text, the extension mark, or both. */
export type TFlowCellPatch = Partial<TFlowCell>;

/**
 * A flow's sheet, a column per speech of cells of arguments, as one's own flow and a team's flow both show it. Enter
 * moves down the column (a new row at the bottom), Tab to the next cell, Ctrl+Enter carries an argument across to
 * the next speech.
 */
export function FlowGrid({
  speeches,
  columns,
  testId,
  onCell,
  onAddRow,
}: {
  speeches: readonly { id: string; name: string; short: string }[];
  columns: TFlowColumns;
  testId: string;
  onCell: (column: number, row: number, patch: TFlowCellPatch) => void;
  onAddRow: () => void;
}) {
  const cells = useRef(new Map<string, HTMLTextAreaElement>());
  const rows = Math.max(...columns.map((c) => c.length));
  const focusSoon = (key: string) => requestAnimationFrame(() => cells.current.get(key)?.focus());

  function handleKey(event: KeyboardEvent<HTMLTextAreaElement>, c: number, r: number) {
    if (event.key !== 'Enter') return;
    if (event.ctrlKey || event.metaKey) {
      event.preventDefault();
      if (c + 1 < columns.length) {
        onCell(c + 1, r, { text: columns[c]?.[r]?.text ?? '', isExtension: true });
        focusSoon(`${c + 1}:${r}`);
      }
    } else if (!event.shiftKey) {
      event.preventDefault();
      if (r + 1 >= rows) onAddRow();
      focusSoon(`${c}:${r + 1}`);
    }
  }

  return (
    <div className="mt-3 flex gap-2 overflow-x-auto pb-2" data-testid={testId}>
      {speeches.map((speech, c) => (
        <div key={speech.id} className="w-44 shrink-0" role="group" aria-label={speech.name}>
          <p className="truncate text-xs font-bold uppercase tracking-wide text-brand-800" title={speech.name}>
            {speech.short}
          </p>
          <div className="mt-1 space-y-1">
            {Array.from({ length: rows }, (_, r) => {
              const cell = columns[c]?.[r] ?? { text: '', isExtension: false };
              return (
                <div key={r} className="relative">
                  {cell.isExtension ? (
                    <ArrowRight className="absolute left-1 top-2 h-3 w-3 text-brand-600" aria-label="extended" />
                  ) : null}
                  <textarea
                    ref={(el) => {
                      if (el) cells.current.set(`${c}:${r}`, el);
                      else cells.current.delete(`${c}:${r}`);
                    }}
                    aria-label={`${speech.name}, row ${r + 1}`}
                    rows={2}
                    maxLength={1000}
                    value={cell.text}
                    onChange={(e) => onCell(c, r, { text: e.target.value })}
                    onKeyDown={(e) => handleKey(e, c, r)}
                    className={`w-full resize-y rounded-lg border px-2 py-1 text-xs ${
                      cell.isExtension ? 'border-brand-200 bg-brand-50 pl-5' : 'border-slate-200'
                    }`}
                  />
                </div>
              );
            })}
          </div>
        </div>
      ))}
    </div>
  );
}

/** `columns` with one cell changed (the column grown to reach `row`). */
export function withCell(columns: TFlowColumns, c: number, r: number, patch: TFlowCellPatch): TFlowColumns {
  return columns.map((column, ci) =>
    ci !== c
      ? column
      : Array.from({ length: Math.max(column.length, r + 1) }, (_, ri) => {
          const cell = column[ri] ?? { text: '', isExtension: false };
          return ri === r ? { ...cell, ...patch } : cell;
        }),
  );
}

/** `columns` with a row more at the bottom of every column. */
export function withRowAdded(columns: TFlowColumns): TFlowColumns {
  const rows = Math.max(...columns.map((c) => c.length));
  return columns.map((column) => [
    ...column,
    ...Array.from({ length: rows + 1 - column.length }, () => ({ text: '', isExtension: false })),
  ]);
}
