import { describe, expect, it } from 'vitest';
import { createClock, type TClockState, type TDebateSeat } from '@resolved/shared';
import {
  audioOnlyOf,
  isSpeakerVideoOnly,
  meshVideoSendersOf,
  shownQuality,
  SPEAKER_VIDEO_PUBLISHERS,
  type TVideoRound,
} from './speaker-video';
import { MESH_VIDEO_BUDGET_BPS, MIN_VIDEO_BPS, videoCapFor } from './mesh-video-cap';
import { judgeQuality, STALLED_QUALITY } from './call-quality';

const rating = { rating: 1500, deviation: 350, isProvisional: true, games: 0 };
const seat = (userId: string, side: 'a' | 'b', position: string | null): TDebateSeat => ({
  userId,
  displayName: userId.toUpperCase(),
  rating,
  side,
  position,
});
const person = (userId: string) => ({ userId, displayName: userId.toUpperCase(), rating });
const judged = (userId: string) => ({ ...person(userId), hasSubmitted: false });

const TEAMS = [
  seat('ann', 'a', 'first'),
  seat('ben', 'a', 'second'),
  seat('cat', 'b', 'first'),
  seat('dan', 'b', 'second'),
];
const PANEL_OF_FIVE = ['jo', 'kim', 'lee', 'max', 'ned'];

/** A Public Forum round of two teams of two, with one judge or a panel, its clock at `clock`. */
function round(options: { judges?: string[]; clock?: Partial<TClockState>; seats?: TDebateSeat[] } = {}): TVideoRound {
  const seats = options.seats ?? TEAMS;
  const judges = options.judges ?? ['jo'];
  return {
    kind: 'matchmade',
    status: 'live',
    formatId: 'pf',
    debaters: { a: seats.find((s) => s.side === 'a')!, b: seats.find((s) => s.side === 'b')! },
    seats,
    judge: judges[0] ? person(judges[0]) : null,
    panel: judges.length > 1 ? { judges: judges.map(judged), ballots: [], votes: null } : null,
    hasJudgeInvite: false,
    team: null,
    clock: { ...createClock('pf'), ...options.clock },
  } as TVideoRound;
}

const inSpeech = (speechIndex: number, isPaused = false): Partial<TClockState> => ({
  phase: 'speech',
  speechIndex,
  startedAt: isPaused ? null : 1,
  isPaused,
});
const sorted = (senders: ReadonlySet<string> | null) => (senders ? [...senders].sort() : null);

