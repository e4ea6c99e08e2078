/**
 * Who may give, run or interrupt a speech, by speaker position (issue 40): only a speech's speaker runs it (in a
 * cross-examination its asker and answerer, in a crossfire its participants); points of information come from any
 * member of the other bench outside protected time; a World Schools reply is the first or second speaker's. Pure
 * functions over a format's data, for the round's clock rules and the server to read once rounds seat teams.
 */
import type { TFormatRules, TGuideFormatId, TPosition, TSeatRef, TSideSpec, TSpeech } from './types.js';

type TAnyFormat<S extends string> = TFormatRules<TGuideFormatId, S>;

/**
 * A debater's place in a round: their side and position. No position on a side of one debater (Lincoln Douglas, or
 * "one-on-one: you give every speech of your side" in a team format): that debater holds every position of the side.
 * The shape of a round's seat row.
 */
export interface TSpeakerSeat<S extends string = string> {
  userId: string;
  side: S;
  position: string | null;
}

/** A position, or `null` for every position of the side (a one-person side). */
export type TSeatPosition<S extends string = string> = { side: S; position: string | null };

/** Who sits where in a round, and the reply speaker each side named before it (World Schools). */
export interface TSeating<S extends string = string> {
  seats: readonly TSpeakerSeat<S>[];
  replyBy?: Readonly<Partial<Record<S, string>>>;
}

export function findSpeech<S extends string>(format: TAnyFormat<S>, speechId: string): TSpeech<S> | undefined {
  return format.speeches.find((speech) => speech.id === speechId);
}

export function sideOf<S extends string>(format: TAnyFormat<S>, side: S): TSideSpec<S> | undefined {
  return format.sideList.find((spec) => spec.key === side);
}

export function positionOf<S extends string>(format: TAnyFormat<S>, seat: TSeatRef<S>): TPosition | undefined {
  return sideOf(format, seat.side)?.positions.find((position) => position.id === seat.position);
}

/**
 * The positions that take part in a speech: its speaker; a cross-examination's asker and answerer; a crossfire's
 * participants; a reply's named speaker (`replyBy`), or until one is named every position that may give it. A named
 * reply speaker who may not give it (`replySpeakerRefusal`) takes no part.
 */
export function takersOf<S extends string>(
  speech: TSpeech<S>,
  replyBy?: Readonly<Partial<Record<S, string>>>,
): readonly TSeatRef<S>[] {
  const { by } = speech;
  switch (by.type) {
    case 'speaker':
      return [by.speaker];
    case 'questioning':
      return [by.asker, by.answerer];
    case 'crossfire':
      return by.participants;
    case 'reply': {
      const named = replyBy?.[by.side];
      const from = named === undefined ? by.from : by.from.filter((position) => position === named);
      return from.map((position) => ({ side: by.side, position }));
    }
  }
}

function holds<S extends string>(seat: TSeatPosition<S>, ref: TSeatRef<S>): boolean {
  return seat.side === ref.side && (seat.position === null || seat.position === ref.position);
}

/**
 * Whether a debater in `seat` may run a speech (start, pause and end its clock): only its speaker, or in a
 * cross-examination or crossfire every participant. False for a speech the format does not have.
 */
export function mayRunSpeech<S extends string>(
  format: TAnyFormat<S>,
  speechId: string,
  seat: TSeatPosition<S>,
  replyBy?: Readonly<Partial<Record<S, string>>>,
): boolean {
  const speech = findSpeech(format, speechId);
  return !!speech && takersOf(speech, replyBy).some((ref) => holds(seat, ref));
}

/** The debaters who run a speech in a seated round, in seat order, each once. */
export function speakerOf<S extends string>(
  format: TAnyFormat<S>,
  speech: TSpeech<S>,
  seating: TSeating<S>,
): readonly string[] {
  const takers = takersOf(speech, seating.replyBy);
  const people = seating.seats.filter((seat) => takers.some((ref) => holds(seat, ref))).map((seat) => seat.userId);
  return [...new Set(people)];
}

/** "First speaker or second speaker" from the positions' names, for a sentence. */
function positionWords(positions: readonly TPosition[]): string {
  return positions.map((position) => position.name.toLowerCase()).join(' or ');
}

/**
 * Why `position` may not give `side`'s reply speech, or null when it may (World Schools: the first or second
 * speaker, never the third).
 */
export function replySpeakerRefusal<S extends string>(format: TAnyFormat<S>, side: S, position: string): string | null {
  const reply = format.speeches.find((speech) => speech.by.type === 'reply' && speech.by.side === side);
  if (!reply || reply.by.type !== 'reply') return `${format.name} has no reply speech.`;
  const positions = sideOf(format, side)?.positions ?? [];
  if (!positions.some((candidate) => candidate.id === position)) return `${format.name} has no such position.`;
  const { from } = reply.by;
  if (from.includes(position)) return null;
  const may = positions.filter((candidate) => from.includes(candidate.id));
  const mayNot = positions.filter((candidate) => !from.includes(candidate.id));
  return `The reply is given by the ${positionWords(may)}, never the ${positionWords(mayNot)}.`;
}

/**
 * Why a debater in `seat` may not run `speechId` because it is their side's reply and their position never gives it
 * (a World Schools third speaker), in the reply's own words (`replySpeakerRefusal`); null for any other speech, the
 * other side, or a debater alone on a side (who holds every position of it). What the clock rule reads first.
 */
export function replyTurnRefusal<S extends string>(
  format: TAnyFormat<S>,
  speechId: string,
  seat: TSeatPosition<S>,
): string | null {
  const speech = findSpeech(format, speechId);
  if (speech?.by.type !== 'reply' || speech.by.side !== seat.side || seat.position === null) return null;
  return replySpeakerRefusal(format, seat.side, seat.position);
}

/**
 * Why a debater in `offerer`'s seat may not offer a point of information `elapsedSeconds` into a speech, or null when
 * they may: only in a speech that takes them, from the other bench, outside the protected first and last stretch.
 */
export function poiPositionRefusal<S extends string>(
  format: TAnyFormat<S>,
  speechId: string,
  offerer: TSeatPosition<S>,
  elapsedSeconds: number,
): string | null {
  const speech = findSpeech(format, speechId);
  if (!speech) return `${format.name} has no such speech.`;
  if (!speech.allowsPoi || !format.poi) return 'Points of information are not taken in this speech.';
  const offererBench = sideOf(format, offerer.side)?.bench;
  const speakerBenches = takersOf(speech).map((ref) => sideOf(format, ref.side)?.bench);
  if (!offererBench || speakerBenches.includes(offererBench)) return 'Only the other side offers a point.';
  const totalSeconds = speech.minutes * 60;
  if (elapsedSeconds >= totalSeconds) return 'The speech’s time is up: no more points of information.';
  const { protectedFirstSeconds, protectedLastSeconds } = format.poi;
  if (elapsedSeconds < protectedFirstSeconds || elapsedSeconds >= totalSeconds - protectedLastSeconds) {
    return 'Protected time: points of information are not allowed now.';
  }
  return null;
}

/** Whether `offerer` may offer a point now: the rule the server enforces (`poiRefusal` reads `poiPositionRefusal`). */
export function mayOfferPoi<S extends string>(
  format: TAnyFormat<S>,
  speechId: string,
  offerer: TSeatPosition<S>,
  elapsedSeconds: number,
): boolean {
  return poiPositionRefusal(format, speechId, offerer, elapsedSeconds) === null;
}
