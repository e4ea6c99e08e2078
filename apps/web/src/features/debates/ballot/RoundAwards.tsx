import { AWARD_RULES, type TDebate } from '@resolved/shared';
import { NotCountedNote } from './NotCountedNote';

/**
 * What the round earned each participant, and why (the score ledger's own entries). A round that did not count (a
 * round clicked through, a forfeit before the round began, a repeat of the same pair) reads "Not counted for points",
 * with the rule it met: every entry of such a round is 0 points for that one reason.
 */
export function RoundAwards({ debate, viewerId }: { debate: TDebate; viewerId: string | undefined }) {
  if (debate.notCounted) {
    return (
      <section aria-labelledby="round-awards-heading" data-testid="round-awards">
        <h2 id="round-awards-heading" className="sr-only">
          Points from this round
        </h2>
        <NotCountedNote notCounted={debate.notCounted} />
      </section>
    );
  }
  if (debate.awards.length === 0) return null;
  const nameOf = (userId: string) =>
    userId === viewerId
      ? 'You'
      : ([debate.debaters.a, debate.debaters.b, debate.judge].find((p) => p?.userId === userId)?.displayName ??
        'A participant');
  return (
    <section
      aria-labelledby="round-awards-heading"
      className="rounded-2xl border border-slate-200 bg-white p-5"
      data-testid="round-awards"
    >
      <h2 id="round-awards-heading" className="text-lg font-bold text-slate-900">
        Points from this round
      </h2>
      <ul className="mt-2 space-y-1 text-sm text-slate-800">
        {debate.awards.map((award, index) => (
          <li key={index} className="flex flex-wrap gap-x-2 [overflow-wrap:anywhere]">
            <span className="font-semibold">{nameOf(award.userId)}</span>
            <span className={award.points > 0 ? 'font-semibold text-emerald-700' : 'text-slate-500'}>
              {award.points > 0 ? `+${award.points}` : '0'}
            </span>
            <span>{award.reason}</span>
          </li>
        ))}
      </ul>
      <p className="mt-3 text-xs text-slate-600">
        Points come from rounds that really happen: speeches must run at least{' '}
        {Math.round(AWARD_RULES.minSpokenShare * 100)}% of their time, and the same two debaters earn from one round a
        day.
      </p>
    </section>
  );
}
