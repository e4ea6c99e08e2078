/**
 * Entry: by the tournament's page (open, or the host's teams) or by its join code, late entry while it is allowed,
 * the list of entrants, and withdrawal.
 */
import type { z } from 'zod';
import {
  ageRequiredRefusal,
  suspensionRefusal,
  divisionAgeConflict,
  isEntryOpen,
  isMinorRound,
  lateEntryCutoff,
  teamManagedRefusal,
  TOURNAMENT_LIMITS,
  type TDivisionAgeBand,
  type TEntrant,
  type TSessionUser,
  type TTournament,
  type TTournamentEntrant,
  type ZEnterTournamentRequest,
} from '@resolved/shared';
import type { Kysely } from 'kysely';
import { nowIso } from '../../db/database';
import type { DB } from '../../db/schema';
import { AppError, refuse } from '../../lib/errors';
import { withKeyLock } from '../../lib/key-lock';
import { teamIdsOfUsers } from '../memberships/memberships.service';
import { ageBandsOf } from '../users/users.service';
import * as repo from './tournaments.repository';
import * as membersRepo from './tournament-members.repository';
import { checkTeam, memberIdsOf, partnersOf, teamsOf } from './tournament-teams';
import type { TDivisionRow, TTournamentRow } from './tournaments.tables';
import {
  type TTournamentsDeps,
  db,
  lockKey,
  viewerOf,
  isManager,
  requireViewer,
  requireDoor,
} from './tournament-access';
import { emitChanged } from './tournament-events';
import { present, listEntrantsOf } from './tournament-presenter';

type TEnterInput = z.output<typeof ZEnterTournamentRequest>;

/**
 * Enters the caller: by the tournament's page (open, or the host's teams) or by its join code (`viaCode`). One entry
 * per person; none once the first round is released. The division is the named one chosen (or the only one); an open
 * tournament places the entrant in that name's division of their age band, and elsewhere a division never mixes
 * under-18 and adult entrants who are not on one team.
 */
