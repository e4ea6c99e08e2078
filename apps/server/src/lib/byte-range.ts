/** A byte range of a file, both ends included (as HTTP writes them). */
export interface TByteRange {
  start: number;
  end: number;
}

/**
 * The one range a `Range` header asks of a file of `size` bytes (RFC 9110 §14.1.2) — `bytes=a-b`, `bytes=a-` or
 * `bytes=-n` — its end clamped to the file's. `null` means "send the whole file (200)": no header, another unit, a
 * malformed or backwards range (which RFC 9110 says to ignore), or several ranges (the whole file rather than a
 * multipart/byteranges answer, which no media player asks for). `'unsatisfiable'` (416) when the range starts at or
 * past the end, or asks for the last 0 bytes.
 */
export function parseByteRange(header: string | undefined, size: number): TByteRange | 'unsatisfiable' | null {
  const match = header ? /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header) : null;
  if (!match) return null;
  const [, first = '', last = ''] = match;
  if (first === '') {
    if (last === '') return null;
    const suffix = Number(last);
    return suffix === 0 || size === 0 ? 'unsatisfiable' : { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Number(last);
  if (end < start && last !== '') return null;
  if (start >= size) return 'unsatisfiable';
  return { start, end: Math.min(end, size - 1) };
}

/** `length` bytes of `source` after its first `skip`; stops reading (and closes the source) once they are out. */
export async function* sliceBytes(source: AsyncIterable<Buffer>, skip: number, length: number) {
  let toSkip = skip;
  let left = length;
  if (left <= 0) return;
  for await (const chunk of source) {
    let piece = chunk;
    if (toSkip >= piece.length) {
      toSkip -= piece.length;
      continue;
    }
    piece = piece.subarray(toSkip);
    toSkip = 0;
    if (piece.length >= left) {
      yield piece.subarray(0, left);
      return;
    }
    left -= piece.length;
    yield piece;
  }
}
