import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import * as shared from './index.js';
import { cleanEvidenceName } from './debate/evidence.js';
import { textKindOf, zText, type TTextKind } from './text.js';

type TSchema = z.core.$ZodType;

/** Every class of character the rule refuses, with one or more examples each. */
const CONTROLS: Record<string, string[]> = {
  'C0 controls (NUL, BEL, backspace, VT, FF, ESC, US)': ['\u0000', '\u0007', '\b', '\u000b', '\f', '\u001b', '\u001f'],
  DEL: ['\u007f'],
  'C1 controls (PAD, NEL, CSI, APC)': ['\u0080', '\u0085', '\u009b', '\u009f'],
  'line and paragraph separators': ['\u2028', '\u2029'],
};
const LINE_BREAKS: Record<string, string[]> = { 'line feed, carriage return, tab': ['\n', '\r', '\t'] };
const INVISIBLES: Record<string, string[]> = {
  'bidi overrides and embeddings': ['\u202e', '\u202d', '\u202a', '\u202b', '\u202c'],
  'bidi isolates': ['\u2066', '\u2067', '\u2068', '\u2069'],
  'bidi marks': ['\u200e', '\u200f', '\u061c'],
  'zero-width characters': ['\u200b', '\u200c', '\u200d', '\u2060'],
  'byte-order mark': ['\ufeff'],
  'soft hyphen and Hangul filler': ['\u00ad', '\u3164'],
};
const REFUSED: Record<TTextKind, Record<string, string[]>> = {
  name: { ...CONTROLS, ...LINE_BREAKS, ...INVISIBLES },
  line: { ...CONTROLS, ...LINE_BREAKS },
  multiline: CONTROLS,
};

/** Values a field may take, tried in order until one is accepted (a web address for links). */
const SAMPLES = ['Fair text', 'A fair text that is long enough for any minimum', 'https://example.com/fair'];

/** Exports that describe what the server sends (never parsed from a person's input): their strings are not walked. */
const OUTPUT_SCHEMAS = new Set([
  'ZChatMessage',
  'ZContactRequest',
  'ZHealth',
  'ZMediaCheckServers',
  'ZRoom',
  'ZRtcIceServer',
  'ZSessionUser',
  'ZTopic',
]);
const isOutputSchema = (name: string) => OUTPUT_SCHEMAS.has(name) || name.startsWith('ZMyData');

/**
 * String fields that are not free text, each with the reason. A string with a pattern of its own (an email, a UUID, a
 * date, a user id's `[A-Za-z0-9_-]`, a join code) refuses every character outside its grammar and is not listed.
 */
const NOT_FREE_TEXT: { path: RegExp; reason: string }[] = [
  {
    path: /^Z(AddCohost|AddJudge|AddTeamJudge|ReplaceMember)Request\.userId$|^ZEnterTournamentRequest\.partnerIds\[\]$|^ZPairRoundsRequest\|\d+\.side[AB]\[\]$|\.(a|b|judge)UserId$|\.presentUserIds\[\]$|\.judgeId$|\.toUserId$|\.feedUserId$/,
    reason: 'an account id the server looks up; an unknown one is refused',
  },
  {
    path: /\.subscriptionId$|\.callId$|\.offerId$|\.toCallId$/,
    reason: 'an id of a media subscription, call or offer, matched, never shown',
  },
  { path: /^ZSfuToken$|\.token$|\.invite$/, reason: 'a token compared with one the server issued' },
  { path: /^ZPassword$|\.password$/, reason: 'a password: any character may be in it, it is hashed, never shown' },
  {
    path: /^Z(DebateSignal|RtcSignal|SfuPublish|SfuStart)[.|].*(sdp|candidate|sdpMid|usernameFragment|offer|answer)$/,
    reason: 'WebRTC negotiation passed to the browser or the media server, which parse it',
  },
  { path: /^ZTournamentRepairRequest\.releasedAt$/, reason: 'a timestamp compared with the round’s, never stored' },
];

interface TTextField {
  path: string;
  schema: TSchema;
}

