/**
 * The `content-disposition` of a download: `attachment`, so that a browser saves the file and never renders it inline
 * (an uploaded file or an export is not a page of this site), named twice: `filename="…"` as an ASCII fallback
 * (anything outside printable ASCII, a quote or a backslash becomes `_`), and `filename*=UTF-8''…` (RFC 6266 and
 * RFC 8187), which browsers prefer, so a name in any language survives.
 */
export function attachmentHeader(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
