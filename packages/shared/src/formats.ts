/**
 * Debate format rules as data (spec §9). The guides render their timing tables from this module and the live debate
 * clock runs from it, so a timing is written down exactly once. Each format is one file in `formats/`, its shape in
 * `formats/types.ts`; who may give, run or interrupt a speech by position is `formats/positions.ts`.
 */
import {
  BP_SPEECH_MINUTES,
  BRITISH_PARLIAMENTARY,
  BRITISH_PARLIAMENTARY_ROUND,
  bpRoundFormat,
  type TBpSpeechMinutes,
} from './formats/british-parliamentary.js';
import { LINCOLN_DOUGLAS } from './formats/lincoln-douglas.js';
import { PARLIAMENTARY } from './formats/parliamentary.js';
import { POLICY } from './formats/policy.js';
import { PUBLIC_FORUM } from './formats/public-forum.js';
import type { TFormatId, TFormatRules, TGuideFormatId, TGuideFormatRules, TSideKey, TSpeech } from './formats/types.js';
import { WORLD_SCHOOLS } from './formats/world-schools.js';

export * from './formats/types.js';
export * from './formats/positions.js';
export { BRITISH_PARLIAMENTARY, LINCOLN_DOUGLAS, PARLIAMENTARY, POLICY, PUBLIC_FORUM, WORLD_SCHOOLS };
export { WORLD_SCHOOLS_REPLY_FROM } from './formats/world-schools.js';
export {
  BP_BENCH_OF,
  BP_POSITIONS,
  BRITISH_PARLIAMENTARY_ROUND,
  bpRoundFormat,
  isBpPosition,
  BP_SIDE_OF,
  BP_SIDES,
  BP_SPEECH_MINUTES,
  bpFormat,
  bpSpeeches,
  type TBpFormatId,
  type TBpPosition,
  type TBpSide,
  type TBpSpeechMinutes,
} from './formats/british-parliamentary.js';

/** The formats Resolved plays (the queue, rooms, ratings, tournaments, the database), each with its guide. */
export const FORMATS: Readonly<Record<TFormatId, TFormatRules>> = {
  ld: LINCOLN_DOUGLAS,
  pf: PUBLIC_FORUM,
  parli: PARLIAMENTARY,
  policy: POLICY,
  ws: WORLD_SCHOOLS,
  bp: BRITISH_PARLIAMENTARY_ROUND,
};

/** Every playable format: the three Resolved began with (the How To page's cards), then the team-only ones. */
export const FORMAT_IDS: readonly TFormatId[] = ['ld', 'pf', 'parli', 'policy', 'ws', 'bp'];

/** Every format with a guide; British Parliamentary's guide reads its four-team view (`BRITISH_PARLIAMENTARY`). */
export const GUIDE_FORMATS: Readonly<Record<TGuideFormatId, TGuideFormatRules>> = {
  ...FORMATS,
  bp: BRITISH_PARLIAMENTARY,
};
export const GUIDE_FORMAT_IDS: readonly TGuideFormatId[] = FORMAT_IDS;

/**
 * A format whose room seats four teams (British Parliamentary): its rounds open through the BP room and its own
 * ballot; the paths that pair two teams or two debaters (the one-on-one and team queues, challenges, a coach's
 * pairings, tournaments) refuse it (`twoSidedFormatRefusal`).
 */
export function isFourTeamFormat(id: TFormatId): boolean {
  return id === 'bp';
}

/**
 * The debaters of one team of `id`: its side's positions, but in British Parliamentary a team is two of its bench's
 * four (`GUIDE_FORMATS`' four-team view). The queue and partner links read this.
 */
export function teamSizeOf(id: TFormatId): number {
  return GUIDE_FORMATS[id].teamSize;
}

/** The formats two sides debate: every one but British Parliamentary. */
export const TWO_SIDED_FORMAT_IDS: readonly TFormatId[] = FORMAT_IDS.filter((id) => !isFourTeamFormat(id));

/** Why a path that pairs two sides may not run `formatId`, or null when it may. */
export function twoSidedFormatRefusal(formatId: TFormatId): string | null {
  return isFourTeamFormat(formatId)
    ? 'British Parliamentary seats four teams of two in one room: open it from the BP queue.'
    : null;
}

/**
 * A format debated only by teams (Policy 2 v 2, World Schools 3 v 3): its sides have more than one position and it
 * has no "one-on-one: you give every speech of your side" mode (`canPractiseOneOnOne`). One person per side never
 * debates it: not through the one-on-one queue, a challenge, a coach's one-on-one pairing or a tournament of single
 * entrants (docs/decisions.md).
 */
