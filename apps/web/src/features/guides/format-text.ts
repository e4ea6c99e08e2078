import { positionOf, type TGuideFormatRules, type TPrepRule, type TSeatRef, type TSpeech } from '@resolved/shared';

/** "3–5 min per side", "15–20 min before the round" or "Up to 60 min, set by the host". */
export function formatPrep(prep: TPrepRule): string {
  if (prep.isHostSet) return `Up to ${prep.maxMinutes} min, set by the host`;
  const range = prep.minMinutes === prep.maxMinutes ? `${prep.minMinutes}` : `${prep.minMinutes}–${prep.maxMinutes}`;
  return prep.kind === 'per-side' ? `${range} min per side` : `${range} min before the round`;
}

/** "2 debaters a side", "1 debater a side". */
export function formatTeamSize(format: TGuideFormatRules): string {
  return `${format.teamSize} ${format.teamSize === 1 ? 'debater' : 'debaters'} a side`;
}

/** A position with its side when its name does not say it: "First speaker (Pro)", but "Leader of the Opposition". */
export function positionLabel(format: TGuideFormatRules, ref: TSeatRef): string {
  const side = format.sides[ref.side];
  const name = positionOf(format, ref)?.name ?? ref.position;
  const isSideNamed = name.split(/\s+/).some((word) => word.toLowerCase() === side.toLowerCase());
  return isSideNamed ? name : `${name} (${side})`;
}

const COUNT_WORDS = ['', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight'];

/**
 * Who gives a speech, in the format's words, from its positions: "Prime Minister (Government)", "Second Negative
 * asks, First Affirmative answers", "Both first speakers", "All four debaters". With one debater a side, the side.
 */
export function describeSpeaker(format: TGuideFormatRules, speech: TSpeech): string {
  const { by } = speech;
  if (format.teamSize === 1) {
    if (speech.speaker === 'both') return 'Both sides';
    if (by.type === 'questioning')
      return `${format.sides[by.asker.side]} asks, ${format.sides[by.answerer.side]} answers`;
    return format.sides[speech.speaker];
  }
  switch (by.type) {
    case 'speaker':
      return positionLabel(format, by.speaker);
    case 'questioning':
      return `${positionLabel(format, by.asker)} asks, ${positionLabel(format, by.answerer)} answers`;
    case 'reply': {
      const names = by.from.map((position) => positionOf(format, { side: by.side, position })?.name ?? position);
      const words = names.map((name, index) => (index === 0 ? name : name.toLowerCase())).join(' or ');
      return `${words} (${format.sides[by.side]})`;
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

/** The speeches that take points of information, in words: "constructive(s)", "8-minute speech(es)". */
export function poiSpeechWords(format: TGuideFormatRules): { one: string; many: string } {
  const speeches = format.speeches.filter((speech) => speech.allowsPoi);
  if (speeches.every((speech) => speech.kind === 'constructive')) return { one: 'constructive', many: 'constructives' };
  const [first] = speeches;
  if (first && speeches.every((speech) => speech.minutes === first.minutes)) {
    return { one: `${first.minutes}-minute speech`, many: `${first.minutes}-minute speeches` };
  }
  return { one: 'speech that takes them', many: 'speeches that take them' };
}

/** 30 → "30 seconds", 60 → "1 minute". */
export function formatSeconds(seconds: number): string {
  if (seconds % 60 === 0) {
    const minutes = seconds / 60;
    return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
  }
  return `${seconds} seconds`;
}
