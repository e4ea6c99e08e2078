/**
 * The speaker tab of a tournament of teams (issue 40): each debater's own speaker points over the rounds their team
 * played, apart from the team tab, as Tabbycat keeps a speaker standing beside the team standing.
 *
 * Ranking order: (1) total speaker points with the high-low drop (the team tab's rule, `speakerPointsOf`: a debater
 * with 3 or more scored rounds loses their single highest and single lowest); (2) average points per scored round;
 * debaters still tied share a rank, listed by id. A round the debater's team won by a bye or a forfeit scores the
 * debater's own average, as the team tab does; a round lost without points scores 0; a round the debater did not
 * speak in (a partner replaced them, audited) is not theirs at all.
 */
import { speakerPointsOf, type TScore } from './standings.js';

/** One debater's score in one round of their team. */
export interface TSpeakerScore {
  speakerId: string;
  /** The team (entrant) they spoke for. */
  entrantId: string;
  /** The points the ballot gave them, or `'average'` for a bye or a win without points; 0 for a loss without. */
  score: TScore;
}

export interface TSpeakerStanding {
  speakerId: string;
  entrantId: string;
  /** 1 is first; tied debaters share a rank and the next rank skips (1, 2, 2, 4). */
  rank: number;
  /** Total speaker points, after the high-low drop when `isHighLowDropped`. */
  speakerPoints: number;
  isHighLowDropped: boolean;
  /** Mean of the points given (byes and forfeits aside); 0 when none. */
  averagePoints: number;
  /** Rounds the debater was scored in, byes included. */
  rounds: number;
}

const EPSILON = 1e-9;

function compare(a: TSpeakerStanding, b: TSpeakerStanding): number {
  if (Math.abs(a.speakerPoints - b.speakerPoints) > EPSILON) return b.speakerPoints - a.speakerPoints;
  if (Math.abs(a.averagePoints - b.averagePoints) > EPSILON) return b.averagePoints - a.averagePoints;
  return 0;
}

/**
 * The speaker standings of every debater named in `scores`, best first. A debater who spoke for two teams (moved by
 * the host) is listed under the team of their latest score.
 */
export function computeSpeakerTab(scores: readonly TSpeakerScore[]): TSpeakerStanding[] {
  const bySpeaker = new Map<string, { entrantId: string; scores: TScore[] }>();
  for (const s of scores) {
    const tally = bySpeaker.get(s.speakerId) ?? { entrantId: s.entrantId, scores: [] };
    tally.entrantId = s.entrantId;
    tally.scores.push(s.score);
    bySpeaker.set(s.speakerId, tally);
  }
  const rows: TSpeakerStanding[] = [...bySpeaker].map(([speakerId, tally]) => {
    const given = tally.scores.filter((x): x is number => x !== 'average');
    const points = speakerPointsOf(tally.scores);
    return {
      speakerId,
      entrantId: tally.entrantId,
      rank: 0,
      speakerPoints: points.total,
      isHighLowDropped: points.isHighLowDropped,
      averagePoints: given.length === 0 ? 0 : given.reduce((a, b) => a + b, 0) / given.length,
      rounds: tally.scores.length,
    };
  });
  rows.sort((a, b) => compare(a, b) || (a.speakerId < b.speakerId ? -1 : a.speakerId > b.speakerId ? 1 : 0));
  rows.forEach((row, i) => {
    const previous = rows[i - 1];
    row.rank = previous && compare(previous, row) === 0 ? previous.rank : i + 1;
  });
  return rows;
}