function defOf(schema: TSchema): { type: string } & Record<string, unknown> {
  return schema._zod.def as unknown as { type: string } & Record<string, unknown>;
}

/** Whether a string schema, or a pipe of strings, has a pattern (a format such as email, UUID or date, or a regex). */
function hasPattern(schema: TSchema): boolean {
  const def = defOf(schema);
  if (def.type === 'pipe') return hasPattern(def.in as TSchema) || hasPattern(def.out as TSchema);
  const checks = (def.checks as TSchema[] | undefined) ?? [];
  const isFormat = (check: TSchema) => (check._zod.def as { check?: string }).check === 'string_format';
  return def.type === 'string' && (def.format !== undefined || checks.some(isFormat));
}

function isStringLike(schema: TSchema): boolean {
  const def = defOf(schema);
  return (
    def.type === 'string' ||
    (def.type === 'pipe' && (isStringLike(def.in as TSchema) || isStringLike(def.out as TSchema)))
  );
}

/** Every string field (or pipe from a string) in a schema, with its path. */
function textFields(schema: TSchema, path: string, stack: TSchema[] = []): TTextField[] {
  if (stack.includes(schema)) return [];
  if (isStringLike(schema)) return [{ path, schema }];
  const def = defOf(schema);
  const inner = (child: unknown, childPath: string) => textFields(child as TSchema, childPath, [...stack, schema]);
  switch (def.type) {
    case 'object':
      return Object.entries(def.shape as Record<string, TSchema>).flatMap(([key, value]) =>
        inner(value, `${path}.${key}`),
      );
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'nonoptional':
    case 'readonly':
    case 'catch':
      return inner(def.innerType, path);
    case 'array':
      return inner(def.element, `${path}[]`);
    case 'union':
      return (def.options as TSchema[]).flatMap((option, i) => inner(option, `${path}|${i}`));
    case 'intersection':
      return [...inner(def.left, path), ...inner(def.right, path)];
    case 'pipe':
      return [...inner(def.in, path), ...inner(def.out, path)];
    case 'record':
      return [...inner(def.keyType, `${path}{key}`), ...inner(def.valueType, `${path}{}`)];
    case 'tuple':
      return (def.items as TSchema[]).flatMap((item, i) => inner(item, `${path}[${i}]`));
    case 'lazy':
      return inner((def.getter as () => TSchema)(), path);
    default:
      return [];
  }
}

const schemas = Object.entries(shared as Record<string, unknown>).filter(
  (entry): entry is [string, TSchema] => typeof entry[1] === 'object' && entry[1] !== null && '_zod' in entry[1],
);
const fields = schemas.filter(([name]) => !isOutputSchema(name)).flatMap(([name, schema]) => textFields(schema, name));
const exemptionOf = (path: string) => NOT_FREE_TEXT.find((entry) => entry.path.test(path));
const freeText = fields.filter((field) => !hasPattern(field.schema) && !exemptionOf(field.path));

/** `text` with `ch` put before its last character (inside a web address's path, inside a word). */
const withInside = (text: string, ch: string) => `${text.slice(0, -1)}${ch}${text.slice(-1)}`;
const parses = (schema: TSchema, value: string) =>
  (schema as unknown as { safeParse(v: unknown): { success: boolean } }).safeParse(value).success;
const issuesOf = (schema: TSchema, value: string): string[] =>
  (schema as unknown as { safeParse(v: unknown): { error?: { issues: { message: string }[] } } })
    .safeParse(value)
    .error?.issues.map((issue) => issue.message) ?? [];

