import { useCallback, useEffect, useId, useRef, useState, useSyncExternalStore } from 'react';
import { Stethoscope, X } from 'lucide-react';
import { buttonClass } from '../../../ui/button-styles';
import { fetchCheckServers } from '../debates-queries';
import { browserCheckPlatform, ConnectionCheck } from './connection-check';
import { ConnectionCheckView } from './ConnectionCheckView';

/**
 * "Check your camera, microphone and network": a button that opens the connection check in a dialog (Escape or Close
 * ends it, and everything it started stops). Before queueing and in a round's room before its clock starts.
 */
export function ConnectionCheckButton({ className }: { className?: string }) {
  const [isOpen, setIsOpen] = useState(false);
  const handleClose = useCallback(() => setIsOpen(false), []);
  return (
    <>
      <button
        type="button"
        className={`inline-flex items-center gap-2 rounded-xl px-2 py-1 text-left text-sm font-semibold text-brand-700 transition-colors hover:bg-brand-50 ${className ?? ''}`}
        onClick={() => setIsOpen(true)}
        aria-haspopup="dialog"
      >
        <Stethoscope className="h-4 w-4 shrink-0" aria-hidden="true" />
        Check camera, microphone and network
      </button>
      {isOpen ? <ConnectionCheckDialog onClose={handleClose} /> : null}
    </>
  );
}

function ConnectionCheckDialog({ onClose }: { onClose: () => void }) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [check] = useState(() => new ConnectionCheck(browserCheckPlatform(fetchCheckServers)));
  const snapshot = useSyncExternalStore(check.subscribe, check.getSnapshot);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (!dialog.open) dialog.showModal();
    check.start();
    dialog.addEventListener('close', onClose);
    return () => {
      dialog.removeEventListener('close', onClose);
      check.stop();
    };
  }, [check, onClose]);

  return (
    <dialog
      ref={dialogRef}
      aria-labelledby={titleId}
      className="m-auto max-h-[calc(100dvh-2rem)] w-[min(32rem,calc(100vw-2rem))] overflow-y-auto rounded-2xl p-0 text-slate-900 shadow-2xl backdrop:bg-slate-900/50"
      data-testid="connection-check"
    >
      <div className="space-y-4 p-5">
        <div className="flex items-start justify-between gap-3">
          <div>
            <h2 id={titleId} className="text-lg font-bold">
              Connection check
            </h2>
            <p className="text-sm text-slate-700">
              Whether your camera, microphone and network are ready for a round. Nothing is recorded or sent to anyone.
            </p>
          </div>
          <button
            type="button"
            className="rounded-lg p-1 text-slate-600 hover:bg-slate-100"
            onClick={() => dialogRef.current?.close()}
            aria-label="Close the connection check"
          >
            <X className="h-5 w-5" aria-hidden="true" />
          </button>
        </div>
        <ConnectionCheckView check={snapshot} />
        <div className="flex flex-wrap justify-end gap-2">
          <button type="button" className={buttonClass('secondary')} onClick={() => check.start()}>
            Test again
          </button>
          <button type="button" className={buttonClass('primary')} onClick={() => dialogRef.current?.close()}>
            Done
          </button>
        </div>
      </div>
    </dialog>
  );
}
