/**
 * No-shows: an entrant who was not checked in when a round was drawn by the tournament itself (left out of that
 * draw), or who was not in their room by the end of the grace period (forfeits it). Each miss is one row (counted
 * once however often a job runs), adds one to `tournamentEntrants.noShows`, and the second withdraws the entrant
 * (`withdrawnAt`; their rounds stay). docs/decisions.md: "A tournament's no-shows".
 */
import { TOURNAMENT_NO_SHOWS_TO_WITHDRAW } from '@resolved/shared';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import * as repo from './tournaments.repository';
import * as seqRepo from './tournament-sequencer.repository';

/** Records each entrant's miss of round `roundNumber`; returns the entrants this withdrew (their second miss). */
export async function recordNoShows(
  trx: Kysely<DB>,
  tournamentId: number,
  roundNumber: number,
  entrantIds: readonly number[],
  reason: 'not_checked_in' | 'absent',
  now: string,
): Promise<number[]> {
  const withdrawn: number[] = [];
  for (const entrantId of entrantIds) {
    const isNew = await seqRepo.insertNoShow(trx, { tournamentId, entrantId, roundNumber, reason, recordedAt: now });
    if (!isNew) continue;
    const count = await seqRepo.incrementNoShows(trx, entrantId);
    if (count >= TOURNAMENT_NO_SHOWS_TO_WITHDRAW && (await repo.withdrawEntrant(trx, entrantId, now))) {
      withdrawn.push(entrantId);
    }
  }
  return withdrawn;
}

/**
 * The debates of a tournament in which neither debater came (both absent at the end of the grace period): they have
 * no result and never will, and count for neither (as a round each missed), so the next draw does not wait for them.
 * Keyed `<roundNumber>:<affEntrantId>:<negEntrantId>`.
 */
export async function doubleNoShows(
  trx: Kysely<DB>,
  tournamentId: number,
  /** The tournament's pairings when the caller read them already (the sequencer reads them once per wake). */
  pairings?: readonly TPairingKey[],
): Promise<Set<string>> {
  const absent = new Set(
    (await seqRepo.listNoShows(trx, tournamentId))
      .filter((n) => n.reason === 'absent')
      .map((n) => `${n.roundNumber}:${n.entrantId}`),
  );
  const out = new Set<string>();
  for (const p of pairings ?? (await repo.listPairings(trx, tournamentId))) {
    if (p.isBye || p.negEntrantId === null) continue;
    if (absent.has(`${p.number}:${p.affEntrantId}`) && absent.has(`${p.number}:${p.negEntrantId}`)) {
      out.add(`${p.number}:${p.affEntrantId}:${p.negEntrantId}`);
    }
  }
  return out;
}

type TPairingKey = { number: number; affEntrantId: number; negEntrantId: number | null; isBye: boolean | number };

export const pairingKey = (p: { number: number; affEntrantId: number; negEntrantId: number | null }) =>
  `${p.number}:${p.affEntrantId}:${p.negEntrantId}`;

/** How many open pairings the first look reads: enough to find one that is not a double no-show. */
const OPEN_LOOK = 32;

/**
 * Surely a pairing (of round `number`, or of any round) has no result yet: one read of a few open pairings, none of
 * them a debate neither side came to. False means "perhaps all are decided": the caller then reads every outcome. The
 * sequencer and every result's handler ask this first, so a round's ballots do not each read the whole tournament.
 */
export async function hasUndecidedPairing(
  trx: Kysely<DB>,
  tournamentId: number,
  number: number | null,
): Promise<boolean> {
  const open = await seqRepo.listOpenPairings(trx, tournamentId, number, OPEN_LOOK);
  if (open.length === 0) return false;
  const absent = new Set(
    (await seqRepo.listNoShows(trx, tournamentId))
      .filter((n) => n.reason === 'absent')
      .map((n) => `${n.roundNumber}:${n.entrantId}`),
  );
  return open.some(
    (p) =>
      p.negEntrantId === null ||
      !absent.has(`${p.number}:${p.affEntrantId}`) ||
      !absent.has(`${p.number}:${p.negEntrantId}`),
  );
}