describe('the free-text rule on every schema of packages/shared', () => {
  it('finds the schemas and their free-text fields', () => {
    // The walk reaches the fields the issue names: a guard that it still walks at all.
    const paths = freeText.map((field) => field.path);
    for (const path of [
      'ZCreateTournamentRequest.name',
      'ZCreateTournamentRequest.divisions[]',
      'ZSubmitBallotRequest.reason',
      'ZTournamentResultCorrection.reason',
      'ZSignUpRequest.name',
      'ZSendMessage.text',
      'ZSendDebateMessage.text',
      'ZParadigmRequest.paradigm',
      'ZRoundMotionRequest.motion',
      'ZCreateTeamRequest.name',
      'ZCreateRoomRequest.name',
      'ZUpdateTopicRequest.title',
      'ZEvidenceNote|0.text',
      'ZFlowCell.text',
    ]) {
      expect(paths).toContain(path);
    }
    expect(freeText.length).toBeGreaterThan(40);
  });

  it('puts every free-text field under the rule (zText), or lists why it is not free text', () => {
    const without = freeText.filter((field) => textKindOf(field.schema) === undefined).map((field) => field.path);
    expect(without, 'string fields without the free-text rule: use zText, or add them to NOT_FREE_TEXT').toEqual([]);
  });

  it('holds every name to the name rule', () => {
    const names = freeText.filter((field) => /(name|school|divisions\[\])$/i.test(field.path));
    expect(names.length).toBeGreaterThan(5);
    const notNames = names.filter((field) => textKindOf(field.schema) !== 'name').map((field) => field.path);
    expect(notNames).toEqual([]);
  });

  it('lists no exemption that matches nothing', () => {
    const unused = NOT_FREE_TEXT.filter((entry) => !fields.some((field) => entry.path.test(field.path)));
    expect(unused.map((entry) => String(entry.path))).toEqual([]);
  });

  for (const field of freeText) {
    const kind = textKindOf(field.schema);
    if (!kind) continue;
    it(`${field.path} (${kind}) refuses ${Object.keys(REFUSED[kind]).join(', ')}`, () => {
      const sample = SAMPLES.find((value) => parses(field.schema, value));
      expect(sample, 'no sample value is accepted: add one to SAMPLES').toBeDefined();
      for (const [what, chars] of Object.entries(REFUSED[kind])) {
        for (const ch of chars) {
          const messages = issuesOf(field.schema, withInside(sample!, ch));
          const code = ch.codePointAt(0)!.toString(16).padStart(4, '0');
          expect(messages.length, `${what}: U+${code} accepted`).toBeGreaterThan(0);
          expect(messages.join(' '), `${what}: U+${code}`).toMatch(
            /cannot contain (line breaks or )?(control|invisible)/,
          );
        }
      }
      if (kind === 'multiline') {
        expect(parses(field.schema, withInside(sample!, '\n\t'))).toBe(true);
      }
    });
  }
});

describe('zText', () => {
  const name = zText('name', { label: 'The name', max: 20 });
  const text = zText('multiline', { label: 'The reason', max: 20 });

  it('trims and bounds', () => {
    expect(name.parse('  Ann  ')).toBe('Ann');
    expect(name.safeParse('   ').error?.issues[0]?.message).toBe('The name is required.');
    expect(name.safeParse('x'.repeat(21)).error?.issues[0]?.message).toBe('The name must be at most 20 characters.');
  });

  it('says which rule a refused character breaks', () => {
    expect(name.safeParse('A\u0000B').error?.issues[0]?.message).toBe(
      'The name cannot contain line breaks or control characters.',
    );
    expect(name.safeParse('Ann\u202eB').error?.issues[0]?.message).toBe(
      'The name cannot contain invisible or direction-changing characters.',
    );
    expect(text.safeParse('A\u001bB').error?.issues[0]?.message).toBe('The reason cannot contain control characters.');
  });

  it('keeps letters of every script, accents, emoji and a multi-line text’s lines', () => {
    expect(name.parse('Zoë Ñúñez')).toBe('Zoë Ñúñez');
    expect(name.parse('محمد علي')).toBe('محمد علي');
    expect(name.parse('李小龍 🐉')).toBe('李小龍 🐉');
    expect(text.parse('One\r\nTwo\tthree')).toBe('One\nTwo\tthree');
  });

  it('cleans an evidence file name of what a name may not hold', () => {
    expect(cleanEvidenceName('evil\u202etxt.exe')).toBe('eviltxt.exe');
    expect(cleanEvidenceName('a\u0000b\u0085c\u200b.pdf')).toBe('abc.pdf');
  });
});
