/**
 * Points of information and points of order (Parliamentary). The other side offers a POI only while the
 * clock's POI window is open (outside protected time); the speaker accepts or declines it; an accepted POI has
 * POI_ANSWER_SECONDS to be asked and answered. In a rebuttal the other side may rise on a point of order.
 */
import { z } from 'zod';
import {
  FORMATS,
  mayRunSpeech,
  poiPositionRefusal,
  roundFormatOf,
  speechesOf,
  type TFormatId,
  type TSeatPosition,
  type TSideKey,
} from '../formats.js';
import { elapsedAt, type TClockState } from './clock.js';
import { ZDebateId } from './protocol.js';

export const POI_ANSWER_SECONDS = 15;
/** An offer the speaker leaves unanswered this long lapses (the speaker let it pass). */
export const POI_OFFER_LAPSES_MS = 10_000;

export const ZOfferPoi = z.object({ debateId: ZDebateId, kind: z.enum(['poi', 'order']) });
export const ZAnswerPoi = z.object({
  debateId: ZDebateId,
  poiId: z.number().int().positive(),
  accept: z.boolean(),
});

export type TPoiKind = 'poi' | 'order';
export type TPoiStatus = 'offered' | 'accepted' | 'declined' | 'lapsed' | 'raised';

export interface TPoi {
  id: number;
  debateId: number;
  speechIndex: number;
  kind: TPoiKind;
  offeredBy: string;
  status: TPoiStatus;
  offeredAt: string;
  answeredAt: string | null;
}

/**
 * Why `side` may not offer a point of `kind` now, or null when it may. A point of information follows the format's
 * one rule of who may offer and when (`poiPositionRefusal`, which `mayOfferPoi` answers as a boolean): only from the
 * other bench than the speaker's, in a speech that takes points, outside its protected first and last stretch and
 * before its time is up.
 */
export function poiRefusal(
  formatId: TFormatId,
  clock: TClockState,
  nowMs: number,
  side: TSideKey | null,
  kind: TPoiKind,
): string | null {
  if (!side) return 'Only the debaters offer points.';
  const speech =
    clock.phase === 'speech'
      ? speechesOf(formatId, clock.firstSide, clock.speechMinutes)[clock.speechIndex]
      : undefined;
  if (!speech || clock.isPaused) return 'Points are offered during a running speech.';
  if (kind === 'order') {
    if (speech.speaker === side || speech.speaker === 'both') return 'Only the other side offers a point.';
    return speech.allowsPointOfOrder ? null : 'Points of order are raised only during the rebuttals.';
  }
  // Who offers is read by side (bench): a partner's position does not change it. Protected time is measured on the
  // round's own speech length (a five-minute BP speech protects 0:00–1:00 and 4:00–5:00).
  const elapsedSeconds = elapsedAt(clock, nowMs) / 1000;
  const format = roundFormatOf(formatId, clock.speechMinutes);
  return poiPositionRefusal(format, speech.id, { side, position: null }, elapsedSeconds);
}

/**
 * Why a debater in `seat` may not accept or decline the point offered now, or null when they may: only the speech's
 * speaker (by position on a side of two or three; a debater alone on a side holds every position of it).
 */
export function poiAnswerRefusal(
  formatId: TFormatId,
  clock: TClockState,
  seat: TSeatPosition<TSideKey> | null,
): string | null {
  const speech = speechesOf(formatId, clock.firstSide)[clock.speechIndex];
  if (seat && speech && mayRunSpeech(FORMATS[formatId], speech.id, seat)) return null;
  return 'Only the speaker accepts or declines a point of information.';
}
