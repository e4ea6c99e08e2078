/**
 * The replay of a finished round: its speech timeline from the stored clock commands, the in-round chat, the
 * evidence (for those who may see it), the ballot and points (on the debate), and the viewer's own flow.
 */
import {
  canPostInRound,
  canSeeEvidence,
  replayPrivacyRefusal,
  type TClockEvent,
  type TDebate,
  type TReplay,
  type TSessionUser,
} from '@resolved/shared';
import { AppError, refuse } from '../../lib/errors';
import type { TDebatesDeps } from '../../context';
import { emitDebateUpdated, listClockEvents, loadDebate, setReplayPrivate } from '../debates/debates.service';
import { requireDebate, roundSeatsOf } from '../debates/round-row';
import { listMessages } from '../debates/round-chat.service';
import { listEvidence } from '../evidence/evidence.service';
import { getFlow } from '../flows/flows.service';
import { requireRoundViewer } from '../debates/round-access';

export async function getReplay(deps: TDebatesDeps, user: TSessionUser, debateId: number): Promise<TReplay> {
  const row = await requireDebate(deps, debateId);
  if (row.status === 'live') throw new AppError('conflict', 'The replay opens when the round is over.');
  await requireRoundViewer(deps, user, row);
  const seats = await roundSeatsOf(deps, row);
  const isParticipant = canPostInRound(user, seats);
  const events = await listClockEvents(deps, debateId);
  const isPublic = Number(row.evidencePublic) === 1;
  return {
    debate: await loadDebate(deps, row),
    events: events.map((e): TClockEvent => ({ ...e, speechIndex: Number(e.speechIndex) })),
    messages: await listMessages(deps, debateId, user?.id ?? null),
    evidence: canSeeEvidence(user, seats, isPublic) ? (await listEvidence(deps, user, debateId)).evidence : null,
    flow: isParticipant ? await getFlow(deps, user, debateId) : null,
  };
}

/** A debater keeps the round's replay private, or makes it public again (any time, live or over). */
export async function setReplayPrivacy(
  deps: TDebatesDeps,
  user: TSessionUser,
  debateId: number,
  isPrivate: boolean,
): Promise<TDebate> {
  const row = await requireDebate(deps, debateId);
  refuse(replayPrivacyRefusal(user, await roundSeatsOf(deps, row)));
  await setReplayPrivate(deps, debateId, isPrivate);
  return emitDebateUpdated(deps, debateId);
}
