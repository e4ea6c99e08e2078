/** The replay's timeline: what was happening when, from a round's stored clock commands. */
import { z } from 'zod';
import { speechesOf, type TFormatId, type TSideKey } from '../formats.js';
import type { TClockEvent } from './protocol.js';

export interface TReplaySegment {
  kind: 'speech' | 'prep';
  /** The speech (for prep: the speech it came before). */
  speechIndex: number;
  label: string;
  startMs: number;
  endMs: number;
}

/**
 * The speeches and prep of a round as time segments: each from its start command to the command that ended it (the
 * next start, an end, or the round's end). Pauses stay inside their segment. `firstSide`: the round's speaking order.
 */
export function replaySegments(
  formatId: TFormatId,
  firstSide: TSideKey,
  events: readonly TClockEvent[],
  endedAt: string | null,
): TReplaySegment[] {
  const speeches = speechesOf(formatId, firstSide);
  const segments: TReplaySegment[] = [];
  let open: TReplaySegment | null = null;
  const close = (atMs: number) => {
    if (open) segments.push({ ...open, endMs: Math.max(open.startMs, atMs) });
    open = null;
  };
  for (const event of events) {
    const at = Date.parse(event.at);
    if (event.action === 'start_speech') {
      close(at);
      const speech = speeches[event.speechIndex];
      open = { kind: 'speech', speechIndex: event.speechIndex, label: speech?.short ?? '?', startMs: at, endMs: at };
    } else if (event.action === 'start_prep') {
      close(at);
      open = { kind: 'prep', speechIndex: event.speechIndex, label: 'Prep', startMs: at, endMs: at };
    } else if (event.action === 'end_speech' || event.action === 'end_prep') {
      close(at);
    }
  }
  const last = events.at(-1);
  if (open) close(endedAt ? Date.parse(endedAt) : last ? Date.parse(last.at) : 0);
  return segments;
}

/** The segment under time `atMs`, or null between speeches. */
export function segmentAt(segments: readonly TReplaySegment[], atMs: number): TReplaySegment | null {
  return segments.find((s) => s.startMs <= atMs && atMs < s.endMs) ?? null;
}

/** A debater keeps the round's replay private, or makes it public again. */
export const ZReplayPrivacyRequest = z.object({ isPrivate: z.boolean() });
