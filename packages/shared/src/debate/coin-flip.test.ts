import { describe, expect, it } from 'vitest';
import { FORMATS } from '../formats.js';
import { coinFlipChoiceRefusal } from '../rules/coin-flip.js';
import { coinFlipSeats, coinFlipStep, coinFlipText, isCoinFlipPending, type TCoinFlip } from './coin-flip.js';
import { createClock, currentSpeech, endSpeech, startSpeech } from './clock.js';
import { clockRefusal } from './clock-rules.js';

const seats = { a: 'alex', b: 'sam' };
const flip = (winnerChoice: TCoinFlip['winnerChoice'], loserChoice: TCoinFlip['loserChoice'] = null): TCoinFlip => ({
  winnerId: 'alex',
  winnerChoice,
  loserChoice,
});
const round = { status: 'live' as const, debaterAId: 'alex', debaterBId: 'sam', hasClockRun: false };

describe('coin flip steps', () => {
  it('waits for the winner, then the other debater', () => {
    expect(coinFlipStep(flip(null))).toBe('winner');
    expect(coinFlipStep(flip('neg'))).toBe('loser');
    expect(coinFlipStep(flip('neg', 'first'))).toBe('done');
    expect(isCoinFlipPending(null)).toBe(false);
    expect(isCoinFlipPending(flip('first'))).toBe(true);
    expect(isCoinFlipPending(flip('first', 'aff'))).toBe(false);
  });
});

describe('coinFlipSeats', () => {
  it('moves the winner at once to the side they chose', () => {
    expect(coinFlipSeats(seats, flip('neg'))).toEqual({ isSwap: true, firstSide: null });
    expect(coinFlipSeats(seats, flip('aff'))).toEqual({ isSwap: false, firstSide: null });
    expect(coinFlipSeats({ a: 'sam', b: 'alex' }, flip('aff'))).toEqual({ isSwap: true, firstSide: null });
  });

  it('waits for the side when the winner chose the order', () => {
    expect(coinFlipSeats(seats, flip('second'))).toEqual({ isSwap: false, firstSide: null });
  });

  it('settles the seats and who speaks first once both have chosen', () => {
    // Alex chose Con (already seated there after the first choice); Sam chose to speak first: Pro first.
    expect(coinFlipSeats({ a: 'sam', b: 'alex' }, flip('neg', 'first'))).toEqual({ isSwap: false, firstSide: 'a' });
    // Alex chose Con; Sam chose to speak second: Con (Alex) first.
    expect(coinFlipSeats({ a: 'sam', b: 'alex' }, flip('neg', 'second'))).toEqual({ isSwap: false, firstSide: 'b' });
    // Alex chose to speak second; Sam chose Pro: Sam moves to Pro and speaks first.
    expect(coinFlipSeats(seats, flip('second', 'aff'))).toEqual({ isSwap: true, firstSide: 'a' });
    // Alex chose to speak first; Sam chose Pro: Alex moves to Con, which speaks first.
    expect(coinFlipSeats(seats, flip('first', 'aff'))).toEqual({ isSwap: true, firstSide: 'b' });
    // Alex chose to speak first; Sam chose Con: Alex stays Pro, Pro first.
    expect(coinFlipSeats(seats, flip('first', 'neg'))).toEqual({ isSwap: false, firstSide: 'a' });
  });

  it('refuses two choices of one kind', () => {
    expect(coinFlipSeats(seats, flip('aff', 'neg'))).toBeNull();
    expect(coinFlipSeats(seats, flip('first', 'second'))).toBeNull();
  });
});

describe('coinFlipChoiceRefusal', () => {
  it('lets the winner choose anything first, and only the winner', () => {
    for (const pick of ['aff', 'neg', 'first', 'second'] as const) {
      expect(coinFlipChoiceRefusal(flip(null), round, 'alex', pick)).toBeNull();
    }
    expect(coinFlipChoiceRefusal(flip(null), round, 'sam', 'aff')?.reason).toBe('coin_flip_turn');
    expect(coinFlipChoiceRefusal(flip(null), round, 'judge', 'aff')).toMatchObject({
      code: 'forbidden',
      reason: 'coin_flip_turn',
      message: 'Only the round’s debaters make the coin flip choices.',
    });
  });

  it('then lets the other debater make the other kind of choice', () => {
    expect(coinFlipChoiceRefusal(flip('neg'), round, 'sam', 'first')).toBeNull();
    expect(coinFlipChoiceRefusal(flip('neg'), round, 'sam', 'aff')).toMatchObject({
      code: 'conflict',
      reason: 'coin_flip_same_kind',
      message: 'Your opponent chose a side: choose to speak first or second.',
    });
    expect(coinFlipChoiceRefusal(flip('first'), round, 'sam', 'second')?.message).toBe(
      'Your opponent chose the speaking order: choose Pro or Con.',
    );
    expect(coinFlipChoiceRefusal(flip('neg'), round, 'alex', 'first')?.reason).toBe('coin_flip_turn');
  });

  it('refuses a third choice, a round without a flip and a round whose clock has run', () => {
    expect(coinFlipChoiceRefusal(flip('neg', 'first'), round, 'sam', 'first')?.reason).toBe('coin_flip_made');
    expect(coinFlipChoiceRefusal(null, round, 'alex', 'aff')?.reason).toBe('no_coin_flip');
    expect(coinFlipChoiceRefusal(flip(null), { ...round, hasClockRun: true }, 'alex', 'aff')?.reason).toBe(
      'coin_flip_closed',
    );
  });
});

