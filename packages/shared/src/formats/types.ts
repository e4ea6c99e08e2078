import type { TBpFormatId } from './british-parliamentary.js';

/**
 * The shape of a debate format as data: its sides (a list, so British Parliamentary's four fit), the speaker positions
 * of each side, and for every speech who takes part, by position. One file per format sits beside this one.
 */

/**
 * The formats Resolved plays: rounds, ratings, the leaderboard, challenges, a coach's pairings, tournaments and the
 * database's format column. Policy, World Schools and British Parliamentary are team formats only (2 v 2, 3 v 3, four
 * teams of two): `isTeamOnlyFormat`. British Parliamentary seats four teams (`isFourTeamFormat`), so the paths that
 * pair two teams refuse it (`twoSidedFormatRefusal`).
 */
export type TFormatId = 'ld' | 'pf' | 'parli' | 'policy' | 'ws' | TBpFormatId;

/** Every format with a guide: the played ones (British Parliamentary's guide reads its four-team view). */
export type TGuideFormatId = TFormatId;

/**
 * `a` is the side listed first (Affirmative, Pro, Government, Proposition), which speaks first unless a Public Forum
 * coin flip puts Con first (`speechesOf`); `b` the other.
 */
export type TSideKey = 'a' | 'b';

export type TSpeechKind =
  'constructive' | 'cross-examination' | 'crossfire' | 'rebuttal' | 'summary' | 'final-focus' | 'reply';

/** A speaker position on one side: PF's first speaker, NPDA's Prime Minister, Policy's 1A. */
export interface TPosition {
  /** Unique within its side (not the format): `first`, `pm`, `1a`. What a round's seat stores. */
  id: string;
  /** What debaters call it: 1st, PM, 1A. */
  short: string;
  /** In a sentence: "first speaker", "Prime Minister". */
  name: string;
}

/** A side of a round: its name and its speaker positions, the first to speak first. */
export interface TSideSpec<S extends string = TSideKey> {
  key: S;
  name: string;
  /**
   * The bench the side sits on. Points of information come from the other bench. In a two-sided format each side is
   * its own bench (`a` or `b`); in British Parliamentary the two Government teams share bench `a`.
   */
  bench: TSideKey;
  positions: readonly TPosition[];
}

/** One position of one side. */
export interface TSeatRef<S extends string = TSideKey> {
  side: S;
  position: string;
}

/** Who takes part in a speech, by position. */
export type TSpeechTakers<S extends string = TSideKey> =
  /** One speaker gives it. */
  | { type: 'speaker'; speaker: TSeatRef<S> }
  /** One of these positions of `side` gives it, named by the team before the round (a World Schools reply). */
  | { type: 'reply'; side: S; from: readonly string[] }
  /** A cross-examination: one asks, one answers; both run the clock. */
  | { type: 'questioning'; asker: TSeatRef<S>; answerer: TSeatRef<S> }
  /** A crossfire: every participant may ask and answer. */
  | { type: 'crossfire'; participants: readonly TSeatRef<S>[] };

export interface TSpeech<S extends string = TSideKey> {
  /** Stable id within the format, e.g. `ac`, `cx1`. */
  id: string;
  /** Abbreviation debaters use: AC, CX, 1AR, PMC… */
  short: string;
  name: string;
  /** Whose speech it is. `both` is a shared crossfire. For cross-examination, the side answering questions. */
  speaker: S | 'both';
  /** Who takes part, by position (`speakerOf`, `mayRunSpeech` in `formats/positions.ts`). */
  by: TSpeechTakers<S>;
  kind: TSpeechKind;
  minutes: number;
  /** What the speech is for, in one or two sentences (shown on the guides and in the debate room). */
  purpose: string;
  /** Points of information may be offered during this speech (outside protected time). */
  allowsPoi?: boolean;
  /** Parliamentary rebuttals: the other side may rise on a point of order (a new argument), for the judge to rule. */
  allowsPointOfOrder?: boolean;
}

export interface TPrepRule {
  /**
   * `per-side`: each side (each team) draws from its own pool during the round, its members sharing it.
   * `before-round`: one block before the first speech, each team preparing apart.
   */
  kind: 'per-side' | 'before-round';
  defaultMinutes: number;
  minMinutes: number;
  maxMinutes: number;
  /** The host of the round or tournament sets it within the range (World Schools: none for a prepared motion). */
  isHostSet?: boolean;
}

