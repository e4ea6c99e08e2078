/**
 * Who sends video in a large round on the mesh (issue 41): from SPEAKER_VIDEO_PUBLISHERS publisher seats on (a
 * British Parliamentary room: eight debaters and a judge), everyone is heard but only the running speech's speakers
 * are seen. Every browser reads the same round (its seats and clock), so a sender and its receivers agree without a
 * signal: the sender stops its video (`MeshClient.setVideoSenders`), the receivers show its tile as a placeholder.
 * With a media server the round's call goes through it and everyone sends video (`isCallViaMediaServer`).
 */
import {
  FORMATS,
  mediaPublisherSeats,
  seatsOfDebate,
  speakerOf,
  speechesOfClock,
  type TDebate,
} from '@resolved/shared';
import { seatsOfRound } from '../room/round-seats';
import type { TCallQuality } from './call-quality';

/**
 * From this many publisher seats on, the mesh sends the speaker's video only. At nine, each sender's share of the
 * upload budget (`videoCapFor`: 1.6 Mbit/s over eight connections) is down to the 200 kbit/s floor; beyond, the floor
 * would take every sender over the budget (docs/decisions.md).
 */
export const SPEAKER_VIDEO_PUBLISHERS = 9;

/** What the rule reads of a round: its seats (the publishers and who holds each position), judges and clock. */
export type TVideoRound = Pick<
  TDebate,
  'kind' | 'status' | 'formatId' | 'debaters' | 'seats' | 'judge' | 'panel' | 'hasJudgeInvite' | 'team' | 'clock'
>;

/** Whether the round's call, on the mesh, sends the speaker's video only (`meshVideoSendersOf`). */
export function isSpeakerVideoOnly(round: TVideoRound): boolean {
  return mediaPublisherSeats(seatsOfDebate(round)) >= SPEAKER_VIDEO_PUBLISHERS;
}

/**
 * Who sends video on the mesh now, by account: null for everyone (a round of fewer than SPEAKER_VIDEO_PUBLISHERS
 * publisher seats). Otherwise, during a speech (running or paused) its takers: the speaker, a cross-examination's
 * asker and answerer, a crossfire's participants; once the speeches are over, the judge (the chair of a panel), who
 * gives the decision; before the round, in prep and between speeches nobody (nobody speaks to the room then).
 */
export function meshVideoSendersOf(round: TVideoRound): ReadonlySet<string> | null {
  if (!isSpeakerVideoOnly(round)) return null;
  const { clock } = round;
  if (clock.phase === 'speech') {
    const speech = speechesOfClock(clock)[clock.speechIndex];
    if (!speech) return new Set();
    return new Set(speakerOf(FORMATS[round.formatId], speech, { seats: seatsOfRound(round) }));
  }
  if (clock.phase === 'finished' && round.judge) return new Set([round.judge.userId]);
  return new Set();
}

/**
 * The line on `userId`'s tile while they send no video (`senders`, from `meshVideoSendersOf`), in the room's words;
 * null while they do, or while everyone does.
 */
export function audioOnlyOf(
  round: Pick<TDebate, 'clock'>,
  senders: ReadonlySet<string> | null,
  userId: string | null,
): string | null {
  if (!senders || (userId !== null && senders.has(userId))) return null;
  if (round.clock.phase === 'speech') {
    return senders.size > 1 ? 'Audio only: video shows the speakers' : 'Audio only: video shows the speaker';
  }
  if (round.clock.phase === 'finished') return 'Audio only: video shows the judge';
  return 'Audio only until the next speech';
}

/**
 * The quality a tile shows: none while a person who sends no video (`audioOnly`) has nothing arriving, as in prep when
 * only their team hears them (that silence is the rule's, not a broken connection; one that really broke still shows
 * "Reconnecting" in the call's state, from its flow watch).
 */
export function shownQuality(quality: TCallQuality, audioOnly: string | null): TCallQuality | undefined {
  return audioOnly && quality.isStalled ? undefined : quality;
}
