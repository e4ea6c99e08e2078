import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { createClock, type TDebate, type TDebateSeat, type TFormatId } from '@resolved/shared';
import { SpeechSchedule } from './SpeechSchedule';

const rating = { rating: 1500, deviation: 350, isProvisional: true, games: 0 };
const seat = (userId: string, side: 'a' | 'b', position: string | null): TDebateSeat => ({
  userId,
  displayName: userId.toUpperCase(),
  rating,
  side,
  position,
});

function round(formatId: TFormatId, seats: TDebateSeat[]) {
  return {
    formatId,
    debaters: { a: seats.find((s) => s.side === 'a')!, b: seats.find((s) => s.side === 'b')! },
    seats,
    clock: createClock(formatId),
  } as unknown as TDebate;
}

/** Each schedule row's text, its parts joined by a space (tags dropped). */
function rowsOf(debate: TDebate): string[] {
  const html = renderToStaticMarkup(<SpeechSchedule debate={debate} />);
  return html
    .split('<li')
    .slice(1)
    .map((row) =>
      row
        .replace(/^[^>]*>/, '')
        .replace(/<[^>]+>/g, ' ')
        .replace(/&#x27;|&#39;/g, "'")
        .replace(/\s+/g, ' ')
        .trim(),
    );
}

describe('the speech schedule', () => {
  it('names each Policy speech’s position and debater, and each cross-examination’s asker and answerer', () => {
    const seats = [seat('ann', 'a', '1a'), seat('ben', 'a', '2a'), seat('cat', 'b', '1n'), seat('dan', 'b', '2n')];
    const [first, cx] = rowsOf(round('policy', seats));
    expect(first).toContain('1AC · First Affirmative Constructive');
    expect(first).toContain('First Affirmative · 8 min');
    expect(first).toMatch(/ANN$/);
    expect(cx).toContain('Second Negative asks, First Affirmative answers · 3 min');
    expect(cx).toMatch(/ANN and DAN$/);
  });

  it('offers a World Schools reply to the first or second speaker, never the third', () => {
    const seats = ['1', '2', '3'].flatMap((n) => [
      seat(`p${n}`, 'a', ['first', 'second', 'third'][Number(n) - 1]!),
      seat(`o${n}`, 'b', ['first', 'second', 'third'][Number(n) - 1]!),
    ]);
    const all = rowsOf(round('ws', seats));
    expect(all).toHaveLength(8);
    const reply = all[6]!;
    expect(reply).toMatch(/O1 and O2$/);
    expect(reply).not.toContain('O3');
  });

  it('shows the side alone in a round of one debater a side', () => {
    const [first] = rowsOf(round('ld', [seat('ann', 'a', null), seat('ben', 'b', null)]));
    expect(first).toContain('AC · Affirmative Constructive');
    expect(first).toContain('Affirmative · 6 min');
    expect(first!).not.toContain('ANN');
  });
});
