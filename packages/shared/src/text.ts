/**
 * The one free-text rule (docs/safety.md "Free text"): every name, reason, message, description or title a person
 * types goes through `zText`. It is trimmed (unless it says otherwise) and bounded, and it never holds a control character — C0 (NUL, BEL, ESC…;
 * a multi-line text keeps its line breaks and tabs), DEL, C1, or the Unicode line and paragraph separators. A name
 * (of a person, a tournament, a division, a team, a room, a school) additionally holds no invisible or
 * direction-changing character: bidi overrides, isolates and marks, zero-width spaces and joiners, byte-order marks
 * (Unicode's format characters, `Cf`) and the Hangul fillers that render as nothing — they make one name look like
 * another. The walk in `text.test.ts` tries every string field of every exported schema against these classes.
 */
import { z } from 'zod';

/** `name`: one line, nothing invisible; `line`: one line; `multiline`: keeps line breaks and tabs. */
export type TTextKind = 'name' | 'line' | 'multiline';

/** C0 controls, DEL, C1 controls and the line/paragraph separators U+2028/U+2029. */
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
/** The same without tab (U+0009) and line feed (U+000A), which a multi-line text keeps. */
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS_BUT_LINES = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029]/;
/** Format characters (bidi controls, zero-width characters, BOM, soft hyphen, tags…) and the Hangul fillers. */
const INVISIBLE_CHARACTERS = /[\p{Cf}\u115f\u1160\u3164\uffa0]/u;

/** The rule's checks, one function each: `textKindOf` recognises a schema under the rule by them. */
const isFreeOfControls = (text: string) => !CONTROL_CHARACTERS.test(text);
const isFreeOfControlsButLines = (text: string) => !CONTROL_CHARACTERS_BUT_LINES.test(text);
const isFreeOfInvisibles = (text: string) => !INVISIBLE_CHARACTERS.test(text);

/** Whether `text` holds a character no text of this kind may hold (the rule without its bounds). */
export function hasForbiddenCharacters(text: string, kind: TTextKind): boolean {
  if (!(kind === 'multiline' ? isFreeOfControlsButLines : isFreeOfControls)(text)) return true;
  return kind === 'name' && !isFreeOfInvisibles(text);
}

/** `text` without the characters a text of this kind may not hold (for names made from elsewhere, e.g. file names). */
export function withoutForbiddenCharacters(text: string, kind: TTextKind): string {
  return [...text].filter((ch) => !hasForbiddenCharacters(ch, kind)).join('');
}

export interface TTextRule {
  /** How refusals name the field, as the start of a sentence: "Full name", "The reason", "A division name". */
  label: string;
  /** Most characters after trimming. */
  max: number;
  /** Fewest characters after trimming (default 1; 0: may be empty). */
  min?: number;
  /** The refusal when the text is missing or empty (default "`label` is required."). */
  required?: string;
  /** The refusal when it is shorter than a `min` above 1 (default `required`). */
  tooShort?: string;
  /** The refusal when it is longer than `max` (default "`label` must be at most `max` characters."). */
  tooLong?: string;
  /** Whether surrounding white space is cut (default true; a flow's cell keeps it while its author types). */
  isTrimmed?: boolean;
}

/** A free-text field under the one rule (see the file's comment). A multi-line text's `\r\n` becomes `\n`. */
export function zText(kind: TTextKind, rule: TTextRule) {
  const min = rule.min ?? 1;
  const required = rule.required ?? `${rule.label} is required.`;
  const tooLong = rule.tooLong ?? `${rule.label} must be at most ${rule.max} characters.`;
  let schema = z.string({ error: required });
  if (kind === 'multiline') schema = schema.overwrite((text) => text.replace(/\r\n?/g, '\n'));
  if (rule.isTrimmed !== false) schema = schema.trim();
  if (min > 0) schema = schema.min(min, { error: min > 1 ? (rule.tooShort ?? required) : required });
  schema = schema.max(rule.max, { error: tooLong });
  if (kind === 'multiline')
    return schema.refine(isFreeOfControlsButLines, `${rule.label} cannot contain control characters.`);
  return withoutControlCharacters(schema, rule.label, kind === 'name');
}

/**
 * The character part of the rule alone, for a one-line string with a grammar of its own that people type (a web
 * address): a NUL or a C1 control in it is refused with a message rather than stored. `isName`: nothing invisible
 * either.
 */
export function withoutControlCharacters<T extends z.ZodString>(schema: T, label: string, isName = false): T {
  const checked = schema.refine(isFreeOfControls, `${label} cannot contain line breaks or control characters.`);
  if (!isName) return checked;
  return checked.refine(isFreeOfInvisibles, `${label} cannot contain invisible or direction-changing characters.`);
}

/**
 * The kind of text a string schema is, by the rule's checks it carries (undefined: it does not carry the rule). The
 * walk in `text.test.ts` reads it: a free-text field without the rule fails it.
 */
export function textKindOf(schema: z.core.$ZodType): TTextKind | undefined {
  const checks: readonly z.core.$ZodCheck[] = (schema._zod.def as { checks?: z.core.$ZodCheck[] }).checks ?? [];
  const fns = new Set(checks.map((check) => (check._zod.def as { fn?: unknown }).fn));
  if (fns.has(isFreeOfControlsButLines)) return 'multiline';
  if (!fns.has(isFreeOfControls)) return undefined;
  return fns.has(isFreeOfInvisibles) ? 'name' : 'line';
}
