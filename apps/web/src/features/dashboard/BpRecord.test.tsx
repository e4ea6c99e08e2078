import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { BpRecord } from './BpRecord';

const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

describe('a debater’s British Parliamentary record on the dashboard', () => {
  it('shows the team points, the places and the latest room', () => {
    const html = renderToStaticMarkup(
      <dl>
        <BpRecord
          record={{
            rounds: 2,
            teamPoints: 5,
            places: [1, 1, 0, 0],
            last: { debateId: 9, team: 'cg', rank: 2, teamPoints: 2, speakerPoints: 151 },
          }}
        />
      </dl>,
    );
    expect(textOf(html)).toBe(
      'British Parliamentary 5 team points in 2 rooms Places: 1 first, 1 second, 0 third, 0 fourth ' +
        'Last room: second as Closing Government, 2 team points, 151 speaker points',
    );
  });

  it('says one point and one room in the singular, and nothing of a last room without one', () => {
    const html = renderToStaticMarkup(
      <dl>
        <BpRecord record={{ rounds: 1, teamPoints: 1, places: [0, 0, 1, 0], last: null }} />
      </dl>,
    );
    expect(textOf(html)).toContain('1 team point in 1 room');
    expect(html).not.toContain('Last room');
  });
});
