/** Chat display rules: splitting text into plain runs and http(s) links (timestamps: `lib/chat-time.ts`). */

export type TTextPart = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

const LINK_PATTERN = /https?:\/\/[^\s<>"']+/gi;
/** Punctuation that usually ends a sentence rather than a link. */
const TRAILING = /[.,;:!?)\]}]+$/;

/** Splits message text into plain text and http(s) links; anything else (javascript:, data:) stays text. */
export function splitLinks(text: string): TTextPart[] {
  const parts: TTextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(LINK_PATTERN)) {
    const start = match.index;
    let candidate = match[0];
    const trailing = TRAILING.exec(candidate)?.[0] ?? '';
    candidate = candidate.slice(0, candidate.length - trailing.length);
    let href: string | undefined;
    try {
      const url = new URL(candidate);
      if ((url.protocol === 'http:' || url.protocol === 'https:') && url.hostname) href = url.href;
    } catch {
      href = undefined;
    }
    if (!href) continue;
    if (start > last) parts.push({ kind: 'text', text: text.slice(last, start) });
    parts.push({ kind: 'link', text: candidate, href });
    last = start + candidate.length;
  }
  if (last < text.length) parts.push({ kind: 'text', text: text.slice(last) });
  return parts;
}