describe('coinFlipChoiceRefusal in a round of teams', () => {
  const teams = {
    ...round,
    seats: [
      { userId: 'alex', side: 'a' },
      { userId: 'ann', side: 'a' },
      { userId: 'sam', side: 'b' },
      { userId: 'sue', side: 'b' },
    ],
  };

  it('lets any member of the winning team choose first, and any member of the other team next', () => {
    expect(coinFlipChoiceRefusal(flip(null), teams, 'ann', 'first')).toBeNull();
    expect(coinFlipChoiceRefusal(flip(null), teams, 'sue', 'aff')?.reason).toBe('coin_flip_turn');
    expect(coinFlipChoiceRefusal(flip('first'), teams, 'sue', 'neg')).toBeNull();
    expect(coinFlipChoiceRefusal(flip('first'), teams, 'ann', 'neg')?.reason).toBe('coin_flip_turn');
    expect(coinFlipChoiceRefusal(flip(null), teams, 'judge', 'aff')?.message).toBe(
      'Only the round’s debaters make the coin flip choices.',
    );
  });

  it('without the seats, reads each side as its first debater alone', () => {
    expect(coinFlipChoiceRefusal(flip(null), round, 'ann', 'first')?.reason).toBe('coin_flip_turn');
  });
});

describe('coinFlipText', () => {
  const names = (userId: string) => (userId === 'alex' ? 'Alex' : 'Sam');
  const { sides } = FORMATS.pf;
  it('says who won and what each chose', () => {
    expect(coinFlipText(flip(null), 'sam', names, sides)).toBe(
      'Alex won the coin flip and chooses a side or the speaking order.',
    );
    expect(coinFlipText(flip('neg'), 'sam', names, sides)).toBe(
      'Alex won the coin flip and chose Con; Sam chooses the speaking order next.',
    );
    expect(coinFlipText(flip('neg', 'first'), 'sam', names, sides)).toBe(
      'Alex won the coin flip and chose Con; Sam chose to speak first.',
    );
    expect(coinFlipText(flip('second', 'aff'), 'sam', names, sides)).toBe(
      'Alex won the coin flip and chose to speak second; Sam chose Pro.',
    );
  });

  it('names a team by its members, with the verb for them', () => {
    const teamNames = (userId: string) => (userId === 'alex' ? 'Alex and Ann' : 'Sam and Sue');
    const isTeam = () => true;
    expect(coinFlipText(flip(null), 'sam', teamNames, sides, isTeam)).toBe(
      'Alex and Ann won the coin flip and choose a side or the speaking order.',
    );
    expect(coinFlipText(flip('first'), 'sam', teamNames, sides, isTeam)).toBe(
      'Alex and Ann won the coin flip and chose to speak first; Sam and Sue choose a side next.',
    );
  });
});

describe('a Con-first clock', () => {
  it('runs Con’s speech before Pro’s in each pair, and the rules follow it', () => {
    let clock = createClock('pf', { firstSide: 'b' });
    expect(currentSpeech(clock)?.id).toBe('con-constructive');
    expect(clockRefusal('pf', clock, { side: 'a', isJudge: false }, 'start_speech')).toBe(
      'The Con starts and ends this speech.',
    );
    expect(clockRefusal('pf', clock, { side: 'b', isJudge: false }, 'start_speech')).toBeNull();
    clock = endSpeech(startSpeech(clock, 0), 1000);
    expect(currentSpeech(clock)?.id).toBe('pro-constructive');
    clock = endSpeech(startSpeech(clock, 2000), 3000);
    expect(currentSpeech(clock)?.id).toBe('crossfire-1');
  });
});
