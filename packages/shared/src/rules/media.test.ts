import { describe, expect, it } from 'vitest';
import { isCallViaMediaServer, mediaPublishersOf, mediaPublisherSeats, speakersOf } from './media.js';

const round = { debaterAId: 'a', debaterBId: 'b', judgeId: null as string | null };

describe('a round’s media publishers', () => {
  it('are its speakers, side A first', () => {
    expect(speakersOf(round)).toEqual(['a', 'b']);
  });

  it('keep a seat for a judge not seated yet', () => {
    expect(mediaPublishersOf(round)).toEqual(['a', 'b']);
    expect(mediaPublisherSeats(round)).toBe(3);
  });

  it('count one judge once, even when the chair also heads the panel list', () => {
    const judged = { ...round, judgeId: 'j', panelJudgeIds: ['j'] };
    expect(mediaPublishersOf(judged)).toEqual(['a', 'b', 'j']);
    expect(mediaPublisherSeats(judged)).toBe(3);
  });

  it('take every judge of a three-judge panel: five publishers', () => {
    const panel = { ...round, judgeId: 'j1', panelJudgeIds: ['j1', 'j2', 'j3'] };
    expect(mediaPublishersOf(panel)).toEqual(['a', 'b', 'j1', 'j2', 'j3']);
    expect(mediaPublisherSeats(panel)).toBe(5);
  });

  it('meet through the media server beyond three seats: teams of two, or a panel of three', () => {
    expect(isCallViaMediaServer(round)).toBe(false);
    expect(isCallViaMediaServer({ ...round, judgeId: 'j' })).toBe(false);
    const teams = { ...round, debaterIds: ['a', 'a2', 'b', 'b2'] };
    expect(isCallViaMediaServer(teams)).toBe(true);
    expect(isCallViaMediaServer({ ...teams, judgeId: 'j' })).toBe(true);
    expect(isCallViaMediaServer({ ...round, judgeId: 'j1', panelJudgeIds: ['j1', 'j2', 'j3'] })).toBe(true);
  });
});
