import type { TReplay } from '@resolved/shared';
import { EvidenceEntry } from '../room/EvidencePanel';

/** What was said in the round's chat and shared as evidence up to the moment `at`. */
export function ReplayMoment({ replay, at }: { replay: TReplay; at: number }) {
  const messages = replay.messages.filter((m) => Date.parse(m.createdAt) <= at);
  const evidence = replay.evidence?.filter((e) => Date.parse(e.createdAt) <= at) ?? null;
  return (
    <div className="mt-6 grid gap-6 lg:grid-cols-2">
      <section aria-labelledby="replay-chat" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
        <h2 id="replay-chat" className="text-lg font-bold text-slate-900">
          Round chat
        </h2>
        <ul className="mt-2 space-y-1 text-sm" data-testid="replay-chat">
          {messages.length === 0 ? <li className="text-slate-500">Nothing said yet at this moment.</li> : null}
          {messages.map((m) => (
            <li key={m.id}>
              <span className="font-semibold">{m.displayName}:</span> <span className="break-words">{m.text}</span>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="replay-evidence" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
        <h2 id="replay-evidence" className="text-lg font-bold text-slate-900">
          Evidence
        </h2>
        {evidence === null ? (
          <p className="mt-2 text-sm text-slate-600">The debaters kept this round’s evidence to the round.</p>
        ) : (
          <ul className="mt-2 space-y-1 text-sm" data-testid="replay-evidence">
            {evidence.length === 0 ? <li className="text-slate-500">Nothing shared yet at this moment.</li> : null}
            {evidence.map((e) => (
              <li key={e.id} className="break-words">
                <EvidenceEntry debateId={replay.debate.id} item={e} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
