/**
 * The WebM index on a real recording: three seconds of Chromium's fake camera and microphone, recorded by
 * MediaRecorder in half-second chunks (the parts as they were uploaded, in `fixtures/`).
 */
import { readFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import { describe, expect, it, vi } from 'vitest';
import { Decoder } from 'ts-ebml';
import { indexWebm } from './webm-index';

const parts = [0, 1, 2, 3, 4, 5].map((i) =>
  readFileSync(new URL(`./fixtures/chromium-part-${i}.webm`, import.meta.url)),
);
const whole = Buffer.concat(parts);

/** The elements of a WebM header, by name (values of the simple ones). */
function headerElements(bytes: Buffer) {
  const elements = new Decoder().decode(
    bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length) as ArrayBuffer,
  );
  return elements.filter((e) => !('isEnd' in e && e.isEnd));
}

describe('indexWebm', () => {
  it('finds the real length of a MediaRecorder recording and writes it, with cues, into a new header', async () => {
    const original = headerElements(whole.subarray(0, 400));
    expect(original.some((e) => e.name === 'Duration')).toBe(false);

    const index = await indexWebm(Readable.from(parts));
    expect(index).not.toBeNull();
    expect(index!.durationMs).toBeGreaterThan(2500);
    expect(index!.durationMs).toBeLessThanOrEqual(3200);
    const fixed = Buffer.concat([index!.header, whole.subarray(index!.metadataSize)]);
    const elements = headerElements(fixed);
    const duration = elements.find((e) => e.name === 'Duration');
    expect(duration && 'value' in duration ? duration.value : null).toBe(index!.durationMs);
    expect(elements.some((e) => e.name === 'Cues')).toBe(true);
    // The header's first cue points at a cluster of the fixed file.
    const segment = elements.find((e) => e.name === 'Segment')!;
    const cue = elements.find((e) => e.name === 'CueClusterPosition');
    const at = segment.dataStart + Number(cue && 'value' in cue ? cue.value : -1);
    expect(fixed.subarray(at, at + 4).toString('hex')).toBe('1f43b675');
  });

  it('reads the parts however they are cut, and a recording cut short ends at its last whole frame', async () => {
    const bytes = (size: number) =>
      Readable.from(
        Array.from({ length: Math.ceil(whole.length / size) }, (_, i) => whole.subarray(i * size, (i + 1) * size)),
      );
    const byParts = await indexWebm(Readable.from(parts));
    expect(await indexWebm(bytes(777))).toEqual(byParts);
    const cut = await indexWebm(Readable.from([whole.subarray(0, Math.floor(whole.length * 0.6))]));
    expect(cut!.durationMs).toBeGreaterThan(0);
    expect(cut!.durationMs).toBeLessThan(byParts!.durationMs);
  });

  it('leaves what is not a WebM alone', async () => {
    expect(await indexWebm(Readable.from([Buffer.from('first chunk second chunk')]))).toBeNull();
    expect(await indexWebm(Readable.from([Buffer.alloc(4096, 7)]))).toBeNull();
    expect(await indexWebm(Readable.from([]))).toBeNull();
  });

  it('reads garbage without writing to the console, and gives up on it early', async () => {
    // Such bytes decode into thousands of elements the schema does not know; ts-ebml warned each one.
    const warn = vi.spyOn(console, 'warn');
    try {
      // Bytes of 1 read as a run of one-byte unknown elements (what the recordings test uploads).
      expect(await indexWebm(Readable.from([Buffer.alloc(600 * 1024, 1), Buffer.alloc(400 * 1024, 3)]))).toBeNull();
      expect(await indexWebm(Readable.from(parts))).not.toBeNull();
      expect(warn).not.toHaveBeenCalled();
    } finally {
      warn.mockRestore();
    }
  });
});
