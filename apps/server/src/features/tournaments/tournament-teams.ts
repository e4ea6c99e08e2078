/**
 * Tournaments of teams (issue 40, item 6): an entrant is a team of the format's size, its captain the member who
 * entered it (`tournamentEntrants.userId`) and its members in speaking order (`tournamentEntrantMembers`). Here: the
 * partners an entry names and the rules over the whole team (`findSeatingRefusal`: bans, suspensions, blocks between
 * partners, who a minor sits with), a partner's confirmation, a host's replacement of a member (audited), and what
 * the release and the tab read of a team (its members, whether it is complete, its name and its seats).
 */
import {
  ageRequiredRefusal,
  FORMATS,
  isMinorRound,
  teamDisplayName,
  type TDebaterSeatInput,
  type TFormatId,
  type TSessionUser,
  type TTournamentEntrant,
  type TTournamentEntrantRef,
  type ZReplaceMemberRequest,
} from '@resolved/shared';
import type { z } from 'zod';
import type { Kysely } from 'kysely';
import { nowIso } from '../../db/database';
import type { DB } from '../../db/schema';
import { AppError, refuse } from '../../lib/errors';
import { withKeyLock } from '../../lib/key-lock';
import { findSeatingRefusal } from '../debates/round-seating';
import { findDoorUserById, findUserNames } from '../users/users.service';
import * as hostRepo from './tournament-host.repository';
import * as membersRepo from './tournament-members.repository';
import * as repo from './tournaments.repository';
import type { TEntrantRow, TMemberRow, TTournamentRow } from './tournaments.tables';
import { type TTournamentsDeps, lockKey, requireManager, requireViewer } from './tournament-access';
import { emitChanged } from './tournament-events';

/** Each entrant's members (by entrant id), in speaking order. */
export type TTeams = ReadonlyMap<number, readonly TMemberRow[]>;

/** The partners an entry names: none in a tournament of one-person entrants, the format's team size less one else. */
export function partnersOf(row: TTournamentRow, user: TSessionUser, asked: readonly string[] | undefined): string[] {
  const partners = [...(asked ?? [])];
  const wanted = Number(row.teamSize) - 1;
  if (wanted === 0) {
    if (partners.length > 0)
      throw new AppError('validation_failed', 'Each entrant of this tournament debates alone: name no partner.');
    return [];
  }
  if (partners.length !== wanted) {
    // The details tell a page that entered by code (not knowing the tournament yet) whom to ask for.
    throw new AppError('validation_failed', wanted === 1 ? 'Name your partner.' : `Name your ${wanted} partners.`, {
      formatId: row.formatId,
      partnersWanted: wanted,
    });
  }
  if (new Set([user.id, ...partners]).size !== partners.length + 1) {
    throw new AppError('validation_failed', 'A team names each debater once.');
  }
  return partners;
}

/**
 * Whether the caller may enter with these partners, read in the entry's transaction: each partner an account that
 * may debate (an age given), none a host of the tournament or in one of its teams already, and the team one that may
 * sit together (`findSeatingRefusal`: nobody suspended, no block between them, a minor with an adult only as
 * teammates). Throws the refusal (4xx), naming who.
 */
export async function checkTeam(
  deps: TTournamentsDeps,
  trx: Kysely<DB>,
  row: TTournamentRow,
  user: TSessionUser,
  partnerIds: readonly string[],
): Promise<void> {
  if (partnerIds.length === 0) return;
  await checkNewMembers(trx, row, partnerIds);
  const names = await findUserNames(trx, [user.id, ...partnerIds]);
  const inTeam = await membersRepo.findMemberIds(trx, row.id, [user.id, ...partnerIds]);
  const taken = [user.id, ...partnerIds].find((id) => inTeam.has(id));
  if (taken !== undefined) {
    throw new AppError(
      'conflict',
      taken === user.id
        ? 'You are in a team of this tournament already.'
        : `${names.get(taken) ?? 'Your partner'} is in a team of this tournament already.`,
    );
  }
  await refuseTeam(deps, trx, row.formatId, [user.id, ...partnerIds]);
}

/** Each new member is an account that may debate and is not one of the tournament's hosts. */
async function checkNewMembers(trx: Kysely<DB>, row: TTournamentRow, userIds: readonly string[]): Promise<void> {
  const cohosts = await repo.listCohostIds(trx, row.id);
  for (const userId of userIds) {
    // As the door reads them (their age band is the door's).
    const partner = (await findDoorUserById(trx, userId))?.user;
    if (!partner) throw new AppError('not_found', 'There is no such user.');
    if (userId === row.hostId || cohosts.includes(userId)) {
      throw new AppError('conflict', 'Hosts run the tournament: they do not enter it.');
    }
    const refusal = ageRequiredRefusal(partner);
    if (refusal) {
      throw new AppError(refusal.code, `${partner.displayName} cannot debate yet: ${refusal.message}`);
    }
  }
}

