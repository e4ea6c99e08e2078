import { useState } from 'react';
import { Flag } from 'lucide-react';
import type { TDebate } from '@resolved/shared';
import { errorMessage } from '../../../lib/form-errors';
import { toast } from '../../../lib/toast';
import { resignDebate } from '../debates-queries';

/** What forfeiting does, in the words of the confirm dialog. */
export function forfeitQuestion(opponentName: string): string {
  return (
    `Forfeit this round? ${opponentName} wins it, and the result counts as any forfeit does. ` +
    `Resigning is never a strike towards a matchmaking cooldown.`
  );
}

interface TForfeitButtonProps {
  debate: TDebate;
  opponentName: string;
  onForfeited: (debate: TDebate) => void;
}

/** The room's Forfeit button (resigning, as on chess sites): a debater of a live round ends it, after a confirm. */
export function ForfeitButton({ debate, opponentName, onForfeited }: TForfeitButtonProps) {
  const [isBusy, setIsBusy] = useState(false);

  async function handleClick() {
    if (!window.confirm(forfeitQuestion(opponentName))) return;
    setIsBusy(true);
    try {
      onForfeited(await resignDebate(debate.id));
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setIsBusy(false);
    }
  }

  return (
    <button
      type="button"
      onClick={() => void handleClick()}
      disabled={isBusy}
      className="inline-flex items-center gap-2 rounded-xl border border-slate-300 bg-white px-3 py-1.5 text-sm font-semibold text-slate-800 shadow-sm hover:border-red-300 hover:bg-red-50 hover:text-red-800 disabled:opacity-60"
    >
      <Flag className="h-4 w-4" aria-hidden="true" />
      {isBusy ? 'Forfeiting…' : 'Forfeit'}
    </button>
  );
}
