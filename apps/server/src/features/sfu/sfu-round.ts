/**
 * What every part of the media server reads of a round: its deps, whether the round is on, who publishes to it (one
 * shared rule: its speakers and its judges), how many publishers its room takes, and the refusal once it is over.
 */
import { mediaPublishersOf, mediaPublisherSeats } from '@resolved/shared';
import type { TDebatesDeps } from '../../context';
import { AppError } from '../../lib/errors';
import type { JanusClient, TJanusLog } from '../../lib/janus/janus-client';
import { findDebate, debatesDb } from '../debates/rounds.service';
import type { TDebateRow } from '../debates/debates.tables';
import { roundSeatsOf } from '../debates/round-row';
import type { SfuKeys } from './sfu-tokens';

/** What the media server's rules and rooms need. */
export interface TSfuDeps extends TDebatesDeps {
  janus: JanusClient;
  keys: SfuKeys;
  spectatorLimit: number;
  log: TJanusLog;
}

const ROUND_OVER_MEDIA = 'The round is over: audio and video have ended.';

export const isOn = (row: TDebateRow) => row.status === 'live' || row.status === 'awaiting_ballot';

/** The round's speakers and judges (every judge of a panel): who publishes to the media server. */
export async function publishersOf(deps: Pick<TDebatesDeps, 'database'>, row: TDebateRow): Promise<string[]> {
  return mediaPublishersOf(await roundSeatsOf(deps, row));
}

/** How many publishers the round's room takes: a seat for each speaker and each judge seat. */
export async function publisherSeatsOf(deps: Pick<TDebatesDeps, 'database'>, row: TDebateRow): Promise<number> {
  return mediaPublisherSeats(await roundSeatsOf(deps, row));
}

export function roundOverError(): AppError {
  return new AppError('conflict', ROUND_OVER_MEDIA, undefined, 'round_over');
}

export async function requireRound(deps: Pick<TDebatesDeps, 'database'>, debateId: number): Promise<TDebateRow> {
  const row = await findDebate(debatesDb(deps.database.db), debateId);
  if (!row) throw new AppError('not_found', 'That debate does not exist.');
  return row;
}