describe('who sends video on the mesh', () => {
  it('lets everyone send in a round of fewer than nine publisher seats, whatever the clock', () => {
    // Two teams of two and a judge (five); a panel of four (eight).
    expect(meshVideoSendersOf(round({ clock: inSpeech(0) }))).toBeNull();
    expect(meshVideoSendersOf(round({ judges: ['jo', 'kim', 'lee', 'max'], clock: inSpeech(0) }))).toBeNull();
    expect(isSpeakerVideoOnly(round({ judges: ['jo', 'kim', 'lee', 'max'] }))).toBe(false);
  });

  it('from nine publisher seats sends only the running speech’s speaker', () => {
    const nine = (clock: Partial<TClockState>) => round({ judges: PANEL_OF_FIVE, clock });
    expect(isSpeakerVideoOnly(nine({}))).toBe(true);
    // Pro constructive: the Pro first speaker; Con rebuttal: the Con second speaker.
    expect(sorted(meshVideoSendersOf(nine(inSpeech(0))))).toEqual(['ann']);
    expect(sorted(meshVideoSendersOf(nine(inSpeech(4))))).toEqual(['dan']);
    // A paused speech is still its speaker's.
    expect(sorted(meshVideoSendersOf(nine(inSpeech(4, true))))).toEqual(['dan']);
  });

  it('sends a crossfire’s participants, all four in the grand crossfire', () => {
    const nine = (speechIndex: number) => round({ judges: PANEL_OF_FIVE, clock: inSpeech(speechIndex) });
    expect(sorted(meshVideoSendersOf(nine(2)))).toEqual(['ann', 'cat']);
    expect(sorted(meshVideoSendersOf(nine(5)))).toEqual(['ben', 'dan']);
    expect(sorted(meshVideoSendersOf(nine(8)))).toEqual(['ann', 'ben', 'cat', 'dan']);
  });

  it('sends nobody’s video before the round, in prep and between speeches', () => {
    const nine = (clock: Partial<TClockState>) => round({ judges: PANEL_OF_FIVE, clock });
    expect(sorted(meshVideoSendersOf(nine({})))).toEqual([]);
    expect(sorted(meshVideoSendersOf(nine({ phase: 'prep', prepTaker: 'a', speechIndex: 3 })))).toEqual([]);
    expect(sorted(meshVideoSendersOf(nine({ phase: 'idle', speechIndex: 3 })))).toEqual([]);
  });

  it('sends the chair’s video once the speeches are over, for the decision', () => {
    const over = round({ judges: PANEL_OF_FIVE, clock: { phase: 'finished', speechIndex: 10 } });
    expect(sorted(meshVideoSendersOf(over))).toEqual(['jo']);
  });

  it('keeps a seat for a judge not seated yet, as the media server does: eight debaters make nine', () => {
    // Four sides of two are British Parliamentary's; here two sides of four stand for eight debaters in any format.
    const eight = [
      ...['ann', 'ben', 'cal', 'dee'].map((id) => seat(id, 'a', null)),
      ...['eve', 'fay', 'gus', 'hal'].map((id) => seat(id, 'b', null)),
    ];
    const unjudged = round({ seats: eight, judges: [], clock: inSpeech(0) });
    expect(isSpeakerVideoOnly(unjudged)).toBe(true);
    // A side of debaters without positions: each of them holds every position of it, so all of side A's send.
    expect(sorted(meshVideoSendersOf(unjudged))).toEqual(['ann', 'ben', 'cal', 'dee']);
    expect(sorted(meshVideoSendersOf({ ...unjudged, clock: { ...unjudged.clock, phase: 'finished' } }))).toEqual([]);
  });

  it('draws the line at the cap’s floor: at nine, eight connections at 200 kbit/s are the whole budget', () => {
    expect(SPEAKER_VIDEO_PUBLISHERS).toBe(9);
    expect(videoCapFor(SPEAKER_VIDEO_PUBLISHERS)!.maxBitrate).toBe(MIN_VIDEO_BPS);
    expect((SPEAKER_VIDEO_PUBLISHERS - 1) * MIN_VIDEO_BPS).toBe(MESH_VIDEO_BUDGET_BPS);
    // One fewer still gets a share above the floor.
    expect(videoCapFor(SPEAKER_VIDEO_PUBLISHERS - 1)!.maxBitrate).toBeGreaterThan(MIN_VIDEO_BPS);
  });

  it('says on a silent person’s tile whose video shows, and nothing on a sender’s', () => {
    const at = (clock: Partial<TClockState>) => {
      const nine = round({ judges: PANEL_OF_FIVE, clock });
      return (userId: string | null) => audioOnlyOf(nine, meshVideoSendersOf(nine), userId);
    };
    expect(at(inSpeech(0))('ann')).toBeNull();
    expect(at(inSpeech(0))('ben')).toBe('Audio only: video shows the speaker');
    expect(at(inSpeech(0))('kim')).toBe('Audio only: video shows the speaker');
    expect(at(inSpeech(8))('jo')).toBe('Audio only: video shows the speakers');
    expect(at(inSpeech(8))('dan')).toBeNull();
    expect(at({ phase: 'prep', prepTaker: 'a' })('ann')).toBe('Audio only until the next speech');
    expect(at({ phase: 'finished', speechIndex: 10 })('ann')).toBe('Audio only: video shows the judge');
    expect(at({ phase: 'finished', speechIndex: 10 })('jo')).toBeNull();
    // A spectator (no account here) is never a sender; a round of fewer than nine has no silent tiles.
    expect(at(inSpeech(0))(null)).toBe('Audio only: video shows the speaker');
    const five = round({ clock: inSpeech(0) });
    expect(audioOnlyOf(five, meshVideoSendersOf(five), 'ben')).toBeNull();
  });

  it('shows no "nothing arrives" on a silent person’s tile, and every other quality as it is', () => {
    const good = judgeQuality([
      { at: 0, rttMs: 40, packetsLost: 0, packetsReceived: 100 },
      { at: 2000, rttMs: 40, packetsLost: 0, packetsReceived: 200 },
    ]);
    const line = 'Audio only until the next speech';
    expect(shownQuality(STALLED_QUALITY, line)).toBeUndefined();
    expect(shownQuality(good, line)).toBe(good);
    // Someone who sends video and from whom nothing arrives: the tile says so.
    expect(shownQuality(STALLED_QUALITY, null)).toBe(STALLED_QUALITY);
  });
});
