import { Link } from 'react-router';
import { AlertTriangle } from 'lucide-react';
import {
  isCoinFlipPending,
  roundName,
  type TFormatId,
  type TRoundNaming,
  type TTournamentDivision,
  type TTournamentPairing,
  type TTournamentRound,
} from '@resolved/shared';
import { ParadigmText } from '../../ui/ParadigmText';
import {
  DEBATE_STATUS_LABELS,
  FLAG_LABELS,
  SIDE_LABELS,
  byeText,
  ownPairing,
  pairingCoinFlipText,
} from './tournament-view';
import { BpRooms } from './TournamentBpRooms';
import { HostPairingControls, RepairRoundButton } from './HostPairingControls';

const LINK_CLASS = 'font-semibold text-brand-700 underline';

function RoomLink({ debateId, label }: { debateId: number; label: string }) {
  return (
    <Link to={`/debates/${debateId}`} className={LINK_CLASS}>
      {label}
    </Link>
  );
}

function Status({ pairing }: { pairing: TTournamentPairing }) {
  if (!pairing.debateStatus) return null;
  return (
    <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-700">
      {DEBATE_STATUS_LABELS[pairing.debateStatus]}
    </span>
  );
}

/** Who judges the room, with their paradigm (folded for hosts, who read many; open for an entrant, before the round). */
function JudgeLine({ pairing, isFolded }: { pairing: TTournamentPairing; isFolded: boolean }) {
  if (pairing.debateId === null) return null;
  if (!pairing.judge) return <p className="text-xs text-slate-500">No judge yet</p>;
  return (
    <div className="mt-1" data-testid="pairing-judge">
      <p className="text-sm text-slate-700">
        Judge: <span className="font-semibold">{pairing.judge.displayName}</span>
      </p>
      {pairing.judge.paradigm ? <ParadigmText paradigm={pairing.judge.paradigm} isFolded={isFolded} /> : null}
    </div>
  );
}

