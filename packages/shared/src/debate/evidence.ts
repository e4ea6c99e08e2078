/**
 * Evidence shared in a round: files (PDF, DOCX, TXT, images) and text or links. What a file is comes from
 * its bytes, not its name or the browser's word for it; names are cleaned of any path.
 */
import { z } from 'zod';
import { withoutControlCharacters, withoutForbiddenCharacters, zText } from '../text.js';

/** The largest file a round accepts by default (EVIDENCE_MAX_BYTES overrides it). */
export const EVIDENCE_DEFAULT_MAX_BYTES = 20 * 1024 * 1024;
export const EVIDENCE_NAME_MAX = 120;
export const EVIDENCE_TEXT_MAX = 5000;
/** Items per round: a round's evidence is a few dozen cards, not a file server. */
export const EVIDENCE_PER_ROUND = 100;

export const EVIDENCE_CONTENT_TYPES = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  txt: 'text/plain; charset=utf-8',
  png: 'image/png',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
} as const;

export const EVIDENCE_ACCEPT = '.pdf,.docx,.txt,.png,.jpg,.jpeg,.gif,.webp';
export const EVIDENCE_TYPE_ERROR =
  'Share a PDF, a Word document (.docx), a text file or an image (PNG, JPEG, GIF, WebP).';

const startsWith = (head: Uint8Array, bytes: number[], offset = 0) => bytes.every((b, i) => head[offset + i] === b);

/** Whether these bytes read as UTF-8 text with no control characters but tab, line feed and carriage return. */
function isPlainText(head: Uint8Array): boolean {
  if (head.length === 0) return false;
  for (const byte of head) if (byte < 0x09 || (byte > 0x0d && byte < 0x20) || byte === 0x7f) return false;
  try {
    // The head may end inside a character: drop up to 3 trailing bytes of an incomplete sequence.
    new TextDecoder('utf-8', { fatal: true }).decode(trimPartialUtf8(head));
    return true;
  } catch {
    return false;
  }
}

function trimPartialUtf8(bytes: Uint8Array): Uint8Array {
  for (let back = 1; back <= 3 && back <= bytes.length; back++) {
    const byte = bytes[bytes.length - back]!;
    if ((byte & 0xc0) === 0x80) continue; // a continuation byte: keep looking for the lead
    const need = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1;
    return need > back ? bytes.subarray(0, bytes.length - back) : bytes;
  }
  return bytes;
}

/**
 * The content type of a file from its first bytes (at least 512 when the file has them) and its name: null when it is
 * none of the accepted kinds. HTML, scripts and anything else are refused, whatever they are called.
 */
export function sniffEvidenceType(head: Uint8Array, name: string): string | null {
  const lower = name.toLowerCase();
  if (startsWith(head, [0x25, 0x50, 0x44, 0x46, 0x2d])) return EVIDENCE_CONTENT_TYPES.pdf; // %PDF-
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return EVIDENCE_CONTENT_TYPES.png;
  if (startsWith(head, [0xff, 0xd8, 0xff])) return EVIDENCE_CONTENT_TYPES.jpeg;
  if (startsWith(head, [0x47, 0x49, 0x46, 0x38])) return EVIDENCE_CONTENT_TYPES.gif; // GIF8
  if (startsWith(head, [0x52, 0x49, 0x46, 0x46]) && startsWith(head, [0x57, 0x45, 0x42, 0x50], 8)) {
    return EVIDENCE_CONTENT_TYPES.webp; // RIFF....WEBP
  }
  // A .docx is a zip; its name says which kind of Office zip it is.
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04]) && lower.endsWith('.docx')) return EVIDENCE_CONTENT_TYPES.docx;
  if (lower.endsWith('.txt') && isPlainText(head)) {
    const text = new TextDecoder().decode(trimPartialUtf8(head)).trimStart().toLowerCase();
    // Text that a browser would take for markup is not "plain": refused, even if served as attachment.
    if (text.startsWith('<!doctype') || text.startsWith('<html') || text.startsWith('<script')) return null;
    return EVIDENCE_CONTENT_TYPES.txt;
  }
  return null;
}

/**
 * A file name with no path, no reserved characters and nothing a name may not hold (the free-text rule: no control,
 * invisible or direction-changing characters — `evil\u202Etxt.exe` reads as `evilexe.txt`), at most EVIDENCE_NAME_MAX
 * long.
 */
export function cleanEvidenceName(raw: string): string {
  const base = raw.split(/[\\/]/).pop() ?? '';
  const cleaned = [...withoutForbiddenCharacters(base, 'name')]
    .filter((ch) => !'<>:"|?*'.includes(ch))
    .join('')
    .replace(/^\.+/, '')
    .trim()
    .slice(-EVIDENCE_NAME_MAX);
  return cleaned === '' ? 'evidence' : cleaned;
}

export const ZEvidenceNote = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('text'),
    text: zText('multiline', {
      label: 'Text',
      max: EVIDENCE_TEXT_MAX,
      required: 'Write the text to share.',
      tooLong: `Text can be at most ${EVIDENCE_TEXT_MAX} characters.`,
    }),
  }),
  z.object({
    kind: z.literal('link'),
    text: withoutControlCharacters(z.string().trim().max(2000), 'A link').refine(
      (v) => /^https?:\/\/[^\s]+$/i.test(v),
      { error: 'A link must start with http:// or https://.' },
    ),
  }),
]);
export type TEvidenceNote = z.infer<typeof ZEvidenceNote>;

export const ZEvidenceVisibility = z.object({ isPublic: z.boolean() });

export interface TEvidence {
  id: number;
  debateId: number;
  kind: 'file' | 'text' | 'link';
  /** A file's cleaned name; for text and links, a short title made from them. */
  name: string;
  contentType: string | null;
  size: number;
  /** The text or the link (null for a file). */
  text: string | null;
  sharedBy: { userId: string; displayName: string } | null;
  createdAt: string;
}
