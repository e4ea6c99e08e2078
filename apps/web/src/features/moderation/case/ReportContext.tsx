import { Link } from 'react-router';
import { Download } from 'lucide-react';
import type { TCaseReport, TReportContext } from '@resolved/shared';
import { caseFileUrl } from '../moderation-queries';

/** What the text filter matched (the library's words) and the text it read: an automatic report, or a report's text. */
export function FilterHit({ report }: { report: TCaseReport }) {
  const hit = report.context?.filter;
  if (!hit) return null;
  return (
    <div className="rounded-lg border border-violet-200 bg-violet-50 p-3 text-sm" data-testid="filter-hit">
      <p>
        <span className="font-semibold">The text filter matched:</span> {hit.words.join(', ')}
        {hit.surface === 'report' ? ' (in this report’s own text)' : ''}
      </p>
      {hit.surface !== 'report' ? (
        <blockquote className="mt-1 border-l-4 border-violet-300 pl-3 break-words whitespace-pre-wrap">
          {hit.text}
        </blockquote>
      ) : null}
    </div>
  );
}

/** What the case copied when the report was filed: the chat around a message, a round, a team. */
export function ReportContext({ report }: { report: TCaseReport }) {
  const context = report.context;
  if (!context) return <p className="text-sm text-slate-700">This report’s context has passed its retention period.</p>;
  return (
    <div className="space-y-3 text-sm">
      {context.message ? (
        <div>
          <h4 className="font-semibold">Chat excerpt</h4>
          <ol className="mt-1 space-y-0.5" data-testid="case-message-excerpt">
            {context.message.lines.map((line) => (
              <li key={line.id} className={line.isReported ? 'rounded bg-amber-100 px-1 font-semibold' : 'px-1'}>
                <span className="text-slate-600">{line.displayName}:</span> {line.text}
              </li>
            ))}
          </ol>
        </div>
      ) : null}
      {context.round ? <RoundContext round={context.round} /> : null}
      {context.team ? (
        <p>
          Team: {context.team.name}
          {context.team.school ? ` (${context.team.school})` : ''}
        </p>
      ) : null}
    </div>
  );
}

/** A reported round as the case kept it: its people, its last chat lines, its evidence and kept recordings. */
function RoundContext({ round }: { round: NonNullable<TReportContext['round']> }) {
  return (
    <div className="space-y-2">
      <p>
        Round {round.id} ({round.formatId.toUpperCase()}, {round.status}):{' '}
        {round.participants.map((p) => `${p.displayName} (${p.role})`).join(', ')}.{' '}
        <Link to={`/debates/${round.id}/replay`} className="text-brand-800 underline">
          Open the replay
        </Link>
        {round.hasRecording ? ' · The round was recorded.' : ' · No recording.'}
      </p>
      <div>
        <h4 className="font-semibold">
          Round chat (last {round.chat.length} {round.chat.length === 1 ? 'line' : 'lines'})
        </h4>
        {round.chat.length === 0 ? (
          <p className="text-slate-700">No chat in this round.</p>
        ) : (
          <ol className="mt-1 space-y-0.5" data-testid="case-round-chat">
            {round.chat.map((line) => (
              <li key={line.id}>
                <span className="text-slate-600">{line.displayName}:</span> {line.text}
              </li>
            ))}
          </ol>
        )}
      </div>
      {round.evidence.length > 0 ? (
        <div>
          <h4 className="font-semibold">Evidence</h4>
          <ul className="mt-1 space-y-1">
            {round.evidence.map((item) => (
              <li key={item.id} className="break-all">
                {item.name} by {item.displayName ?? 'a former user'}{' '}
                <span className="font-mono text-xs text-slate-600">SHA-256 {item.sha256.slice(0, 16)}…</span>{' '}
                {item.fileId ? (
                  <a
                    href={caseFileUrl(item.fileId)}
                    className="inline-flex items-center gap-1 text-brand-800 underline"
                  >
                    <Download className="h-3.5 w-3.5" aria-hidden="true" /> Download
                  </a>
                ) : (
                  <span className="text-slate-700">“{item.text}”</span>
                )}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {round.recordingFileIds.map((fileId, i) => (
        <a
          key={fileId}
          href={caseFileUrl(fileId)}
          className="mr-3 inline-flex items-center gap-1 text-brand-800 underline"
        >
          <Download className="h-3.5 w-3.5" aria-hidden="true" /> Kept recording {i + 1}
        </a>
      ))}
    </div>
  );
}
