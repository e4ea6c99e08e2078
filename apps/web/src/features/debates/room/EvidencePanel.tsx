import { useId, useRef, useState, type FormEvent } from 'react';
import { ReportButton } from '../../moderation/ReportButton';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FileText, Link2, Paperclip } from 'lucide-react';
import {
  canSeeEvidence,
  canShareEvidence,
  EVIDENCE_ACCEPT,
  EVIDENCE_DEFAULT_MAX_BYTES,
  seatsOfDebate,
  type TActor,
  type TDebate,
  type TEvidence,
} from '@resolved/shared';
import { useSocketEvent } from '../../../lib/socket';
import { viewerSeat } from './round-seats';
import { toast } from '../../../lib/toast';
import { errorMessage } from '../../../lib/form-errors';
import { buttonClass } from '../../../ui/button-styles';
import {
  evidenceFileUrl,
  evidenceKey,
  listEvidence,
  setEvidenceVisibility,
  shareEvidenceNote,
  uploadEvidence,
} from '../debates-queries';

type TEvidenceList = { evidence: TEvidence[]; isPublic: boolean };

function sizeText(bytes: number): string {
  return bytes < 1024 * 1024
    ? `${Math.max(1, Math.round(bytes / 1024))} KB`
    : `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** One piece of evidence: a file to download, a link to open in a new tab, or a card's text. */
export function EvidenceEntry({ debateId, item }: { debateId: number; item: TEvidence }) {
  if (item.kind === 'file') {
    return (
      <a
        href={evidenceFileUrl(debateId, item.id)}
        download={item.name}
        className="flex items-center gap-2 font-semibold text-brand-700 underline"
      >
        <FileText className="h-4 w-4 shrink-0" aria-hidden="true" />
        <span className="break-all">{item.name}</span>
        <span className="font-normal text-slate-500">({sizeText(item.size)})</span>
      </a>
    );
  }
  if (item.kind === 'link') {
    return (
      <a
        href={item.text ?? '#'}
        target="_blank"
        rel="noopener noreferrer nofollow"
        className="flex items-center gap-2 break-all font-semibold text-brand-700 underline"
      >
        <Link2 className="h-4 w-4 shrink-0" aria-hidden="true" /> {item.name}
      </a>
    );
  }
  return <blockquote className="whitespace-pre-wrap break-words text-slate-800">{item.text}</blockquote>;
}

/**
 * Evidence in the round: the debaters and the judge share files (opened or downloaded by the others, live) and
 * cards or links; the debaters decide whether spectators see it.
 */
export function EvidencePanel({
  debate,
  actor,
  onDebateChange,
}: {
  debate: TDebate;
  actor: TActor;
  onDebateChange: (debate: TDebate) => void;
}) {
  const queryClient = useQueryClient();
  const ids = useId();
  const fileRef = useRef<HTMLInputElement>(null);
  const [note, setNote] = useState('');
  const seats = seatsOfDebate(debate);
  const canShare = canShareEvidence(actor, seats);
  // Spectators see shared evidence only while the debaters also let them watch (off with a minor).
  const canSee = canSeeEvidence(actor, seats, debate.evidencePublic && debate.spectatorWatch.isAllowed);
  const isDebater = !!viewerSeat(debate, actor?.id);
  const list = useQuery({
    queryKey: evidenceKey(debate.id),
    queryFn: () => listEvidence(debate.id),
    enabled: canSee,
  });
  const add = (item: TEvidence) =>
    queryClient.setQueryData<TEvidenceList>(evidenceKey(debate.id), (current) =>
      current && !current.evidence.some((e) => e.id === item.id)
        ? { ...current, evidence: [...current.evidence, item] }
        : current,
    );
  useSocketEvent('debate.evidence_added', ({ debateId, evidence }) => {
    if (debateId === debate.id) add(evidence);
  });
  const upload = useMutation({
    mutationFn: (file: File) => uploadEvidence(debate.id, file),
    onSuccess: (item) => {
      add(item);
      if (fileRef.current) fileRef.current.value = '';
      toast.success(`“${item.name}” shared.`);
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
  const share = useMutation({
    mutationFn: (text: string) =>
      shareEvidenceNote(debate.id, { kind: /^https?:\/\/\S+$/i.test(text) ? 'link' : 'text', text }),
    onSuccess: (item) => {
      add(item);
      setNote('');
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
  // Shown at once while the change is on its way (and put back if it fails).
  const [pendingPublic, setPendingPublic] = useState<boolean | null>(null);
  const visibility = useMutation({
    mutationFn: (isPublic: boolean) => setEvidenceVisibility(debate.id, isPublic),
    onMutate: (isPublic) => setPendingPublic(isPublic),
    onSettled: () => setPendingPublic(null),
    onSuccess: (next) => {
      onDebateChange(next);
      void queryClient.invalidateQueries({ queryKey: evidenceKey(debate.id) });
    },
    onError: (error) => toast.error(errorMessage(error)),
  });

  function handleFile() {
    const file = fileRef.current?.files?.[0];
    if (!file) {
      toast.error('Choose a file to share.');
      return;
    }
    if (file.size > EVIDENCE_DEFAULT_MAX_BYTES) {
      toast.error(`Files can be at most ${EVIDENCE_DEFAULT_MAX_BYTES / (1024 * 1024)} MB.`);
      return;
    }
    upload.mutate(file);
  }

  function handleNote(event: FormEvent) {
    event.preventDefault();
    if (note.trim()) share.mutate(note.trim());
  }

  return (
    <section aria-labelledby={`${ids}-heading`} className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id={`${ids}-heading`} className="flex items-center gap-2 text-lg font-bold text-slate-900">
        <Paperclip className="h-5 w-5 text-brand-700" aria-hidden="true" /> Evidence
      </h2>
      {!canSee ? (
        <p className="mt-2 text-sm text-slate-600" data-testid="evidence-hidden">
          {debate.evidencePublic
            ? 'The debaters share the evidence with spectators, who see it while both debaters let them watch.'
            : 'The debaters keep this round’s evidence to the round.'}
        </p>
      ) : (
        <ul className="mt-3 space-y-2" data-testid="evidence-list">
          {list.data?.evidence.length === 0 ? <li className="text-sm text-slate-500">Nothing shared yet.</li> : null}
          {list.data?.evidence.map((item) => (
            <li key={item.id} className="rounded-xl border border-slate-200 p-3 text-sm" data-testid="evidence-item">
              <EvidenceEntry debateId={debate.id} item={item} />
              <p className="mt-1 flex flex-wrap items-center gap-x-1 text-xs text-slate-500">
                {item.sharedBy?.displayName ?? 'Former user'} ·{' '}
                {new Date(item.createdAt).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })}
                {item.sharedBy && actor && item.sharedBy.userId !== actor.id ? (
                  <ReportButton
                    target="evidence"
                    userId={item.sharedBy.userId}
                    targetId={item.id}
                    debateId={debate.id}
                    displayName={item.sharedBy.displayName}
                    isCompact
                  />
                ) : null}
              </p>
            </li>
          ))}
        </ul>
      )}
      {canShare ? (
        <div className="mt-4 space-y-3">
          <div>
            <label htmlFor={`${ids}-file`} className="text-sm font-semibold text-slate-700">
              Share a file (PDF, Word, text or image, up to 20 MB)
            </label>
            <div className="mt-1 flex flex-wrap gap-2">
              <input
                id={`${ids}-file`}
                ref={fileRef}
                type="file"
                accept={EVIDENCE_ACCEPT}
                className="min-w-0 flex-1 text-sm"
              />
              <button
                type="button"
                className={buttonClass('secondary')}
                onClick={handleFile}
                disabled={upload.isPending}
              >
                {upload.isPending ? 'Sharing…' : 'Share file'}
              </button>
            </div>
          </div>
          <form onSubmit={handleNote}>
            <label htmlFor={`${ids}-note`} className="text-sm font-semibold text-slate-700">
              Share a card or a link
            </label>
            <div className="mt-1 flex gap-2">
              <textarea
                id={`${ids}-note`}
                value={note}
                onChange={(e) => setNote(e.target.value)}
                rows={2}
                className="w-full rounded-xl border border-slate-300 px-3 py-2 text-sm"
              />
              <button type="submit" className={buttonClass('secondary', 'self-start')} disabled={share.isPending}>
                Share
              </button>
            </div>
          </form>
        </div>
      ) : null}
      {isDebater ? (
        <label className="mt-3 flex items-center gap-2 text-sm text-slate-700">
          <input
            type="checkbox"
            checked={pendingPublic ?? debate.evidencePublic}
            onChange={(e) => visibility.mutate(e.target.checked)}
          />
          Spectators can see the evidence
        </label>
      ) : null}
      {isDebater && !debate.spectatorWatch.isAllowed ? (
        <p className="mt-1 text-xs text-slate-600" data-testid="evidence-visibility-state">
          Spectators see it only while both debaters also let them see and hear the round (the switch under the video).
        </p>
      ) : null}
    </section>
  );
}
