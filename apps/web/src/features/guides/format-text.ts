import { positionOf, type TGuideFormatRules, type TPrepRule, type TSeatRef, type TSpeech } from '@resolved/shared';

/** "3–5 min per side", "15–20 min before the round" or "Up to 60 min, set by the host". */
export function formatPrep(prep: TPrepRule): string {
  if (prep.isHostSet) return `Up to ${prep.maxMinutes} min, set by the host`;
  const range = prep.minMinutes === prep.maxMinutes ? `${prep.minMinutes}` : `${prep.minMinutes}–${prep.maxMinutes}`;
  return prep.kind === 'per-side' ? `${range} min per side` : `${range} min before the round`;
}

/** "2 debaters a side", "1 debater a side"; with more than two sides, "2 debaters a team". */
export function formatTeamSize(format: TGuideFormatRules): string {
  const unit = format.sideList.length > 2 ? 'team' : 'side';
  return `${format.teamSize} ${format.teamSize === 1 ? 'debater' : 'debaters'} a ${unit}`;
}

/** A side's name by key ("Opening Government"), or the key itself for a side the format does not have. */
export function sideName(format: TGuideFormatRules, side: string): string {
  return format.sides[side] ?? side;
}

/** A position with its side when its name does not say it: "First speaker (Pro)", but "Leader of the Opposition". */
export function positionLabel(format: TGuideFormatRules, ref: TSeatRef<string>): string {
  const side = sideName(format, ref.side);
  const name = positionOf(format, ref)?.name ?? ref.position;
  const isSideNamed = name.split(/\s+/).some((word) => word.toLowerCase() === side.toLowerCase());
  return isSideNamed ? name : `${name} (${side})`;
}

const COUNT_WORDS = ['', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight'];

/**
 * Who gives a speech, in the format's words, from its positions: "Prime Minister (Government)", "Second Negative
 * asks, First Affirmative answers", "Both first speakers", "All four debaters". With one debater a side, the side.
 */
export function describeSpeaker(format: TGuideFormatRules, speech: TSpeech<string>): string {
  const { by } = speech;
  if (format.teamSize === 1) {
    if (speech.speaker === 'both') return 'Both sides';
    if (by.type === 'questioning') {
      return `${sideName(format, by.asker.side)} asks, ${sideName(format, by.answerer.side)} answers`;
    }
    return sideName(format, speech.speaker);
  }
  switch (by.type) {
    case 'speaker':
      return positionLabel(format, by.speaker);
    case 'questioning':
      return `${positionLabel(format, by.asker)} asks, ${positionLabel(format, by.answerer)} answers`;
    case 'reply': {
      const names = by.from.map((position) => positionOf(format, { side: by.side, position })?.name ?? position);
      const words = names.map((name, index) => (index === 0 ? name : name.toLowerCase())).join(' or ');
      return `${words} (${sideName(format, by.side)})`;
    }
    case 'crossfire': {
      const everyone = format.sideList.length * format.teamSize;
      if (by.participants.length === everyone) return `All ${COUNT_WORDS[everyone] ?? everyone} debaters`;
      const [first] = by.participants;
      const isSamePosition = by.participants.every((ref) => ref.position === first?.position);
      if (first && isSamePosition && by.participants.length === format.sideList.length) {
        return `Both ${(positionOf(format, first)?.name ?? first.position).toLowerCase()}s`;
      }
      return by.participants.map((ref) => positionLabel(format, ref)).join(' and ');
    }
  }
}

/**
 * The speeches that take points of information, in words: "constructive(s)", "8-minute speech(es)", or "speech" and
 * "every speech" when all of them do (`isEvery`).
 */
export function poiSpeechWords(format: TGuideFormatRules): { one: string; many: string; isEvery: boolean } {
  const speeches = format.speeches.filter((speech) => speech.allowsPoi);
  if (speeches.length === format.speeches.length) return { one: 'speech', many: 'every speech', isEvery: true };
  if (speeches.every((speech) => speech.kind === 'constructive')) {
    return { one: 'constructive', many: 'constructives', isEvery: false };
  }
  const [first] = speeches;
  if (first && speeches.every((speech) => speech.minutes === first.minutes)) {
    return { one: `${first.minutes}-minute speech`, many: `${first.minutes}-minute speeches`, isEvery: false };
  }
  return { one: 'speech that takes them', many: 'speeches that take them', isEvery: false };
}

/**
 * Which sides share a bench and so never offer each other a point, in words ("Opening Government and Closing
 * Government never to each other, nor Opening Opposition and Closing Opposition"); null when each side has its own.
 */
export function sharedBenchWords(format: TGuideFormatRules): string | null {
  const benches = [...new Set(format.sideList.map((side) => side.bench))]
    .map((bench) => format.sideList.filter((side) => side.bench === bench).map((side) => side.name))
    .filter((names) => names.length > 1)
    .map((names) => names.join(' and '));
  if (benches.length === 0) return null;
  const [first, ...rest] = benches;
  return `${first} never to each other${rest.map((names) => `, nor ${names}`).join('')}`;
}

/** 30 → "30 seconds", 60 → "1 minute". */
export function formatSeconds(seconds: number): string {
  if (seconds % 60 === 0) {
    const minutes = seconds / 60;
    return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
  }
  return `${seconds} seconds`;
}
