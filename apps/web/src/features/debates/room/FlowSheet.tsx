import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Download, Plus } from 'lucide-react';
import { flowToCsv, speechesOf, type TDebate, type TFlow, type TFlowColumns } from '@resolved/shared';
import { buttonClass } from '../../../ui/button-styles';
import { flowKey, getFlow, saveFlow } from '../debates-queries';
import { FlowGrid, withCell, withRowAdded } from './FlowGrid';

const SAVE_AFTER_MS = 700;
type TSaveState = 'saved' | 'saving' | 'unsaved' | 'offline';

const SAVE_TEXT: Record<TSaveState, string> = {
  saved: 'Saved',
  saving: 'Saving…',
  unsaved: 'Not saved yet',
  offline: 'Not saved: will try again (kept in this browser)',
};

/** This browser's copy of the flow, so nothing typed is lost while the server cannot be reached. */
const localKey = (debateId: number, userId: string) => `resolved.flow.${debateId}.${userId}`;

/**
 * One's own flow of the round: a column per speech, cells of arguments. Enter moves down the column (a new row at
 * the bottom), Tab to the next cell, Ctrl+Enter carries an argument across to the next speech. Saved as one types,
 * and kept in this browser until the server has it; private to its author; exported as CSV.
 */
export function FlowSheet({ debate, userId }: { debate: TDebate; userId: string }) {
  const saved = useQuery({ queryKey: flowKey(debate.id), queryFn: () => getFlow(debate.id), staleTime: Infinity });
  if (!saved.data) {
    return (
      <p className="text-sm text-slate-600">
        {saved.isError ? 'Your flow could not be loaded.' : 'Loading your flow…'}
      </p>
    );
  }
  return <FlowEditor debate={debate} userId={userId} saved={saved.data} />;
}

/** Starts from the server's flow, or this browser's if it holds newer typing that never reached the server. */
function initialFlow(debateId: number, userId: string, saved: TFlow): { columns: TFlowColumns; isDraft: boolean } {
  const local = window.localStorage.getItem(localKey(debateId, userId));
  const draft = local ? (JSON.parse(local) as { columns: TFlowColumns; at: string }) : null;
  return draft && (!saved.updatedAt || draft.at > saved.updatedAt)
    ? { columns: draft.columns, isDraft: true }
    : { columns: saved.columns, isDraft: false };
}

function FlowEditor({ debate, userId, saved }: { debate: TDebate; userId: string; saved: TFlow }) {
  const speeches = speechesOf(debate.formatId, debate.clock.firstSide);
  const [initial] = useState(() => initialFlow(debate.id, userId, saved));
  const [columns, setColumns] = useState<TFlowColumns>(initial.columns);
  const [saveState, setSaveState] = useState<TSaveState>(initial.isDraft ? 'unsaved' : 'saved');
  /** Bumped by every edit: a save that finishes after newer typing leaves this browser's copy in place. */
  const revision = useRef(0);

  // Save a moment after the typing stops; on failure keep trying.
  useEffect(() => {
    if (saveState === 'saved' || saveState === 'saving') return;
    const timer = window.setTimeout(
      () => {
        setSaveState('saving');
        const sent = revision.current;
        saveFlow(debate.id, columns).then(
          () => {
            if (revision.current === sent) window.localStorage.removeItem(localKey(debate.id, userId));
            setSaveState((state) => (state === 'saving' ? 'saved' : state));
          },
          () => setSaveState('offline'),
        );
      },
      saveState === 'offline' ? 5000 : SAVE_AFTER_MS,
    );
    return () => window.clearTimeout(timer);
  }, [columns, saveState, debate.id, userId]);

  function update(next: TFlowColumns) {
    revision.current += 1;
    setColumns(next);
    setSaveState('unsaved');
    window.localStorage.setItem(
      localKey(debate.id, userId),
      JSON.stringify({ columns: next, at: new Date().toISOString() }),
    );
  }

  function exportCsv() {
    const url = URL.createObjectURL(
      new Blob([flowToCsv(debate.formatId, debate.clock.firstSide, columns)], { type: 'text/csv' }),
    );
    const link = document.createElement('a');
    link.href = url;
    link.download = `flow-debate-${debate.id}.csv`;
    link.click();
    URL.revokeObjectURL(url);
  }

  return (
    <section aria-labelledby="flow-heading" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="flow-heading" className="text-lg font-bold text-slate-900">
          Your flow
        </h2>
        <p className="text-xs text-slate-600" role="status" data-testid="flow-save-state">
          {SAVE_TEXT[saveState]}
        </p>
      </div>
      <p className="mt-1 text-xs text-slate-600">
        Only you see it. Enter: next row · Tab: next cell · Ctrl+Enter: extend the argument into the next speech.
      </p>
      <FlowGrid
        speeches={speeches}
        columns={columns}
        testId="flow-sheet"
        onCell={(c, r, patch) => update(withCell(columns, c, r, patch))}
        onAddRow={() => update(withRowAdded(columns))}
      />
      <div className="mt-2 flex flex-wrap gap-2">
        <button type="button" className={buttonClass('secondary')} onClick={() => update(withRowAdded(columns))}>
          <Plus className="h-4 w-4" aria-hidden="true" /> Add a row
        </button>
        <button type="button" className={buttonClass('secondary')} onClick={exportCsv}>
          <Download className="h-4 w-4" aria-hidden="true" /> Export CSV
        </button>
      </div>
    </section>
  );
}
