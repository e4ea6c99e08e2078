/**
 * "Download my data" (issue 24 item 7): the account's own data as one JSON document. Each feature gives its part
 * through its own service; this module only assembles them. What is left out (password hash, sessions, others'
 * flows and messages, reporters' and moderators' identities, a case's private context) is never read here.
 */
import { ZMyData, type TMyData } from '@resolved/shared';
import type { TAppContext } from '../../context';
import { nowIso } from '../../db/database';
import { listMessagesOfUser } from '../chat/chat.service';
import { roundMessagesOfUser, roundsOfUser } from '../debates/debates.service';
import { evidenceOfUser } from '../evidence/evidence.service';
import { flowsOfUser } from '../flows/flows.service';
import { evidenceDigests, moderationOfUser } from '../moderation/moderation.service';
import { ballotsOfUser } from '../results/results.service';
import * as repo from './users.repository';
import { userNotFoundError } from './users.service';

const iso = (value: string | Date) => (value instanceof Date ? value.toISOString() : new Date(value).toISOString());

export async function exportMyData({ database }: Pick<TAppContext, 'database'>, userId: string): Promise<TMyData> {
  const deps = { database };
  const account = await repo.findAccountForExport(database.db, userId);
  if (!account) throw userNotFoundError();
  const [rounds, ballots, flows, communityMessages, roundMessages, evidence, moderation] = await Promise.all([
    roundsOfUser(deps, userId),
    ballotsOfUser(deps, userId),
    flowsOfUser(deps, userId),
    listMessagesOfUser(database.db, userId),
    roundMessagesOfUser(deps, userId),
    evidenceOfUser(deps, userId),
    moderationOfUser(deps, userId),
  ]);
  const digests = await evidenceDigests(
    deps,
    evidence.map((item) => item.id),
  );
  // Parsed through the shared schema: a field a feature adds by mistake is stripped, a missing one fails loudly.
  return ZMyData.parse({
    exportedAt: nowIso(),
    account: {
      id: account.id,
      displayName: account.displayName,
      email: account.email,
      emailVerified: Boolean(account.emailVerified),
      role: account.role,
      score: account.score,
      createdAt: iso(account.createdAt),
      birthMonth: account.birthMonth,
      isTeamManaged: Boolean(account.isTeamManaged),
    },
    rounds,
    ballots,
    flows,
    communityMessages,
    roundMessages,
    evidence: evidence.map(({ id, ...item }) => ({ ...item, sha256: digests.get(id) ?? null })),
    ...moderation,
  });
}
