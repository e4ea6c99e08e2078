/**
 * "Download my data": the account's own data as one JSON document (its tournament entries and judging, its partner
 * links and partner-chat messages too). Each feature gives its part through its own
 * service; this workflow only assembles them (it reaches moderation, which ranks above the users feature that serves
 * the route). What is left out (password hash, sessions, others' flows and messages, reporters' and moderators'
 * identities, a case's private context) is never read here.
 */
import { ZMyData, type TMyData } from '@resolved/shared';
import type { TAppContext } from '../context';
import { nowIso } from '../db/database';
import { listMessagesOfUser } from '../features/chat/chat.service';
import { roundsOfUser } from '../features/debates/debates.service';
import { roundMessagesOfUser } from '../features/debates/round-chat.service';
import { partnerMessagesOfUser } from '../features/debates/partner-chat.service';
import { evidenceOfUser } from '../features/evidence/evidence.service';
import { flowsOfUser } from '../features/flows/flows.service';
import { teamFlowCellsOfUser } from '../features/flows/team-flow.service';
import { evidenceDigests, moderationOfUser } from '../features/moderation/moderation.service';
import { partnerLinksOfUser } from '../features/matchmaking/partners.service';
import { ballotsOfUser } from '../features/results/results.service';
import { tournamentDataOf } from '../features/tournaments/tournament-judging.service';
import { accountForExport } from '../features/users/my-data.service';

export async function exportMyData({ database }: Pick<TAppContext, 'database'>, userId: string): Promise<TMyData> {
  const deps = { database };
  const account = await accountForExport(deps, userId);
  const [
    rounds,
    ballots,
    flows,
    communityMessages,
    roundMessages,
    evidence,
    moderation,
    tournaments,
    partnerMessages,
    teamFlowCells,
    partnerLinks,
  ] = await Promise.all([
    roundsOfUser(deps, userId),
    ballotsOfUser(deps, userId),
    flowsOfUser(deps, userId),
    listMessagesOfUser(database.db, userId),
    roundMessagesOfUser(deps, userId),
    evidenceOfUser(deps, userId),
    moderationOfUser(deps, userId),
    tournamentDataOf(deps, userId),
    partnerMessagesOfUser(deps, userId),
    teamFlowCellsOfUser(deps, userId),
    partnerLinksOfUser(deps, userId),
  ]);
  const digests = await evidenceDigests(
    deps,
    evidence.map((item) => item.id),
  );
  // Parsed through the shared schema: a field a feature adds by mistake is stripped, a missing one fails loudly.
  return ZMyData.parse({
    exportedAt: nowIso(),
    account,
    rounds,
    ballots,
    flows,
    communityMessages,
    roundMessages,
    partnerMessages,
    partnerLinks,
    teamFlowCells,
    evidence: evidence.map(({ id, ...item }) => ({ ...item, sha256: digests.get(id) ?? null })),
    ...moderation,
    ...tournaments,
  });
}
