import { describe, expect, it } from 'vitest';
import { emptyRatingChartText, noFormatRatingsText } from './rating-words';

describe('rating words before a rating', () => {
  it('says the chart waits for a judged round that counts, and why the judged ones so far did not', () => {
    expect(emptyRatingChartText([])).toBe(
      'The rating chart starts after the first judged round that counts for points.',
    );
    expect(emptyRatingChartText([{ rule: 'speech_share', spokenShare: 0.12 }])).toBe(
      'The rating chart starts after the first judged round that counts for points. The judged round so far did ' +
        'not: speeches ran 12% of their time; a round counts from 50%.',
    );
    expect(emptyRatingChartText([{ rule: 'same_pair' }, { rule: 'speech_share', spokenShare: 0.3 }])).toBe(
      'The rating chart starts after the first judged round that counts for points. The judged rounds so far did ' +
        'not; the latest: these two debaters already earned points from a round in the last 24 hours; a pair ' +
        'counts once every 24 hours.',
    );
  });

  it('never says a format has no judged debates, only no ratings', () => {
    expect(noFormatRatingsText('ld')).toBe(
      'No Lincoln Douglas ratings yet: a rating starts with a judged round that counts for points.',
    );
  });
});
