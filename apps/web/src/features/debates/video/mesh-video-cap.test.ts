import { describe, expect, it } from 'vitest';
import { MESH_VIDEO_BUDGET_BPS, MIN_VIDEO_BPS, publishersOf, videoCapFor } from './mesh-video-cap';

describe('the mesh video cap', () => {
  it('leaves a call of up to three publishers alone', () => {
    expect([1, 2, 3].map(videoCapFor)).toEqual([null, null, null]);
  });

  it('halves the resolution and shares the upload once more than three publish', () => {
    // Two teams of two and a judge: each sender has four connections to other publishers.
    expect(videoCapFor(5)).toEqual({ scaleResolutionDownBy: 2, maxBitrate: MESH_VIDEO_BUDGET_BPS / 4 });
    expect(videoCapFor(4)).toEqual({ scaleResolutionDownBy: 2, maxBitrate: Math.floor(MESH_VIDEO_BUDGET_BPS / 3) });
    // A World Schools round (three a side and a judge): the share, or the floor when the share is under it.
    expect(videoCapFor(7)!.maxBitrate).toBe(Math.max(MIN_VIDEO_BPS, Math.floor(MESH_VIDEO_BUDGET_BPS / 6)));
    expect(videoCapFor(20)!.maxBitrate).toBe(MIN_VIDEO_BPS);
    // The more publish, the less each connection gets.
    expect(videoCapFor(5)!.maxBitrate).toBeLessThan(videoCapFor(4)!.maxBitrate);
  });

  it('counts this sender and every peer but spectators as publishers', () => {
    expect(publishersOf('a', ['a', 'b', 'b', 'judge', 'spectator'])).toBe(5);
    expect(publishersOf('judge', ['a', 'b'])).toBe(3);
    expect(publishersOf('spectator', ['a', 'b', 'judge'])).toBe(3);
  });
});
