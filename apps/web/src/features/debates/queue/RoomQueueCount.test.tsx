import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { RoomQueueCount } from './QueueWaiting';

const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, '')
    .replace(/\s+/g, ' ')
    .trim();

describe('the waiting card of a British Parliamentary queue', () => {
  it('counts the teams waiting of the four the room needs', () => {
    expect(
      textOf(renderToStaticMarkup(<RoomQueueCount room={{ teams: 2, teamsNeeded: 4, withoutPartner: 0 }} />)),
    ).toBe('2 of 4 teams waiting.');
  });

  it('says when a debater still waits for a partner', () => {
    expect(
      textOf(renderToStaticMarkup(<RoomQueueCount room={{ teams: 3, teamsNeeded: 4, withoutPartner: 1 }} />)),
    ).toBe('3 of 4 teams waiting, and 1 debater waiting for a partner.');
  });
});
