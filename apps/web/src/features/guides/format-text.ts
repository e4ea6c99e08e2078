import type { TFormatRules, TPrepRule, TSpeech } from '@resolved/shared';

/** "3–5 min per side" or "15–20 min before the round". */
export function formatPrep(prep: TPrepRule): string {
  const range = prep.minMinutes === prep.maxMinutes ? `${prep.minMinutes}` : `${prep.minMinutes}–${prep.maxMinutes}`;
  return prep.kind === 'per-side' ? `${range} min per side` : `${range} min before the round`;
}

/** Who is speaking, in the format's words. Cross-examination names both the asker and the answerer. */
export function describeSpeaker(format: TFormatRules, speech: TSpeech): string {
  if (speech.speaker === 'both') return 'Both sides';
  const own = format.sides[speech.speaker];
  if (speech.kind === 'cross-examination') {
    const asker = format.sides[speech.speaker === 'a' ? 'b' : 'a'];
    return `${asker} asks, ${own} answers`;
  }
  return own;
}

/** 30 → "30 seconds", 60 → "1 minute". */
export function formatSeconds(seconds: number): string {
  if (seconds % 60 === 0) {
    const minutes = seconds / 60;
    return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
  }
  return `${seconds} seconds`;
}
