/**
 * Who sends audio and video in a round, as the media server sizes and admits its publishers. A round's publishers
 * are its speakers and its judges; the room takes one publisher per seat. Teams of speakers (2 v 2, 3 v 3) only
 * change `speakersOf`: everything that sizes or admits publishers reads these functions.
 */
import { debatersOf, judgesOf, type TRoundSeats } from './round.js';

/** The seats a round's media reads: its speakers' and its judges'. */
export type TMediaSeats = Pick<TRoundSeats, 'debaterAId' | 'debaterBId' | 'debaterIds' | 'judgeId' | 'panelJudgeIds'>;

/** The round's speakers, side A's first: every debater of every side (`debatersOf`). */
export function speakersOf(round: Pick<TRoundSeats, 'debaterAId' | 'debaterBId' | 'debaterIds'>): string[] {
  return debatersOf(round);
}

/** Who publishes to the round's media room now: its speakers and every seated judge (a panel's too). */
export function mediaPublishersOf(round: TMediaSeats): string[] {
  return [...speakersOf(round), ...judgesOf(round)];
}

/**
 * How many publishers the round's media room takes: one per speaker and one per judge seat (a round with no judge
 * seated yet keeps one seat for the judge who may take it).
 */
export function mediaPublisherSeats(round: TMediaSeats): number {
  return speakersOf(round).length + Math.max(1, judgesOf(round).length);
}

/** Up to this many publisher seats (two debaters and a judge), the round's call is a mesh between its people. */
export const MESH_CALL_MAX_PUBLISHERS = 3;

/**
 * Whether the round's debaters and judges meet through the media server, when the app has one: a round of more than
 * MESH_CALL_MAX_PUBLISHERS publisher seats (two teams of two and a judge), where each publishes once and receives the
 * others from the server. Read from the seats (`mediaPublisherSeats`), so a judge seated later changes nothing.
 */
export function isCallViaMediaServer(round: TMediaSeats): boolean {
  return mediaPublisherSeats(round) > MESH_CALL_MAX_PUBLISHERS;
}
