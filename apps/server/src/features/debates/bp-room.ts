/**
 * Opens a British Parliamentary room (issue 41): four teams of two, their places and speaking order drawn at random
 * (`drawBpSeats`, from a seed a test may fix), seated through the one seating path every round takes
 * (`seatRoundIn`, as `openSeatedRound`: every seat rule over all eight debaters and the judge, the one-debate guards, the clock with
 * fifteen minutes of prep before the first speech, its speeches seven or five minutes long). The BP queue opens its
 * rooms here.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  bpSeatsInPlace,
  bpTeamsRefusal,
  drawBpSeats,
  isBpSpeechMinutes,
  type TBpSpeechMinutes,
  type TRoundKind,
} from '@resolved/shared';
import type { TDebatesDeps } from '../../context';
import type { DB } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { AppError } from '../../lib/errors';
import { seatRoundIn } from './round-seating';

export interface TBpRoomInput {
  kind: TRoundKind;
  /** Four teams of two user ids. */
  teams: readonly (readonly string[])[];
  resolution: string;
  topicId: number | null;
  judgeId?: string | null;
  /** Draws the places and speaking orders; absent: a fresh random seed. */
  seed?: string;
  /**
   * The places are decided already (a tournament's draw): `teams` are Opening Government, Opening Opposition, Closing
   * Government and Closing Opposition in that order, each in speaking order (`bpSeatsInPlace`). Unset: drawn.
   */
  isPlaced?: boolean;
  /**
   * Each speech's length: seven minutes (universities, the default) or five (schools), a tournament host's or the
   * room's choice. The clock, protected POI time and the award rules read it from the round.
   */
  speechMinutes?: TBpSpeechMinutes;
}

/** Opens the room and returns its id: a 400 for what is not four teams of two, a 409 when a seat rule refuses. */
export async function openBpRoom(deps: Pick<TDebatesDeps, 'database' | 'now'>, input: TBpRoomInput): Promise<number> {
  return inTransaction(deps.database, (trx) => openBpRoomIn(trx, deps, input));
}

/**
 * `openBpRoom` in the caller's transaction `trx` (the queue's sweep, under the matching lock): the same checks, the
 * same writes, the same refusals (`seatRoundIn`).
 */
export async function openBpRoomIn(
  trx: Kysely<DB>,
  deps: Pick<TDebatesDeps, 'now'>,
  input: TBpRoomInput,
): Promise<number> {
  const refusal = bpTeamsRefusal(input.teams);
  if (refusal) throw new AppError('validation_failed', refusal);
  const speechMinutes = input.speechMinutes ?? 7;
  if (!isBpSpeechMinutes(speechMinutes)) {
    throw new AppError('validation_failed', 'A British Parliamentary speech is seven or five minutes long.');
  }
  return seatRoundIn(trx, deps, {
    kind: input.kind,
    formatId: 'bp',
    resolution: input.resolution,
    topicId: input.topicId,
    debaters: input.isPlaced
      ? bpSeatsInPlace({ og: input.teams[0]!, oo: input.teams[1]!, cg: input.teams[2]!, co: input.teams[3]! })
      : drawBpSeats(input.teams, input.seed ?? randomUUID()),
    judgeId: input.judgeId ?? null,
    speechMinutes,
  });
}
