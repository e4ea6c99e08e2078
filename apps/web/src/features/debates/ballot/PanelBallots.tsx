import { FORMATS, panelBallotRefusal, type TActor, type TDebate } from '@resolved/shared';
import { namesOf, teamOf } from '../room/round-seats';
import { panelBallotLines } from './team-ballot';

/** Whether `actor` may submit a ballot on the round's panel now (the server's `panelBallotRefusal`). */
export function canSubmitPanelBallot(actor: TActor, debate: TDebate): boolean {
  if (!debate.panel) return false;
  return (
    panelBallotRefusal(actor, {
      status: debate.status,
      panelJudgeIds: debate.panel.judges.map((j) => j.userId),
      submittedJudgeIds: debate.panel.judges.filter((j) => j.hasSubmitted).map((j) => j.userId),
      // The server holds the deadline; the form only hides once the round is no longer waiting or decided.
      isPastDeadline: false,
    }) === null
  );
}

/**
 * A round judged by a panel: "Panel: A, B, C" with whose ballot is in while it waits, then the majority and each
 * judge's own ballot (a late one among them) once decided.
 */
export function PanelBallots({ debate }: { debate: TDebate }) {
  const panel = debate.panel;
  if (!panel) return null;
  const format = FORMATS[debate.formatId];
  const isOver = panel.votes !== null;
  const winner = debate.winnerSide;
  // A side's debaters by name: its one debater, or a team's ("Ann and Ben").
  const sideNames = (side: 'a' | 'b') => namesOf(teamOf(debate, side));
  return (
    <section
      aria-labelledby="panel-heading"
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
      data-testid="panel-ballots"
    >
      <h2 id="panel-heading" className="text-lg font-bold text-slate-900">
        Panel ballots
      </h2>
      <p className="mt-1 text-sm text-slate-700" data-testid="panel-judges">
        Panel: {panel.judges.map((j) => j.displayName).join(', ')}
      </p>
      {isOver && panel.votes ? (
        <p className="mt-2 font-semibold text-slate-900" data-testid="panel-majority">
          {winner
            ? `Majority: ${format.sides[winner]} (${sideNames(winner)}), ${panel.votes[winner]}–${panel.votes[winner === 'a' ? 'b' : 'a']}`
            : `No majority: ${panel.votes.a}–${panel.votes.b}`}
        </p>
      ) : (
        <ul className="mt-2 space-y-1 text-sm text-slate-700" data-testid="panel-progress">
          {panel.judges.map((j) => (
            <li key={j.userId}>
              {j.displayName}: {j.hasSubmitted ? 'ballot in' : 'waiting for the ballot'}
            </li>
          ))}
        </ul>
      )}
      {isOver ? (
        <ol className="mt-3 grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
          {panel.ballots.map((b) => (
            <li
              key={b.judge.userId}
              className="min-w-0 rounded-xl border border-slate-200 bg-slate-50 p-3 text-sm"
              data-testid="panel-ballot"
            >
              <p className="font-semibold text-slate-900">{b.judge.displayName}</p>
              <p className="mt-1 text-slate-800">
                For {format.sides[b.winnerSide]} ({sideNames(b.winnerSide)})
              </p>
              <ul className="mt-1 text-slate-700">
                {panelBallotLines(debate, b).map((line) => (
                  <li key={line.key} className="[overflow-wrap:anywhere]">
                    {line.text}
                  </li>
                ))}
              </ul>
              <p className="mt-1 whitespace-pre-wrap text-slate-800 [overflow-wrap:anywhere]">{b.reason}</p>
            </li>
          ))}
        </ol>
      ) : null}
    </section>
  );
}