export async function enter(
  deps: TTournamentsDeps,
  user: TSessionUser,
  row: TTournamentRow,
  input: TEnterInput,
  viaCode: boolean,
): Promise<{ tournament: TTournament; entrant: TTournamentEntrant }> {
  refuse(ageRequiredRefusal(user));
  // The seat rule (a suspended account takes no seat; a banned one has no session): no entry either.
  refuse(suspensionRefusal(user, deps.now ? deps.now() : Date.now()));
  if (row.entryMode !== 'teams') refuse(teamManagedRefusal(user, 'tournament'));
  if (row.entryMode === 'code' && !viaCode) {
    throw new AppError('forbidden', 'This tournament is entered with its join code: ask the host for it.');
  }
  const viewer = await viewerOf(deps, row, user);
  if (isManager(viewer)) throw new AppError('conflict', 'Hosts run the tournament: they do not enter it.');
  if (viewer.entrant && viewer.entrant.withdrawnAt === null) {
    throw new AppError('conflict', 'You have entered this tournament already.');
  }
  if (!isEntryOpen({ ...row, roundsReleased: releasedCount(await repo.listRounds(db(deps), row.id)) })) {
    throw entriesClosed(row.prelimRounds);
  }
  const teamId = await entryTeam(deps, user, row, input.teamId ?? null);
  // A tournament of teams: the partners named, each of whom may sit with the caller (`checkTeam`).
  const partnerIds = partnersOf(row, user, input.partnerIds);
  const bands = await ageBandsOf(db(deps), partnerIds);
  const isMinor = isMinorRound([user.ageBand ?? null, ...partnerIds.map((id) => bands.get(id) ?? null)]);
  const division = await entryDivision(deps, row, input.divisionId, isMinor);
  const entrantId = await withKeyLock(deps.database, lockKey(row.id), async (trx) => {
    // Under the tournament's lock, so a release (which takes it too) sees this entry or refuses it.
    const current = await repo.findTournament(trx, row.id);
    // After the first round, a late entrant is credited a bye for each round released so far.
    const roundsReleased = releasedCount(await repo.listRounds(trx, row.id));
    if (!current || !isEntryOpen({ ...current, roundsReleased })) throw entriesClosed(row.prelimRounds);
    await checkTeam(deps, trx, row, user, partnerIds);
    if ((await repo.countEntrants(trx, row.id)) >= TOURNAMENT_LIMITS.entrantsMax) {
      throw new AppError('conflict', `This tournament is full (${TOURNAMENT_LIMITS.entrantsMax} entrants).`);
    }
    if (division.ageBand === null) {
      const field = (await repo.listEntrants(trx, row.id)).filter(
        (e) => e.divisionId === division.id && e.withdrawnAt === null,
      );
      // A team counts as under 18 when any member is (its captain alone may be an adult).
      const teams = await teamsOf(trx, row.id);
      const bands = await ageOf(
        trx,
        field.flatMap((e) => memberIdsOf(teams, e)),
      );
      const isMinorEntrant = (e: (typeof field)[number]) =>
        memberIdsOf(teams, e).some((userId) => bands.get(userId) ?? true);
      const entrants: TEntrant[] = [
        ...field.map((e) => ({ id: e.userId, teamId: e.teamId, rating: 0, isMinor: isMinorEntrant(e) })),
        { id: user.id, teamId, rating: 0, isMinor },
      ];
      if (divisionAgeConflict(entrants)) {
        throw new AppError(
          'conflict',
          isMinor
            ? 'This division has adult entrants from other teams, and under-18s meet adults only on their own team. Ask the host.'
            : 'This division has under-18 entrants from other teams, and adults meet under-18s only on their own team. Ask the host.',
        );
      }
    }
    // A withdrawn entry before the first round was deleted; after it, entries are closed: the row is new.
    const id = await repo.insertEntrant(trx, {
      tournamentId: row.id,
      userId: user.id,
      divisionId: division.id,
      teamId,
      lateByeScore: current.status === 'running' ? roundsReleased : null,
      now: nowIso(),
    });
    if (id === null) throw new AppError('conflict', 'You have entered this tournament already.');
    const members = [user.id, ...partnerIds];
    await membersRepo.insertMembers(trx, { entrantId: id, tournamentId: row.id, userIds: members, now: nowIso() });
    return id;
  });
  await emitChanged(deps, row.id);
  const entrant = (await listEntrantsOf(deps, row.id)).find((e) => e.id === entrantId)!;
  return { tournament: await present(deps, row, await viewerOf(deps, row, user)), entrant };
}

export async function enterById(deps: TTournamentsDeps, user: TSessionUser, id: number, input: TEnterInput) {
  const { row } = await requireViewer(deps, user, id);
  return enter(deps, user, row, input, false);
}

export async function enterByCode(deps: TTournamentsDeps, user: TSessionUser, code: string, input: TEnterInput) {
  const row = await repo.findTournamentByCode(db(deps), code);
  if (!row || row.entryMode !== 'code') {
    throw new AppError('not_found', 'That tournament code is not valid. Check it with the host.');
  }
  return enter(deps, user, row, input, true);
}

/** How many preliminary rounds are released (a round number is released in every division at once). */
function releasedCount(rounds: readonly { number: number; status: string }[]): number {
  return Math.max(0, ...rounds.filter((r) => r.status !== 'draft').map((r) => r.number));
}

/** Entry after the cut-off: late entrants miss fewer than half the preliminary rounds (`lateEntryCutoff`). */
function entriesClosed(prelimRounds: number): AppError {
  const cutoff = lateEntryCutoff(prelimRounds);
  return new AppError(
    'conflict',
    cutoff <= 1
      ? 'Entries closed when the first round was released.'
      : `Entries closed when round ${cutoff} was released: a late entrant must miss fewer than half the preliminary rounds.`,
  );
}