/** The team's members as one side of a round: refused (naming who) when they may not sit together now. */
async function refuseTeam(deps: TTournamentsDeps, trx: Kysely<DB>, formatId: TFormatId, userIds: readonly string[]) {
  const debaters = teamSeats(formatId, 'a', userIds);
  refuse(await findSeatingRefusal(trx, { debaters, judgeIds: [] }, deps.now ? deps.now() : Date.now()));
}

/** A partner confirms the team they were named in; the team is drawn once every member has. */
export async function confirmMember(deps: TTournamentsDeps, user: TSessionUser, id: number, entrantId: number) {
  const { row } = await requireViewer(deps, user, id);
  await withKeyLock(deps.database, lockKey(id), async (trx) => {
    const current = await repo.findTournament(trx, id);
    if (current?.status === 'finished') throw new AppError('conflict', 'This tournament is over.');
    const entrant = await repo.findEntrant(trx, id, entrantId);
    if (!entrant || entrant.withdrawnAt !== null)
      throw new AppError('not_found', 'This tournament has no such entrant.');
    const member = (await membersRepo.listMembers(trx, id)).find(
      (m) => m.entrantId === entrantId && m.userId === user.id,
    );
    if (!member) throw new AppError('forbidden', 'Only a debater named in this team can confirm it.');
    if (member.confirmedAt !== null) throw new AppError('conflict', 'You have confirmed this team already.');
    // The seat rule again, now: a suspension since the entry keeps the team from being confirmed.
    const members = (await membersRepo.listMembers(trx, id)).filter((m) => m.entrantId === entrantId);
    await refuseTeam(
      deps,
      trx,
      row.formatId,
      members.map((m) => m.userId),
    );
    await membersRepo.confirmMember(trx, entrantId, user.id, nowIso());
  });
  await emitChanged(deps, id);
}

type TReplaceInput = z.output<typeof ZReplaceMemberRequest>;

/**
 * A host replaces a member who cannot come with someone else (who must pass every rule a member does), audited. The
 * captain, whom the tournament's past rounds name, is replaced only before the first round; after it, a team whose
 * captain cannot come is withdrawn.
 */
export async function replaceMember(
  deps: TTournamentsDeps,
  user: TSessionUser,
  id: number,
  entrantId: number,
  fromUserId: string,
  input: TReplaceInput,
) {
  const { row } = await requireManager(deps, user, id);
  const toUserId = input.userId;
  await withKeyLock(deps.database, lockKey(id), async (trx) => {
    const current = await repo.findTournament(trx, id);
    if (!current || current.status === 'finished') throw new AppError('conflict', 'This tournament is over.');
    const entrant = await repo.findEntrant(trx, id, entrantId);
    if (!entrant || entrant.withdrawnAt !== null)
      throw new AppError('not_found', 'This tournament has no such entrant.');
    const members = (await membersRepo.listMembers(trx, id)).filter((m) => m.entrantId === entrantId);
    const from = members.find((m) => m.userId === fromUserId);
    if (!from) throw new AppError('not_found', 'They are not a member of this team.');
    if (from.memberOrder === 1 && current.status !== 'registration') {
      throw new AppError(
        'conflict',
        'The captain is named by the rounds already played: withdraw the team if the captain cannot come.',
      );
    }
    await checkNewMembers(trx, current, [toUserId]);
    if ((await membersRepo.findMemberIds(trx, id, [toUserId])).size > 0) {
      throw new AppError('conflict', 'They are in a team of this tournament already.');
    }
    if (await repo.isJudge(trx, id, toUserId)) {
      throw new AppError('conflict', 'They judge in this tournament: a judge of the pool does not debate in it.');
    }
    const team = members.map((m) => (m.userId === fromUserId ? toUserId : m.userId));
    await refuseTeam(deps, trx, current.formatId, team);
    await checkDivisionBand(trx, entrant.divisionId, id, toUserId);
    await membersRepo.replaceMember(trx, entrantId, fromUserId, toUserId);
    if (from.memberOrder === 1) await membersRepo.setCaptain(trx, entrantId, toUserId);
    const names = await findUserNames(trx, [...members.map((m) => m.userId), toUserId]);
    const nameOf = (userId: string) => names.get(userId) ?? 'Someone';
    await hostRepo.insertAudit(trx, {
      tournamentId: id,
      action: 'member_replaced',
      roundNumber: null,
      debateId: null,
      actorId: user.id,
      reason: null,
      before: {
        text: teamNameOf(
          members.map((m) => m.userId),
          nameOf,
        ),
        entrantId,
        userId: fromUserId,
      },
      after: { text: teamNameOf(team, nameOf), entrantId, userId: toUserId },
      createdAt: nowIso(),
    });
  });
  await emitChanged(deps, row.id);
}

