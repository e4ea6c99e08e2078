import type { TTournamentDivisionStandings } from '@resolved/shared';

/** The tab's rows of entrants whose results are private to outsiders (minors): named, nothing else shown. */
export function PrivateEntrantRows({ entrants }: { entrants: TTournamentDivisionStandings['privateEntrants'] }) {
  return entrants.map((p) => (
    <tr key={p.entrantId} className="border-b border-slate-100" data-testid="standing-private">
      <td className="px-1.5 py-1.5 text-slate-400 sm:px-2" aria-label="Not shown">
        –
      </td>
      <td className="px-1.5 py-1.5 [overflow-wrap:anywhere] sm:px-2" colSpan={5}>
        <span className="font-semibold">{p.displayName}</span>
        <span className="block text-xs text-slate-500">Results shown to the tournament’s own people only</span>
      </td>
    </tr>
  ));
}
