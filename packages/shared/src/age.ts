/**
 * Age: an account gives its month and year of birth, never shown to others. From it come
 * age bands — who may sign up directly, who a minor meets, who may see a minor's round. The day is not asked, so the
 * birthday is taken as the last day of the birth month: in that month a person counts as the younger age (the safe
 * side for every rule below). See docs/safety.md.
 *
 * No zod here: the rules below are in every page's first load (through `rules/`); the form schemas are in
 * `age-schemas.ts`, with the pages that validate.
 */
/** Under 13: only through a team's join link, as a team-managed account (the school-consent route). */
export const CHILD_MAX_AGE = 12;
/** 13 to 17: a minor. 18 and over: an adult. */
export const ADULT_MIN_AGE = 18;
/** Nobody gives a birth month making them this old or older: it is a typo. */
export const AGE_IMPOSSIBLE = 120;

/** `child` (under 13), `minor` (13–17), `adult` (18+). An account that has not said yet has none (null). */
export const AGE_BANDS = ['child', 'minor', 'adult'] as const;
export type TAgeBand = (typeof AGE_BANDS)[number];

export const BIRTH_MONTH_PATTERN = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** Whole years old on `now`, born in `birthMonth` ("YYYY-MM"); the birthday counted at the end of that month. */
export function ageOn(birthMonth: string, now: Date): number {
  const match = BIRTH_MONTH_PATTERN.exec(birthMonth);
  if (!match) return Number.NaN;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const nowYear = now.getUTCFullYear();
  const nowMonth = now.getUTCMonth() + 1;
  return nowYear - year - (nowMonth <= month ? 1 : 0);
}

/** The band of an account born in `birthMonth` on `now`; null when it has not said (or the value is not a month). */
export function ageBandOf(birthMonth: string | null | undefined, now: Date = new Date()): TAgeBand | null {
  if (!birthMonth) return null;
  const age = ageOn(birthMonth, now);
  if (Number.isNaN(age)) return null;
  if (age <= CHILD_MAX_AGE) return 'child';
  return age < ADULT_MIN_AGE ? 'minor' : 'adult';
}

/** Under 18: a child or a minor. The rules of "who a minor meets" apply to both. */
export function isUnder18(band: TAgeBand | null | undefined): boolean {
  return band === 'child' || band === 'minor';
}

/** Whether a round's debaters' bands put a minor in it: under 18, or no band yet (the safe side). */
export function isMinorRound(bands: readonly (TAgeBand | null | undefined)[]): boolean {
  return bands.some((band) => band == null || isUnder18(band));
}

export const BIRTH_MONTH_MESSAGES = {
  required: 'Enter your month and year of birth.',
  invalid: 'Enter a real month and year of birth.',
  future: 'That month of birth is in the future.',
  tooOld: 'Check the year of birth: that would make you 120 or older.',
} as const;

/** `GET /api/users/me/birth-month`: the account's own month of birth (Settings shows it, read-only). */
export interface TMyBirthMonthResponse {
  birthMonth: string | null;
}

/** The months of the year as the month-of-birth fields list them. */
export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** "March 2011" for "2011-03", as the account itself and admins read it. */
export function formatBirthMonth(birthMonth: string): string {
  const [year, month] = birthMonth.split('-').map(Number) as [number, number];
  return `${MONTH_NAMES[month - 1] ?? '?'} ${year}`;
}
