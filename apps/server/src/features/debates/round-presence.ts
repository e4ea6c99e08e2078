/**
 * Who must be in a live round's room, and what their absence means (issue 40, the seat model): every debater of every
 * side is watched for forfeits, and a side forfeits only when all its members are away (one partner keeps the side in
 * the round); both sides away at once abandon it. In British Parliamentary the same holds per team of two, not per
 * bench: a team away forfeits while another team is in the room, and the room goes on. A debater's or judge's first arrival is kept for the award rules
 * and a tournament's grace period.
 */
import { BP_SIDE_OF, isBpPosition, isJudgeOf, type TSideKey } from '@resolved/shared';
import { forfeitsOfRound, isOfForfeitedTeam } from './bp-clock';
import type { TDebatesDeps } from '../../context';
import { nowIso } from '../../db/database';
import * as repo from './debates.repository';
import * as seatsRepo from './debate-seats.repository';
import type { TDebateRow } from './debates.tables';
import { db, debaterSeatsOf, roundSeatsOf } from './round-row';

/** Whether the round's clock has run at all (its first command, at or after any start time, bumps the version). */
const isUnderWay = (row: TDebateRow) => Number(row.clockVersion) > 0;

/** The debaters of every live debate, every seat of every side (what a restarted instance must watch for forfeits). */
export async function listLiveDebaters(deps: TDebatesDeps): Promise<{ debateId: number; userId: string }[]> {
  const rows = await repo.listDebatesByStatus(db(deps), ['live'], 10_000);
  const seats = await seatsRepo.listSeats(
    db(deps),
    rows.map((row) => row.id),
  );
  const seatsOf = new Map<number, { userId: string; joinedAt: string | null }[]>();
  for (const seat of seats) seatsOf.set(seat.debateId, [...(seatsOf.get(seat.debateId) ?? []), seat]);
  return rows.flatMap((row) =>
    (
      seatsOf.get(Number(row.id)) ?? [
        // A round whose seats were never written reads as its two first seats.
        { userId: row.debaterAId, joinedAt: row.debaterAJoinedAt },
        { userId: row.debaterBId, joinedAt: row.debaterBJoinedAt },
      ]
    )
      // A matched debater who never came is watched as at the match; a practice round's only once it is under way.
      .filter(({ joinedAt }) => row.kind !== 'team' || (isUnderWay(row) && joinedAt !== null))
      .map(({ userId }) => ({ debateId: Number(row.id), userId })),
  );
}

/**
 * A debater or judge (any judge of a panel) entered their room: the first time is recorded for the award rules (did a
 * forfeiter ever come?) and a tournament's grace period (did each judge?).
 */
export async function notePresent(deps: TDebatesDeps, debateId: number, userId: string): Promise<void> {
  await repo.markDebaterPresent(db(deps), debateId, userId, nowIso());
}

/**
 * `userId`'s part in a round: their side (any seat of it) and speaker position, their partners (the other members of
 * the side) and their opponents (every debater of the other sides), whether they judge it, and whether absence
 * forfeits it yet. Null when there is no such round.
 */
export async function roleIn(deps: TDebatesDeps, debateId: number, userId: string) {
  const row = await repo.findDebate(db(deps), debateId);
  if (!row) return null;
  const seats = await debaterSeatsOf(deps, row);
  const seat = seats.find((s) => s.userId === userId);
  const side: TSideKey | null = seat?.side === 'a' || seat?.side === 'b' ? seat.side : null;
  // British Parliamentary forfeits by team, not by bench: a partner is the teammate, an opponent anyone of another
  // team still in the room; a debater of a team that forfeited is watched no more.
  const forfeits = await forfeitsOfRound(db(deps), row);
  const hasForfeited = isOfForfeitedTeam(seat?.position, forfeits);
  const teamOf = (position: string | null) => (isBpPosition(position) ? BP_SIDE_OF[position] : null);
  const isPartner = (s: { side: string; position: string | null }) =>
    row.formatId === 'bp' ? teamOf(s.position) === teamOf(seat?.position ?? null) : s.side === side;
  const others = seats.filter((s) => s.userId !== userId && !isOfForfeitedTeam(s.position, forfeits));
  return {
    side,
    position: seat?.position ?? null,
    partnerIds: side ? others.filter(isPartner).map((s) => s.userId) : [],
    opponentIds: side ? others.filter((s) => !isPartner(s)).map((s) => s.userId) : [],
    isJudge: isJudgeOf(userId, await roundSeatsOf(deps, row)),
    status: row.status,
    // Absence forfeits a matched round from the match on; a practice round (paired by a coach, maybe for later) only
    // once its clock has run: before that the coach, not a timer, deals with a student who is not there.
    canForfeit: !hasForfeited && (row.kind !== 'team' || isUnderWay(row)),
  };
}

/**
 * What a debater's absence does once their forfeit watch falls due, given who is in the room: nothing while a partner
 * is there (the side still plays), abandoning the round when every debater of every side is away, else the side
 * forfeits.
 */
export function absenceOutcome(
  role: { partnerIds: readonly string[]; opponentIds: readonly string[] },
  isInRoom: (userId: string) => boolean,
): 'none' | 'abandon' | 'forfeit' {
  if (role.partnerIds.some(isInRoom)) return 'none';
  return role.opponentIds.some(isInRoom) ? 'forfeit' : 'abandon';
}
