import { z } from 'zod';
import { LIMITS } from './constants.js';
import { withoutControlCharacters, zText, type TTextKind } from './text.js';

/** Free text (the one rule, `text.ts`) with length limits and messages a person can act on. */
function text(kind: TTextKind, label: string, limits: { min: number; max: number }) {
  return zText(kind, { label, ...limits });
}

/** Only http(s) links: `javascript:`, `data:` and friends are refused on both sides. */
export const ZHttpUrl = withoutControlCharacters(
  z
    .string({ error: 'Meeting Link is required.' })
    .trim()
    .min(1, { error: 'Meeting Link is required.' })
    .max(LIMITS.roomLink.max, { error: `Meeting Link must be at most ${LIMITS.roomLink.max} characters.` }),
  'Meeting Link',
)
  .refine((value) => parseHttpUrl(value) !== undefined, {
    error: 'Meeting Link must be a web address starting with http:// or https://.',
  })
  .refine((value) => !/\s/.test(value), { error: 'Meeting Link must not contain spaces.' })
  // `https://zoom.us@evil.example` reads like Zoom but goes elsewhere: no user name or password in links.
  .refine(
    (value) => {
      const url = parseHttpUrl(value);
      return !url || (url.username === '' && url.password === '');
    },
    {
      error: 'Meeting Link must not contain a user name or password.',
    },
  );

/** The link as a URL when it is an absolute http(s) address with a host; otherwise undefined. */
export function parseHttpUrl(value: string): URL | undefined {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.length > 0 ? url : undefined;
  } catch {
    return undefined;
  }
}

// ---- Topics ----
export const ZTopic = z.object({
  id: z.number().int(),
  title: z.string(),
  date: z.string(),
  description: z.string(),
  isCurrent: z.boolean(),
  createdAt: z.string(),
});
export type TTopic = z.infer<typeof ZTopic>;

export const ZUpdateTopicRequest = z.object({
  title: text('line', 'New Topic Title', LIMITS.topicTitle),
  date: text('line', 'Event Date', LIMITS.topicDate),
  description: text('multiline', 'Short description', LIMITS.topicDescription),
});
export type TUpdateTopicRequest = z.infer<typeof ZUpdateTopicRequest>;

// ---- Rooms ----
export const ZRoom = z.object({
  id: z.number().int(),
  name: z.string(),
  zoomLink: z.string(),
  isFixed: z.boolean(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
});
export type TRoom = z.infer<typeof ZRoom>;

export const ZCreateRoomRequest = z.object({
  name: text('name', 'Room Name', LIMITS.roomName),
  zoomLink: ZHttpUrl,
});
export type TCreateRoomRequest = z.infer<typeof ZCreateRoomRequest>;

/** A room's name and/or link; the six fixed rooms keep their names (only their links change). */
export const ZUpdateRoomRequest = z
  .object({ name: text('name', 'Room Name', LIMITS.roomName).optional(), zoomLink: ZHttpUrl.optional() })
  .refine((value) => value.name !== undefined || value.zoomLink !== undefined, {
    error: 'Give a new Room Name or Meeting Link.',
  });
export type TUpdateRoomRequest = z.infer<typeof ZUpdateRoomRequest>;

/** A numeric id in a path (`/api/rooms/:id`), within the 32-bit range both databases store. */
export const ZIdParam = z.object({
  id: z.coerce
    .number({ error: 'The id must be a number.' })
    .int({ error: 'The id must be a whole number.' })
    .min(1, { error: 'The id must be a positive number.' })
    .max(2_147_483_647, { error: 'The id is too large.' }),
});

// ---- Help contact requests ----
export const ZCreateContactRequest = z.object({
  name: text('name', 'Your name', LIMITS.contactName),
  email: z
    .string({ error: 'Email is required.' })
    .trim()
    .max(LIMITS.email.max, { error: 'Email is too long.' })
    .pipe(z.email({ error: 'Enter a valid email address.' })),
  message: text('multiline', 'Message', LIMITS.contactMessage),
});
export type TCreateContactRequest = z.infer<typeof ZCreateContactRequest>;

export const ZContactRequest = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  message: z.string(),
  createdAt: z.string(),
});
export type TContactRequest = z.infer<typeof ZContactRequest>;

// ---- Health ----
export const ZHealth = z.object({
  status: z.enum(['ok', 'degraded']),
  version: z.string(),
  database: z.object({ engine: z.enum(['sqlite', 'postgres']), isReachable: z.boolean() }),
  uptimeSeconds: z.number(),
});
export type THealth = z.infer<typeof ZHealth>;
