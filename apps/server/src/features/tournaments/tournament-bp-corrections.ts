/**
 * A host's correction of a judged British Parliamentary room (issue 41): the four teams ranked again and the eight
 * speakers' points, with a reason, also after the tournament is over. The result of record changes
 * (`results/bp-result-corrections.ts`, on the chair's ballot's terms), and with it the tab, the break, the exports and
 * the room's own page; ratings are not re-applied. What follows is every correction's (`runCorrection`,
 * `followCorrection`): a round drawn from the result — the first elimination round from a preliminary room (the break
 * was seeded from the tab), the next elimination round from an elimination room (its first two went on) — is drawn
 * again in the same transaction if none of its rooms has started, and the correction is refused (409) once one has.
 * Audited as `result_corrected`, with each team's place and each speaker's points before and after.
 */
import {
  BP_POSITIONS,
  BP_SIDE_OF,
  BP_SIDES,
  isBpPosition,
  type TBpSide,
  type TSessionUser,
  type TTournamentBpResultCorrection,
  type TTournamentRound,
} from '@resolved/shared';
import type { Kysely } from 'kysely';
import { nowIso } from '../../db/database';
import type { DB } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { correctBpResultIn, type TBpCorrectableResult } from '../results/bp-result-corrections';
import { db, requireManager, type TTournamentsDeps } from './tournament-access';
import * as bpRepo from './tournament-bp.repository';
import { followCorrection, runCorrection, type TCorrected } from './tournament-correction-follow';
import * as hostRepo from './tournament-host.repository';
import { namesOf, presentedRound } from './tournament-host';
import type { TTournamentRow } from './tournaments.tables';

const PLACE = ['1st', '2nd', '3rd', '4th'];
const speakingOrder = (position: string | null) => (BP_POSITIONS as readonly (string | null)[]).indexOf(position);

/** Corrects room `roomId`'s result; returns its round as the host reads it. */
export async function correctBpResult(
  deps: TTournamentsDeps,
  user: TSessionUser,
  id: number,
  roomId: number,
  input: TTournamentBpResultCorrection,
): Promise<TTournamentRound> {
  const { row } = await requireManager(deps, user, id);
  const found = await bpRepo.findBpRoom(db(deps), id, roomId);
  const corrected = await runCorrection(deps, user, row, found?.number ?? null, (trx, plan) =>
    correctBpIn(trx, user, row, roomId, input, plan),
  );
  return presentedRound(deps, id, corrected.number);
}

/** The correction in the caller's transaction, under the tournament's lock: the result, its audit, what follows. */
async function correctBpIn(
  trx: Kysely<DB>,
  user: TSessionUser,
  row: TTournamentRow,
  roomId: number,
  input: TTournamentBpResultCorrection,
  plan: { redraw: number | null },
): Promise<TCorrected> {
  const room = await bpRepo.findBpRoom(trx, row.id, roomId);
  if (!room) throw new AppError('not_found', 'This tournament has no such room.');
  if (room.debateId === null) throw new AppError('conflict', 'This room has no debate: no result to correct.');
  const { before, after, seats } = await correctBpResultIn(trx, room.debateId, input);
  const nameOf = await namesOf(
    trx,
    seats.map((seat) => seat.userId),
  );
  const speakersOf = (side: TBpSide) =>
    seats
      .filter((seat) => isBpPosition(seat.position) && BP_SIDE_OF[seat.position] === side)
      .sort((a, b) => speakingOrder(a.position) - speakingOrder(b.position));
  // "1st CG (Eve Fox 80, Fay Gold 79) · 2nd OG (…) · …": each team by place, its speakers' points (none: forfeited).
  const describe = (result: TBpCorrectableResult) => {
    const teamText = (side: TBpSide) => {
      const scored = speakersOf(side).filter((seat) => result.points.get(seat.userId) != null);
      const points = scored.map((seat) => `${nameOf(seat.userId)} ${result.points.get(seat.userId)! / 10}`);
      const speakers = points.length > 0 ? points.join(', ') : 'forfeited';
      return `${PLACE[result.ranks[side] - 1]} ${side.toUpperCase()} (${speakers})`;
    };
    const byPlace = [...BP_SIDES].sort((a, b) => result.ranks[a] - result.ranks[b]);
    return {
      text: `${byPlace.map(teamText).join(' · ')}${result.isLowPointWin ? ' (a low-point win)' : ''}`,
      ranks: result.ranks,
      points: Object.fromEntries(
        seats.map((seat) => {
          const points = result.points.get(seat.userId);
          return [seat.position ?? seat.userId, points == null ? null : points / 10];
        }),
      ),
    };
  };
  await hostRepo.insertAudit(trx, {
    tournamentId: row.id,
    action: 'result_corrected',
    roundNumber: room.number,
    debateId: room.debateId,
    actorId: user.id,
    reason: input.reason,
    before: describe(before),
    after: describe(after),
    createdAt: nowIso(),
  });
  const calledOff = await followCorrection(trx, user, row, room.number, input.reason, plan);
  return { debateId: room.debateId, number: room.number, calledOff };
}
