/**
 * A host's correction of an elimination round's walkover (issue 39): the match had no debate (one entrant could not
 * take part at the release: withdrawn, or not allowed a seat), so only its winner changes — the other entrant goes
 * through, when they may take part now — with a reason, audited as any correction. The round drawn from it and the
 * bracket follow as a judged result's do (`followCorrection`): the next round, released, is drawn again unless it
 * has started.
 */
import type { TDrawFlag, TSessionUser, TTournamentResultCorrection } from '@resolved/shared';
import type { Kysely } from 'kysely';
import { nowIso } from '../../db/database';
import type { DB } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { seatRefusalsAmong } from '../users/seats';
import * as hostRepo from './tournament-host.repository';
import * as repo from './tournaments.repository';
import type { TTournamentRow } from './tournaments.tables';
import { namesOf } from './tournament-host';
import { followCorrection } from './tournament-correction-follow';
import { memberIdsOf, teamNameOf, teamsOf } from './tournament-teams';

type TWalkoverPairing = NonNullable<Awaited<ReturnType<typeof hostRepo.findPairing>>>;

/**
 * Corrects walkover `pairing` in the caller's transaction: `input.winner` `aff` keeps the entrant who went through,
 * `neg` puts the one who could not take part through instead. Refused: speaker points (there was no debate), the
 * winner it has already (400), and an entrant who still cannot take part — withdrawn, or a member not allowed a seat
 * now (409, saying why; the next round would walk them over again).
 */
export async function correctWalkoverIn(
  trx: Kysely<DB>,
  user: TSessionUser,
  row: TTournamentRow,
  pairing: TWalkoverPairing,
  input: TTournamentResultCorrection,
  plan: { redraw: number | null },
): Promise<{ debateId: null; number: number; calledOff: number[] }> {
  if (input.speakerPoints || input.debaterPoints) {
    throw new AppError('validation_failed', 'A walkover had no debate: correct its winner only, without points.');
  }
  if (input.winner === 'aff') {
    throw new AppError('validation_failed', 'That entrant went through already: choose the other to correct it.');
  }
  const entrants = new Map((await repo.listEntrants(trx, row.id)).map((e) => [Number(e.id), e]));
  const through = entrants.get(Number(pairing.affEntrantId))!;
  const out = entrants.get(Number(pairing.negEntrantId))!;
  const teams = await teamsOf(trx, row.id);
  const membersOf = (entrant: typeof out) => memberIdsOf(teams, { id: Number(entrant.id), userId: entrant.userId });
  const nameOf = await namesOf(trx, [...membersOf(through), ...membersOf(out)]);
  const nameOfEntrant = (entrant: typeof out) => teamNameOf(membersOf(entrant), (id) => nameOf(id));
  if (out.withdrawnAt !== null) {
    throw new AppError(
      'conflict',
      `${nameOfEntrant(out)} withdrew from the tournament: a withdrawn entrant cannot go through.`,
    );
  }
  if ((await seatRefusalsAmong(trx, membersOf(out), Date.now())).size > 0) {
    throw new AppError(
      'conflict',
      `${nameOfEntrant(out)} cannot take part in rounds right now, so they cannot go through.`,
    );
  }
  // Marked while the correction stands; corrected back, the walkover is as the release gave it.
  const flags = JSON.parse(pairing.flags) as TDrawFlag[];
  const isCorrected = flags.includes('walkover_corrected');
  await hostRepo.swapWalkover(
    trx,
    Number(pairing.id),
    isCorrected ? flags.filter((f) => f !== 'walkover_corrected') : [...flags, 'walkover_corrected'],
  );
  const text = (winner: typeof out, loser: typeof out) =>
    `${nameOfEntrant(winner)} went through by walkover, ${nameOfEntrant(loser)} did not`;
  await hostRepo.insertAudit(trx, {
    tournamentId: row.id,
    action: 'result_corrected',
    roundNumber: pairing.number,
    debateId: null,
    actorId: user.id,
    reason: input.reason,
    before: { text: text(through, out), winner: 'aff', affPoints: null, negPoints: null },
    after: { text: text(out, through), winner: 'aff', affPoints: null, negPoints: null },
    createdAt: nowIso(),
  });
  const calledOff = await followCorrection(trx, user, row, pairing.number, input.reason, plan);
  return { debateId: null, number: pairing.number, calledOff };
}