/** A host's line for one pairing: both sides (or the bye), its flags, its status and the way into its room. */
function HostPairing({
  tournamentId,
  formatId,
  pairing,
  divisionName,
}: {
  tournamentId: number;
  formatId: TFormatId;
  pairing: TTournamentPairing;
  divisionName: string | null;
}) {
  const coinFlip = pairingCoinFlipText(pairing, null);
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 py-2.5" data-testid="tournament-pairing">
      <div className="min-w-0">
        {pairing.bye ? (
          <p className="break-words">{byeText(pairing, 'present')}</p>
        ) : (
          <p className="break-words">
            <span className="font-semibold">{pairing.aff?.displayName}</span>{' '}
            <span className="text-slate-500">(Aff)</span> vs{' '}
            <span className="font-semibold">{pairing.neg?.displayName}</span>{' '}
            <span className="text-slate-500">(Neg)</span>
          </p>
        )}
        {divisionName ? <p className="text-xs text-slate-500">{divisionName}</p> : null}
        <JudgeLine pairing={pairing} isFolded />
        {coinFlip ? <p className="text-xs text-slate-600">{coinFlip}</p> : null}
        {pairing.flags.length > 0 ? (
          <ul className="mt-1 flex flex-wrap gap-1.5" aria-label="Flags">
            {pairing.flags.map((flag) => (
              <li
                key={flag}
                className="inline-flex items-center gap-1 rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900"
              >
                <AlertTriangle className="h-3.5 w-3.5" aria-hidden="true" />
                {FLAG_LABELS[flag]}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      <div className="flex items-center gap-3">
        <Status pairing={pairing} />
        {pairing.debateId !== null ? <RoomLink debateId={pairing.debateId} label="Open the room" /> : null}
      </div>
      <HostPairingControls tournamentId={tournamentId} formatId={formatId} pairing={pairing} />
    </li>
  );
}

/** An entrant's own pairing: their side and opponent with the way into their room, or their bye. */
function OwnPairing({ pairing, entrantId }: { pairing: TTournamentPairing; entrantId: number }) {
  const own = ownPairing(pairing, entrantId);
  if (!own) return null;
  const coinFlip = pairingCoinFlipText(pairing, entrantId);
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 py-2.5" data-testid="tournament-pairing">
      {own.kind === 'bye' ? (
        <p>You have the bye this round: it counts as a win.</p>
      ) : own.kind === 'walkover' ? (
        <p>You go through this round without debating: your opponent cannot take part (walkover).</p>
      ) : own.kind === 'walked_over' ? (
        <p>You could not take part in this round: your opponent goes through (walkover).</p>
      ) : (
        <>
          <div className="min-w-0">
            <p className="break-words">
              You are <span className="font-semibold">{SIDE_LABELS[own.side]}</span> against{' '}
              <span className="font-semibold">{own.opponent?.displayName ?? 'a withdrawn entrant'}</span>.
              {coinFlip ? (
                <span className="block text-sm text-slate-600">
                  {coinFlip}
                  {isCoinFlipPending(pairing.coinFlip)
                    ? ' The choices are made in the room, before the clock starts.'
                    : null}
                </span>
              ) : null}
            </p>
            <JudgeLine pairing={pairing} isFolded={false} />
          </div>
          <div className="flex items-center gap-3">
            <Status pairing={pairing} />
            {pairing.debateId !== null ? <RoomLink debateId={pairing.debateId} label="Go to your room" /> : null}
          </div>
        </>
      )}
    </li>
  );
}

/** A pool judge's line for a room they judge: its two sides, its status and the way into it. */
function JudgedPairing({ pairing }: { pairing: TTournamentPairing }) {
  if (pairing.debateId === null) return null;
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 py-2.5" data-testid="tournament-pairing">
      <p className="min-w-0 break-words">
        You judge <span className="font-semibold">{pairing.aff?.displayName}</span>{' '}
        <span className="text-slate-500">(Aff)</span> vs{' '}
        <span className="font-semibold">{pairing.neg?.displayName}</span> <span className="text-slate-500">(Neg)</span>
      </p>
      <div className="flex items-center gap-3">
        <Status pairing={pairing} />
        <RoomLink debateId={pairing.debateId} label="Go to the room" />
      </div>
    </li>
  );
}

/**
 * The released rounds, newest first: every pairing for a host, an entrant's own for an entrant, and the rooms a pool
 * judge judges (the server gives each only those). A British Parliamentary round lists its rooms of four teams.
 */
export function TournamentRounds({
  tournamentId,
  formatId,
  rounds,
  naming,
  divisions,
  isManager,
  entrantId,
  viewerId = null,
}: {
  tournamentId: number;
  formatId: TFormatId;
  /** What names each round (`roundName`): the tournament's preliminary rounds and break. */
  naming: TRoundNaming;
  rounds: readonly TTournamentRound[];
  divisions: readonly TTournamentDivision[];
  isManager: boolean;
  entrantId: number | null;
  /** The signed-in user: a BP room they judge says so. */
  viewerId?: string | null;
}) {
  if (rounds.length === 0) {
    return <p className="mt-2 text-sm text-slate-600">No round has been released yet.</p>;
  }
  const divisionName = (id: number) =>
    divisions.length > 1 ? (divisions.find((d) => d.id === id)?.name ?? null) : null;
  return (
    <div className="mt-3 space-y-5">
      {[...rounds].reverse().map((round) => (
        <section key={round.number} aria-labelledby={`round-${round.number}`} data-testid={`round-${round.number}`}>
          <h3 id={`round-${round.number}`} className="font-semibold text-slate-900">
            {roundName(round.number, naming)}
            <span className="ml-2 text-sm font-normal text-slate-500">
              {round.status === 'complete' ? 'Complete' : 'Released'}
            </span>
          </h3>
          {round.motion ? (
            <p className="mt-1 break-words text-sm text-slate-800" data-testid="round-motion">
              <span className="font-semibold">Motion:</span> {round.motion}
            </p>
          ) : null}
          {isManager ? (
            <RepairRoundButton tournamentId={tournamentId} round={round} name={roundName(round.number, naming)} />
          ) : null}
          {round.bpRooms.length > 0 ? (
            <BpRooms
              rooms={round.bpRooms}
              viewer={isManager ? 'host' : 'entrant'}
              entrantId={entrantId}
              viewerId={viewerId}
              divisionName={divisionName}
              tournamentId={isManager ? tournamentId : null}
            />
          ) : round.pairings.length === 0 ? (
            <p className="text-sm text-slate-600">You are not drawn in this round.</p>
          ) : (
            <ul className="divide-y divide-slate-100">
              {round.pairings.map((pairing) =>
                isManager ? (
                  <HostPairing
                    key={pairing.id}
                    tournamentId={tournamentId}
                    formatId={formatId}
                    pairing={pairing}
                    divisionName={divisionName(pairing.divisionId)}
                  />
                ) : entrantId !== null && ownPairing(pairing, entrantId) ? (
                  <OwnPairing key={pairing.id} pairing={pairing} entrantId={entrantId} />
                ) : (
                  <JudgedPairing key={pairing.id} pairing={pairing} />
                ),
              )}
            </ul>
          )}
        </section>
      ))}
    </div>
  );
}
