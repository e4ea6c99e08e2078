import { useEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import {
  speechesOf,
  TEAM_FLOW_EDIT_MAX,
  type TDebate,
  type TFlowColumns,
  type TTeamFlow,
  type TTeamFlowCellEdit,
} from '@resolved/shared';
import { useSocketEvent } from '../../../lib/socket';
import { buttonClass } from '../../../ui/button-styles';
import { getTeamFlow, saveTeamFlowCells, teamFlowKey } from '../debates-queries';
import { FlowGrid, withCell, withRowAdded, type TFlowCellPatch } from './FlowGrid';

const SAVE_AFTER_MS = 500;
type TSaveState = 'saved' | 'saving' | 'unsaved' | 'offline';

const SAVE_TEXT: Record<TSaveState, string> = {
  saved: 'Saved',
  saving: 'Saving…',
  unsaved: 'Not saved yet',
  offline: 'Not saved: will try again',
};

const cellKey = (column: number, row: number) => `${column}:${row}`;

/**
 * A team's shared flow (a side of two or more): both partners edit it and see each other's cells as they are saved.
 * Each save sends only the cells changed since the last, and the last save of a cell wins, so partners typing in
 * different cells never undo each other; a partner's change to a cell this page has not saved yet waits behind it.
 */
export function TeamFlowSheet({ debate }: { debate: TDebate }) {
  const queryClient = useQueryClient();
  const saved = useQuery({
    queryKey: teamFlowKey(debate.id),
    queryFn: () => getTeamFlow(debate.id),
    staleTime: Infinity,
  });
  // A partner's save while the flow is still loading: the read may have missed it, so it is read again (the editor,
  // once shown, applies each save as it comes).
  const isLoading = !saved.data;
  useSocketEvent('debate.team_flow_changed', (change) => {
    if (change.debateId === debate.id && isLoading)
      void queryClient.invalidateQueries({ queryKey: teamFlowKey(debate.id) });
  });
  if (!saved.data) {
    return (
      <p className="text-sm text-slate-600">
        {saved.isError ? 'Your team flow could not be loaded.' : 'Loading your team flow…'}
      </p>
    );
  }
  return <TeamFlowEditor debate={debate} saved={saved.data} />;
}

function TeamFlowEditor({ debate, saved }: { debate: TDebate; saved: TTeamFlow }) {
  const speeches = speechesOf(debate.formatId, debate.clock.firstSide);
  const [columns, setColumns] = useState<TFlowColumns>(saved.columns);
  const [saveState, setSaveState] = useState<TSaveState>('saved');
  /** Cells typed here and not yet saved, by `column:row` (a new object per edit, so a save knows what it sent). */
  const pending = useRef(new Map<string, TTeamFlowCellEdit>());

  useSocketEvent('debate.team_flow_changed', (change) => {
    if (change.debateId !== debate.id || change.side !== saved.side) return;
    const theirs = change.cells.filter((cell) => !pending.current.has(cellKey(cell.column, cell.row)));
    if (theirs.length === 0) return;
    setColumns((current) =>
      theirs.reduce(
        (next, { column, row, text, isExtension }) => withCell(next, column, row, { text, isExtension }),
        current,
      ),
    );
  });

  // Save a moment after the typing stops (the changed cells, in saves of at most TEAM_FLOW_EDIT_MAX); on failure
  // keep trying.
  useEffect(() => {
    if (saveState === 'saved' || saveState === 'saving') return;
    const timer = window.setTimeout(
      () => {
        const sent = [...pending.current.values()];
        if (sent.length === 0) return setSaveState('saved');
        setSaveState('saving');
        const batches = Array.from({ length: Math.ceil(sent.length / TEAM_FLOW_EDIT_MAX) }, (_, i) =>
          sent.slice(i * TEAM_FLOW_EDIT_MAX, (i + 1) * TEAM_FLOW_EDIT_MAX),
        );
        Promise.all(batches.map((cells) => saveTeamFlowCells(debate.id, cells))).then(
          () => {
            for (const cell of sent) {
              const key = cellKey(cell.column, cell.row);
              if (pending.current.get(key) === cell) pending.current.delete(key);
            }
            setSaveState((state) => (state !== 'saving' ? state : pending.current.size > 0 ? 'unsaved' : 'saved'));
          },
          () => setSaveState('offline'),
        );
      },
      saveState === 'offline' ? 5000 : SAVE_AFTER_MS,
    );
    return () => window.clearTimeout(timer);
  }, [columns, saveState, debate.id]);

  function handleCell(c: number, r: number, patch: TFlowCellPatch) {
    const next = withCell(columns, c, r, patch);
    const cell = next[c]![r]!;
    pending.current.set(cellKey(c, r), { column: c, row: r, text: cell.text, isExtension: cell.isExtension });
    setColumns(next);
    setSaveState('unsaved');
  }

  return (
    <section aria-labelledby="team-flow-heading" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="team-flow-heading" className="text-lg font-bold text-slate-900">
          Team flow
        </h2>
        <p className="text-xs text-slate-600" role="status" data-testid="team-flow-save-state">
          {SAVE_TEXT[saveState]}
        </p>
      </div>
      <p className="mt-1 text-xs text-slate-600">
        You and your partner edit it together; the other team and the judge never see it.
      </p>
      <FlowGrid
        speeches={speeches}
        columns={columns}
        testId="team-flow-sheet"
        onCell={handleCell}
        onAddRow={() => setColumns(withRowAdded(columns))}
      />
      <div className="mt-2">
        <button type="button" className={buttonClass('secondary')} onClick={() => setColumns(withRowAdded(columns))}>
          <Plus className="h-4 w-4" aria-hidden="true" /> Add a row
        </button>
      </div>
    </section>
  );
}
