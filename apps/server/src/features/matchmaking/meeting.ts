/**
 * Who a minor meets, as the queue sweep and challenge links read it: each person's age band and
 * teams (`TMeetingProfile`), for the shared rule `ageBandsMayMeet`.
 */
import type { Kysely } from 'kysely';
import type { TMeetingProfile } from '@resolved/shared';
import type { DB } from '../../db/schema';
import { ageBandsOf } from '../users/users.service';
import { teamIdsOfUsers } from '../memberships/memberships.service';

/** The age band and teams of each of these users, in two queries whatever their number. */
export async function meetingProfilesOf(
  db: Kysely<DB>,
  userIds: readonly string[],
): Promise<Map<string, TMeetingProfile>> {
  const [bands, teams] = await Promise.all([ageBandsOf(db, userIds), teamIdsOfUsers(db, userIds)]);
  return new Map(userIds.map((id) => [id, { band: bands.get(id) ?? null, teamIds: teams.get(id) ?? [] }]));
}