/** A division of one age band takes members of that band only. */
async function checkDivisionBand(trx: Kysely<DB>, divisionId: number, id: number, userId: string) {
  const division = (await repo.listDivisions(trx, id)).find((d) => d.id === divisionId);
  if (!division || division.ageBand === null) return;
  const user = (await findDoorUserById(trx, userId))?.user;
  const isMinor = isMinorRound([user?.ageBand ?? null]);
  if ((division.ageBand === 'minor') !== isMinor) {
    throw new AppError(
      'conflict',
      isMinor ? 'This team’s division is for adults.' : 'This team’s division is for debaters under 18.',
    );
  }
}

/** Each entrant's members, in speaking order. */
export async function teamsOf(
  trx: Kysely<DB>,
  tournamentId: number,
  /** Only these entrants' teams (a non-empty list); every entrant's when absent. */
  entrantIds?: readonly number[],
): Promise<Map<number, TMemberRow[]>> {
  const teams = new Map<number, TMemberRow[]>();
  for (const m of await membersRepo.listMembers(trx, tournamentId, entrantIds)) {
    teams.set(m.entrantId, [...(teams.get(m.entrantId) ?? []), m]);
  }
  return teams;
}

/** The user ids of an entrant's members (its captain alone when it has no member rows). */
export function memberIdsOf(teams: TTeams, entrant: { id: number; userId: string }): string[] {
  const members = teams.get(entrant.id);
  return members && members.length > 0 ? members.map((m) => m.userId) : [entrant.userId];
}

/** Whether every member of the entrant has confirmed (a team is drawn only then). */
export function isTeamComplete(teams: TTeams, entrantId: number): boolean {
  return (teams.get(entrantId) ?? []).every((m) => m.confirmedAt !== null);
}

/** A team's name: its members' names in speaking order, "Ann Lee & Ben Ode" (for showing: `teamDisplayName`). */
export function teamNameOf(userIds: readonly string[], nameOf: (userId: string) => string): string {
  return teamDisplayName(userIds.map(nameOf));
}

/**
 * An entrant as a pairing, the tab and the bracket name it: its members' names listed (`memberNames`, which every
 * reader of who is in a team reads) beside the joined name, which is for showing only.
 */
export function entrantRefOf(
  entrant: Pick<TTournamentEntrant, 'id' | 'userId' | 'displayName' | 'members'>,
): TTournamentEntrantRef {
  return {
    entrantId: entrant.id,
    userId: entrant.userId,
    displayName: entrant.displayName,
    memberNames: entrant.members.length > 0 ? entrant.members.map((m) => m.displayName) : [entrant.displayName],
  };
}

/** The tab row's columns that name an entrant (its rank and record are the tab's own). */
export function tabEntrantOf(
  entrant: Pick<TTournamentEntrant, 'id' | 'userId' | 'displayName' | 'members' | 'teamName' | 'isWithdrawn'>,
) {
  const { entrantId, displayName, memberNames } = entrantRefOf(entrant);
  return {
    entrantId,
    userId: entrant.userId,
    displayName,
    memberNames,
    teamName: entrant.teamName,
    isWithdrawn: entrant.isWithdrawn,
  };
}

/**
 * One side's seats: its members in speaking order, each in the format's position of that order; a side of one holds
 * no position (it gives every speech of its side, as a round of one-person entrants always has).
 */
export function teamSeats(formatId: TFormatId, side: 'a' | 'b', userIds: readonly string[]): TDebaterSeatInput[] {
  const positions = FORMATS[formatId].sideList.find((s) => s.key === side)?.positions ?? [];
  return userIds.map((userId, index) => ({
    userId,
    side,
    position: userIds.length === 1 ? null : (positions[index]?.id ?? null),
  }));
}

/**
 * The entrants (by captain) of a tournament of teams whose members may not sit together now: the entry's whole-team
 * rule read again at each release, so a block between partners since the entry, a minor and an adult who are no
 * longer teammates, or a restriction keeps the team out of the round (the hosts told) instead of seating it.
 */
export async function teamsThatMayNotSit(
  db: Kysely<DB>,
  formatId: TFormatId,
  entrants: readonly TEntrantRow[],
  teams: TTeams,
  atMs: number,
): Promise<Set<string>> {
  const refused = new Set<string>();
  for (const entrant of entrants) {
    const members = memberIdsOf(teams, entrant);
    if (members.length < 2) continue;
    const seating = { debaters: teamSeats(formatId, 'a', members), judgeIds: [] };
    if (await findSeatingRefusal(db, seating, atMs)) refused.add(entrant.userId);
  }
  return refused;
}