/** Whether each of these users counts as under 18 (no age given counts as under 18, the safe side). */
export async function ageOf(tx: Kysely<DB>, userIds: readonly string[]): Promise<Map<string, boolean>> {
  const bands = await ageBandsOf(tx, userIds);
  return new Map(userIds.map((userId) => [userId, isMinorRound([bands.get(userId)])]));
}

/** The team an entrant enters for: one of the tournament's teams (entry by teams), or one they are on, or none. */
async function entryTeam(
  deps: TTournamentsDeps,
  user: TSessionUser,
  row: TTournamentRow,
  asked: number | null,
): Promise<number | null> {
  const own = (await teamIdsOfUsers(db(deps), [user.id])).get(user.id) ?? [];
  if (row.entryMode === 'teams') {
    const entered = (await repo.listTeamIds(db(deps), row.id)).filter((teamId) => own.includes(teamId));
    if (entered.length === 0) {
      throw new AppError('forbidden', 'This tournament is for members of the host’s teams.');
    }
    if (asked !== null && !entered.includes(asked)) {
      throw new AppError('validation_failed', 'Enter for one of this tournament’s teams that you are on.');
    }
    return asked ?? entered[0]!;
  }
  if (asked !== null && !own.includes(asked)) {
    throw new AppError('validation_failed', 'You can enter only for a team you are on.');
  }
  return asked;
}

async function entryDivision(
  deps: TTournamentsDeps,
  row: TTournamentRow,
  divisionId: number | undefined,
  isMinor: boolean,
): Promise<TDivisionRow> {
  const divisions = await repo.listDivisions(db(deps), row.id);
  const names = [...new Set(divisions.map((d) => d.name))];
  let name: string;
  if (divisionId === undefined) {
    if (names.length > 1) throw new AppError('validation_failed', 'Choose a division to enter.');
    name = names[0]!;
  } else {
    const chosen = divisions.find((d) => d.id === divisionId);
    if (!chosen) throw new AppError('validation_failed', 'That division is not part of this tournament.');
    name = chosen.name;
  }
  const band: TDivisionAgeBand = isMinor ? 'minor' : 'adult';
  const division = divisions.find((d) => d.name === name && (d.ageBand === null || d.ageBand === band));
  if (!division) throw new AppError('validation_failed', 'That division is not part of this tournament.');
  return division;
}

/** The entrants list, with user ids, no-shows, late byes and entry times: for the tournament's own people. */
export async function listEntrants(deps: TTournamentsDeps, user: TSessionUser, id: number) {
  const { row, viewer } = await requireViewer(deps, user, id);
  requireDoor(row, viewer, 'entrants');
  return listEntrantsOf(deps, id);
}

/**
 * An entrant withdraws, or a host withdraws them. Before the first round the entry is simply gone (they may enter
 * again); after it they are marked withdrawn and left out of later draws, their rounds kept.
 */
export async function withdraw(deps: TTournamentsDeps, user: TSessionUser, id: number, entrantId: number) {
  const { row, viewer } = await requireViewer(deps, user, id);
  const entrant = await repo.findEntrant(db(deps), id, entrantId);
  if (!entrant) throw new AppError('not_found', 'This tournament has no such entrant.');
  const isMember = (await membersRepo.listMembers(db(deps), id)).some(
    (m) => m.entrantId === entrantId && m.userId === user.id,
  );
  if (!isMember && !isManager(viewer)) {
    throw new AppError('forbidden', 'Only the entrant or the tournament’s hosts can withdraw an entry.');
  }
  await withKeyLock(deps.database, lockKey(id), async (trx) => {
    const current = await repo.findTournament(trx, id);
    if (current?.status === 'finished') throw new AppError('conflict', 'This tournament is over.');
    if (current?.status === 'registration') return repo.deleteEntrant(trx, entrantId);
    if (!(await repo.withdrawEntrant(trx, entrantId, nowIso()))) {
      throw new AppError('conflict', 'This entrant has withdrawn already.');
    }
  });
  await emitChanged(deps, row.id);
}
