/**
 * A browser's MediaRecorder writes WebM as a live stream: no duration and no cues, so a player shows 0:00 (or ∞) and
 * cannot seek. This reads a whole recording once (its parts in order, as stored) with ts-ebml and builds the header a
 * seekable file has: the original header with the real duration, a SeekHead and Cues pointing at the clusters. The
 * recording is then served as that header followed by the stored bytes after the original header, unchanged.
 * It works however the recording ended: a last chunk cut short only ends the recording where its last frame is.
 */
import { Decoder, Reader, tools } from 'ts-ebml';

export interface TWebmIndex {
  /** The recording's real length, from its last frame. */
  durationMs: number;
  /** How many bytes at the start of the stored recording `header` replaces. */
  metadataSize: number;
  /** The seekable header: EBML header, Segment, SeekHead, Info with Duration, Tracks, Cues. */
  header: Buffer;
}

/** MediaRecorder's Segment starts with a 4-byte ID and an 8-byte "unknown" size, as `makeMetadataSeekable` assumes. */
const SEGMENT_TAG_BYTES = 12;

/**
 * ts-ebml returns the header as `buffer.buffer`, which in Node is the shared 8 KiB allocation pool for a small header
 * (ts-ebml issue 55); with the pool off for this one synchronous call the ArrayBuffer is exactly the header.
 */
function encodeUnpooled(encode: () => ArrayBuffer): Buffer {
  const poolSize = Buffer.poolSize;
  Buffer.poolSize = 0;
  try {
    return Buffer.from(encode());
  } finally {
    Buffer.poolSize = poolSize;
  }
}

/**
 * More elements the Matroska schema does not know than a recording has: past it the bytes are not a recording this
 * can index (a browser's WebM has none; garbage decodes into one per few bytes).
 */
const MAX_UNKNOWN_ELEMENTS = 64;

/**
 * Runs `read` with `console.warn` silenced: ts-ebml's Reader warns every unknown element it reads, whatever its
 * `logging` setting — a megabyte of garbage uploaded as a recording printed tens of megabytes to the server's
 * stderr. `read` is synchronous, so nothing else runs while the warning is off.
 */
function quietly(read: () => void): void {
  const warn = console.warn;
  console.warn = () => {};
  try {
    read();
  } finally {
    console.warn = warn;
  }
}

/** The seekable header of a WebM recording read from `bytes`, or null when they are not a WebM this can index. */
export async function indexWebm(bytes: AsyncIterable<Buffer | string>): Promise<TWebmIndex | null> {
  const decoder = new Decoder();
  const reader = new Reader();
  reader.logging = false;
  let unknown = 0;
  try {
    for await (const part of bytes) {
      const chunk = typeof part === 'string' ? Buffer.from(part) : part;
      const view = chunk.buffer.slice(chunk.byteOffset, chunk.byteOffset + chunk.byteLength) as ArrayBuffer;
      const elements = decoder.decode(view);
      unknown += elements.filter((element) => element.name === 'unknown').length;
      if (unknown > MAX_UNKNOWN_ELEMENTS) return null;
      quietly(() => {
        for (const element of elements) reader.read(element);
      });
    }
    quietly(() => reader.stop());
  } catch {
    return null;
  }
  const segment = reader.metadatas.find((e) => e.name === 'Segment');
  const hasParts = ['EBML', 'Info', 'Tracks'].every((name) => reader.metadatas.some((e) => e.name === name));
  const durationMs = (reader.duration * reader.timestampScale) / 1e6;
  if (
    !segment ||
    !hasParts ||
    segment.dataStart - segment.tagStart !== SEGMENT_TAG_BYTES ||
    reader.metadataSize <= 0 ||
    !Number.isFinite(durationMs) ||
    durationMs <= 0
  ) {
    return null;
  }
  try {
    const header = encodeUnpooled(() => tools.makeMetadataSeekable(reader.metadatas, reader.duration, reader.cues));
    return { durationMs: Math.round(durationMs), metadataSize: reader.metadataSize, header };
  } catch {
    return null;
  }
}
