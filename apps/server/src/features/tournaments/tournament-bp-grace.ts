/**
 * The end of a British Parliamentary round's grace period (issue 41; the sequencer's step 1, `endGrace`): what a
 * two-sided pairing's end of grace does, for a room of four teams.
 *
 * - A team none of whose debaters opened the room (each seat's first arrival, `debateSeats.joinedAt`) is absent: it
 *   has a no-show (`recordNoShows`: the second withdraws it) and forfeits alone through the room's own per-team
 *   forfeit (`results.forfeit` → `forfeitBpTeamIn`, as the forfeit watch calls it), each of its debaters struck. The
 *   first to go takes 4th place, then 3rd, then 2nd; teams absent together go in the room's order (OG, OO, CG, CO).
 *   While two or more teams remain the room plays on and its chair ranks them; with one left it is decided without a
 *   ballot.
 * - No team that is still in the room came (all four, or all that did not forfeit before): it is abandoned, as a
 *   two-sided round neither side came to, and counts for no one.
 * - A room still played gives its absent judges (the chair, a wing) to the standbys (`tournament-standbys.ts`).
 *
 * Each step is idempotent and in its own transaction: a team that forfeited already is out of the room (neither
 * absent again nor forfeited twice), a no-show counts once, a room no longer live is left alone; the caller marks the
 * round only after all of it, so a crash part-way is finished by the next wake.
 */
import { BP_SIDE_OF, BP_SIDES, isBpPosition, remainingBpTeams, type TBpSide } from '@resolved/shared';
import { nowIso } from '../../db/database';
import { inTransaction } from '../../db/transaction';
import { panelArrivalsOf } from '../debates/panels.service';
import * as rounds from '../debates/rounds.service';
import * as results from '../results/results.service';
import * as bpRepo from './tournament-bp.repository';
import { recordNoShows } from './tournament-no-shows';
import type { TGraceJudges, TSequencer } from './tournament-sequencer';
import { absentJudgesOf, type TAbsentJudge } from './tournament-standbys';

/** Round `number`'s BP rooms at the end of its grace period (`graceEndIso`); see the file's comment. */
export async function endBpGrace(
  seq: TSequencer,
  tournamentId: number,
  number: number,
  graceEndIso: string,
): Promise<TGraceJudges> {
  const { deps } = seq;
  const db = deps.database.db;
  const tx = rounds.debatesDb(db);
  const step = async (name: 'no_shows' | 'forfeit') => {
    if (seq.onStep) await seq.onStep(name, tournamentId);
  };
  const rooms = (await bpRepo.listBpRooms(db, tournamentId)).filter((r) => r.number === number && r.debateId !== null);
  const debateIds = rooms.map((room) => room.debateId!);
  const panelSeats = await panelArrivalsOf(db, debateIds);
  // Every judge seated this round, a panel's too: none of them is another room's standby.
  const seated = new Set<string>(panelSeats.map((s) => s.userId));
  const seats = await rounds.seatsOfRounds(db, debateIds);
  const judgeAway: TAbsentJudge[] = [];
  for (const room of rooms) {
    const debateId = room.debateId!;
    const debate = await rounds.findDebate(tx, debateId);
    if (!debate) continue;
    if (debate.judgeId) seated.add(debate.judgeId);
    if (debate.status !== 'live') continue;
    const membersOf = (side: TBpSide) =>
      seats.filter((s) => s.debateId === debateId && isBpPosition(s.position) && BP_SIDE_OF[s.position] === side);
    // The teams still in the room; a team is absent when none of its members came (one who came keeps it in).
    const remaining = remainingBpTeams(await rounds.findBpForfeits(tx, debateId));
    const away = remaining.filter((side) => {
      const members = membersOf(side);
      return members.length > 0 && members.every((s) => s.joinedAt === null);
    });
    if (away.length > 0) {
      const entrantIds = away.map((side) => room.teams[side]);
      const withdrawn = await inTransaction(deps.database, (trx) =>
        recordNoShows(trx, tournamentId, number, entrantIds, 'absent', nowIso()),
      );
      if (withdrawn.length > 0) seq.log.info({ tournamentId, withdrawn }, 'entrants withdrawn after two no-shows');
      await step('no_shows');
    }
    if (away.length > 0 && away.length === remaining.length) {
      // Nobody still in the room came: abandoned, as a round neither side came to.
      await results.abandon(deps, debateId);
      await step('forfeit');
      continue;
    }
    for (const side of away) {
      // The team forfeits alone (its place the lowest still free), each of its debaters struck.
      const absentIds = membersOf(side).map((s) => s.userId);
      await results.forfeit(deps, debateId, absentIds[0]!, { absentIds });
      await step('forfeit');
    }
    // One team left: the room was decided by the forfeits, and has no ballot to judge.
    if (remaining.length - away.length < 2) continue;
    const panel = panelSeats.filter((s) => s.debateId === debateId);
    const entrantIds = BP_SIDES.map((side) => room.teams[side]);
    judgeAway.push(...absentJudgesOf(debate, panel, { debateId, entrantIds }, graceEndIso));
  }
  return { judgeAway, seated };
}
