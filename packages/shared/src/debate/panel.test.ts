import { describe, expect, it } from 'vitest';
import {
  panelBallotRefusal,
  panelDebaterPoints,
  panelDecision,
  panelMajority,
  panelVotes,
  type TPanelVote,
} from './panel.js';

const vote = (judgeId: string, winnerSide: 'a' | 'b', a = 280, b = 270): TPanelVote => ({
  judgeId,
  winnerSide,
  speakerPoints: { a, b },
});

describe('a panel’s decision', () => {
  it('needs more than half of the seated panel', () => {
    expect(panelMajority(3)).toBe(2);
    expect(panelMajority(2)).toBe(2);
    expect(panelMajority(1)).toBe(1);
  });

  it('waits for two agreeing ballots of three, then decides by them', () => {
    expect(panelDecision([], 3)).toBeNull();
    expect(panelDecision([vote('j1', 'a')], 3)).toBeNull();
    expect(panelDecision([vote('j1', 'a'), vote('j2', 'b')], 3)).toBeNull();
    const split = panelDecision([vote('j1', 'a', 281, 270), vote('j2', 'b', 270, 290), vote('j3', 'a', 284, 272)], 3);
    expect(split).toEqual({ winnerSide: 'a', majorityJudgeIds: ['j1', 'j3'], speakerPoints: { a: 283, b: 271 } });
    expect(panelDecision([vote('j1', 'b'), vote('j2', 'b')], 3)?.winnerSide).toBe('b');
    expect(panelVotes([vote('j1', 'b'), vote('j2', 'a'), vote('j3', 'b')])).toEqual({ a: 1, b: 2 });
  });
});

describe('who submits a panel ballot', () => {
  const round = (over: Partial<Parameters<typeof panelBallotRefusal>[1]> = {}) => ({
    status: 'awaiting_ballot' as const,
    panelJudgeIds: ['j1', 'j2', 'j3'],
    submittedJudgeIds: [] as string[],
    isPastDeadline: false,
    ...over,
  });
  const j1 = { id: 'j1', role: 'user' as const };

  it('takes one ballot from each seated judge, after the last speech', () => {
    expect(panelBallotRefusal(j1, round())).toBeNull();
    expect(panelBallotRefusal({ id: 'x', role: 'user' }, round())?.reason).toBe('not_in_round');
    expect(panelBallotRefusal(null, round())?.reason).toBe('not_in_round');
    expect(panelBallotRefusal(j1, round({ status: 'live' }))?.reason).toBe('ballot_not_open');
    expect(panelBallotRefusal(j1, round({ submittedJudgeIds: ['j1'] }))?.reason).toBe('ballot_submitted');
  });

  it('keeps a late ballot after the decision until the deadline, not after another ending', () => {
    expect(panelBallotRefusal(j1, round({ status: 'judged' }))).toBeNull();
    expect(panelBallotRefusal(j1, round({ status: 'judged', isPastDeadline: true }))?.reason).toBe('already_decided');
    expect(panelBallotRefusal(j1, round({ status: 'completed' }))?.reason).toBe('already_decided');
    expect(panelBallotRefusal(j1, round({ status: 'forfeited' }))?.reason).toBe('already_decided');
  });
});

describe('a panel decision’s points per debater', () => {
  const vote = (judgeId: string, userId: string, side: string, points: number, rank: number | null = null) => ({
    judgeId,
    userId,
    side,
    points,
    rank,
  });
  const votes = [
    ...[
      ['a1', 'a', 285],
      ['a2', 'a', 280],
      ['b1', 'b', 270],
      ['b2', 'b', 275],
    ].map(([u, s, p]) => vote('j1', u as string, s as string, p as number, 1)),
    ...[
      ['a1', 'a', 290],
      ['a2', 'a', 283],
      ['b1', 'b', 272],
      ['b2', 'b', 260],
    ].map(([u, s, p]) => vote('j2', u as string, s as string, p as number, 2)),
    // The dissenting judge's points never count.
    ...['a1', 'a2', 'b1', 'b2'].map((u) => vote('j3', u, u.startsWith('a') ? 'a' : 'b', 300)),
  ];

  it('gives every debater the mean of the majority’s points, to a tenth, and no rank', () => {
    expect(panelDebaterPoints(['j1', 'j2'], votes)).toEqual([
      { userId: 'a1', side: 'a', points: 288, rank: null },
      { userId: 'a2', side: 'a', points: 282, rank: null },
      { userId: 'b1', side: 'b', points: 271, rank: null },
      { userId: 'b2', side: 'b', points: 268, rank: null },
    ]);
  });

  it('gives none when a judge of the majority scored no debater (the side points stand)', () => {
    expect(panelDebaterPoints(['j1', 'j4'], votes)).toEqual([]);
    expect(panelDebaterPoints([], votes)).toEqual([]);
  });
});