export function isTeamOnlyFormat(id: TFormatId): boolean {
  const format = FORMATS[id];
  return format.teamSize > 1 && !format.canPractiseOneOnOne;
}

/** The formats one debater a side may debate (Lincoln Douglas, and Public Forum and Parliamentary one-on-one). */
export const ONE_ON_ONE_FORMAT_IDS: readonly TFormatId[] = FORMAT_IDS.filter((id) => !isTeamOnlyFormat(id));

const TEAM_SIZE_WORDS: Readonly<Record<number, string>> = { 2: 'two', 3: 'three' };

/** Why a round with one debater a side may not be of `formatId`, or null when it may. */
export function oneOnOneFormatRefusal(formatId: TFormatId): string | null {
  if (!isTeamOnlyFormat(formatId)) return null;
  if (isFourTeamFormat(formatId))
    return 'British Parliamentary is debated by four teams of two: it has no one-on-one rounds.';
  const format = FORMATS[formatId];
  const size = TEAM_SIZE_WORDS[format.teamSize] ?? String(format.teamSize);
  return `${format.name} is debated in teams of ${size}: it has no one-on-one rounds.`;
}

/** A valid speech length for British Parliamentary (`BP_SPEECH_MINUTES`: 7 or 5). */
export function isBpSpeechMinutes(value: unknown): value is TBpSpeechMinutes {
  return (BP_SPEECH_MINUTES as readonly unknown[]).includes(value);
}

const bpRounds = new Map<TBpSpeechMinutes, TFormatRules>([[7, BRITISH_PARLIAMENTARY_ROUND]]);

/**
 * The rules a round of `formatId` runs by: `FORMATS[formatId]`, but a British Parliamentary round whose host or room
 * chose five-minute speeches (`speechMinutes`, the round's column) runs `bpRoundFormat(5)`. Any other length, or any
 * other format, reads the format's own speeches.
 */
export function roundFormatOf(formatId: TFormatId, speechMinutes?: number | null): TFormatRules {
  if (formatId !== 'bp' || !isBpSpeechMinutes(speechMinutes)) return FORMATS[formatId];
  let format = bpRounds.get(speechMinutes);
  if (!format) bpRounds.set(speechMinutes, (format = bpRoundFormat(speechMinutes)));
  return format;
}

const conFirst = new Map<string, readonly TSpeech[]>();

/**
 * A round's speeches in the order they are given. `a` first is the format's own order. `b` first (a Public Forum coin
 * flip that put Con first) swaps each side-`a` speech with the side-`b` speech right after it, so Con Constructive
 * comes before Pro Constructive and so on; crossfires stay where they are. Every reader of a round's speech list (its
 * clock, rules, flows, replay) reads it through this, with the round's `firstSide` and speech length
 * (`roundFormatOf`).
 */
export function speechesOf(
  formatId: TFormatId,
  firstSide: TSideKey,
  speechMinutes?: number | null,
): readonly TSpeech[] {
  const speeches = roundFormatOf(formatId, speechMinutes).speeches;
  if (firstSide !== 'b') return speeches;
  const key = `${formatId}:${speechMinutes ?? ''}`;
  let swapped = conFirst.get(key);
  if (!swapped) {
    const order = [...speeches];
    for (let i = 0; i + 1 < order.length; i++) {
      if (order[i]!.speaker === 'a' && order[i + 1]!.speaker === 'b') {
        [order[i], order[i + 1]] = [order[i + 1]!, order[i]!];
        i++;
      }
    }
    swapped = order;
    conFirst.set(key, swapped);
  }
  return swapped;
}

/** Total speaking time of a round in minutes (prep excluded). */
export function totalSpeechMinutes(format: TGuideFormatRules): number {
  return format.speeches.reduce((sum, speech) => sum + speech.minutes, 0);
}

/** Who a speech belongs to, in the format's own words: "Affirmative", "Both", … */
export function speakerLabel(format: TGuideFormatRules, speech: TSpeech<string>): string {
  return speech.speaker === 'both' ? 'Both' : (format.sides[speech.speaker] ?? speech.speaker);
}

/**
 * A speech as a heading names it: its name, with whose it is only when the name does not say so already
 * ("Prime Minister Constructive (Government)", but "Affirmative Constructive", not "… (Affirmative)").
 */
export function speechTitle(format: TGuideFormatRules, speech: TSpeech<string>): string {
  const who = speakerLabel(format, speech);
  const isNamed = speech.speaker === 'both' || speech.name.toLowerCase().includes(who.toLowerCase());
  return isNamed ? speech.name : `${speech.name} (${who})`;
}