export interface TPoiRule {
  protectedFirstSeconds: number;
  protectedLastSeconds: number;
  answerSecondsMin: number;
  answerSecondsMax: number;
}

export type TGuidePath =
  '/parliamentary' | '/oxford' | '/parli' | '/policy' | '/world-schools' | '/british-parliamentary';

/** A speech as its format's file writes it: whose it is (`speaker`) follows from who takes part (`by`). */
export type TSpeechSpec<S extends string = TSideKey> = Omit<TSpeech<S>, 'speaker'>;

/** A format as its file writes it; `defineFormat` adds what follows from it (`sides`, `teamSize`, `speaker`). */
export interface TFormatSpec<Id extends TGuideFormatId = TFormatId, S extends string = TSideKey> {
  id: Id;
  name: string;
  /** Route of the guide page (keeps the spec's How To mapping). */
  guidePath: TGuidePath;
  /** The sides in the order they are listed (and, for the first speech, speak). */
  sideList: readonly TSideSpec<S>[];
  /**
   * A team format that may also be practised one-on-one, "one-on-one: you give every speech of your side" (a seat
   * without a position holds every position of its side), never mixed with team rounds.
   */
  canPractiseOneOnOne: boolean;
  speeches: readonly TSpeechSpec<S>[];
  /**
   * Lengths a host or a room may choose for every speech, the speeches' own first (British Parliamentary: 7, or 5 as
   * schools run it). Absent: the speeches' lengths are fixed.
   */
  speechMinutesChoices?: readonly number[];
  prep: TPrepRule;
  /** Grace period after time expires, in seconds (Parliamentary). */
  graceSeconds?: number;
  /** Points of information (Parliamentary, World Schools). */
  poi?: TPoiRule;
  /** Extra timing notes that the tables alone do not say. */
  notes: readonly string[];
}

export interface TFormatRules<Id extends TGuideFormatId = TFormatId, S extends string = TSideKey> extends Omit<
  TFormatSpec<Id, S>,
  'speeches'
> {
  speeches: readonly TSpeech<S>[];
  /** Each side's name by key: `sides.a` is "Affirmative" in Lincoln Douglas. */
  sides: Readonly<Record<S, string>>;
  /** Debaters per side in a team round (1 in Lincoln Douglas). */
  teamSize: number;
}

/** Any format with a guide, of two sides or four: what the guide pages and the position rules read. */
export type TGuideFormatRules = TFormatRules<TGuideFormatId, string>;

/**
 * Builds a format from its file: the name of each side by key, the team size from its positions, and whose each
 * speech is from who takes part (a cross-examination belongs to the side answering; a crossfire across sides to
 * `both`).
 */
export function defineFormat<Id extends TGuideFormatId, S extends string>(
  spec: TFormatSpec<Id, S>,
): TFormatRules<Id, S> {
  const sides = Object.fromEntries(spec.sideList.map((side) => [side.key, side.name])) as Record<S, string>;
  const sizes = new Set(spec.sideList.map((side) => side.positions.length));
  if (sizes.size !== 1) throw new Error(`${spec.name}: every side needs the same number of positions.`);
  const speeches = spec.speeches.map((speech): TSpeech<S> => ({ ...speech, speaker: sideOfTakers(speech.by) }));
  return { ...spec, speeches, sides, teamSize: spec.sideList[0]!.positions.length };
}

function sideOfTakers<S extends string>(by: TSpeechTakers<S>): S | 'both' {
  switch (by.type) {
    case 'speaker':
      return by.speaker.side;
    case 'reply':
      return by.side;
    case 'questioning':
      return by.answerer.side;
    case 'crossfire': {
      const sides = new Set(by.participants.map((participant) => participant.side));
      return sides.size === 1 ? by.participants[0]!.side : 'both';
    }
  }
}

/** Shorthands for the format files. */
export const seat = <S extends string>(side: S, position: string): TSeatRef<S> => ({ side, position });
export const spokenBy = <S extends string>(side: S, position: string): TSpeechTakers<S> => ({
  type: 'speaker',
  speaker: { side, position },
});
