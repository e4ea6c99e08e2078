import { describe, expect, it } from 'vitest';
import {
  cameraChoiceValue,
  cameraOfSignal,
  helloAction,
  peersToDrop,
  isCameraChosenOn,
  isRepeatHello,
  isRoomSignal,
  offersTo,
  REPEAT_HELLO_MS,
  type TMediaPeer,
} from './media.js';
import { SPECTATOR_MEDIA_LIMIT, ZRtcSignal, type TMediaRole } from './protocol.js';

/** Every order of `items`. */
function permutations<T>(items: readonly T[]): T[][] {
  if (items.length <= 1) return [[...items]];
  return items.flatMap((item, i) =>
    permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [item, ...rest]),
  );
}

describe('the round media mesh', () => {
  /** Someone in the call: their role, and an account id named after it unless given. */
  const peer = (role: TMediaRole, userId: string = role): TMediaPeer => ({ role, userId });

  it('has exactly one offerer in every pair of participants, and spectators never offer', () => {
    const roles = ['a', 'b', 'judge', 'spectator'] as const;
    for (const me of roles) {
      for (const them of roles) {
        if (me === them) continue;
        expect(offersTo(peer(me), peer(them)) !== offersTo(peer(them), peer(me)), `${me}/${them}`).toBe(true);
      }
      expect(offersTo(peer('spectator'), peer(me))).toBe(false);
    }
  });

  it('has exactly one offerer between two partners of one side, whatever their ids', () => {
    for (const [first, second] of [
      ['ann', 'amy'],
      ['u-10', 'u-9'],
    ] as const) {
      for (const side of ['a', 'b'] as const) {
        const x = peer(side, first);
        const y = peer(side, second);
        expect(offersTo(x, y) !== offersTo(y, x), `${first}/${second}`).toBe(true);
        // One offers on hello, the other greets back (so the first offers): never both.
        expect([helloAction(x, y, 0, false), helloAction(y, x, 0, false)].sort()).toEqual(['greet', 'offer']);
      }
    }
    expect(offersTo(peer('a', 'ann'), peer('a', 'ann'))).toBe(false);
  });

  it('connects every pair of a round of two teams of two and a judge exactly once, whoever arrives first', () => {
    const people = [peer('a', 'ann'), peer('a', 'amy'), peer('b', 'bob'), peer('b', 'bea'), peer('judge', 'jo')];
    // Every order of arrival: each newcomer says hello to those there; each answers by offering or greeting back,
    // and a greeting makes the newcomer decide in turn (an offer or a greeting back: a second greeting is a bug).
    for (const order of permutations(people)) {
      const offers = new Map<string, number>();
      const offer = (from: TMediaPeer, to: TMediaPeer) => {
        // The offerer takes the answer, and the other answers (it would drop an offer from someone it offers to).
        expect(offersTo(from, to), `${from.userId} offers ${to.userId}`).toBe(true);
        expect(offersTo(to, from), `${to.userId} answers ${from.userId}`).toBe(false);
        const key = [from.userId, to.userId].sort().join('-');
        offers.set(key, (offers.get(key) ?? 0) + 1);
      };
      order.forEach((newcomer, i) => {
        for (const there of order.slice(0, i)) {
          const action = helloAction(there, newcomer, 0, false);
          if (action === 'offer') offer(there, newcomer);
          else if (action === 'greet') {
            expect(helloAction(newcomer, there, 0, false)).toBe('offer');
            offer(newcomer, there);
          } else throw new Error(`${there.userId} answered ${newcomer.userId}'s hello with ${action}`);
        }
      });
      expect(offers.size).toBe(10);
      expect([...offers.values()].every((n) => n === 1)).toBe(true);
    }
  });

  it('answers a hello by offering or greeting back, so whoever arrives second starts the call', () => {
    expect(helloAction(peer('a'), peer('b'), 0, false)).toBe('offer');
    expect(helloAction(peer('b'), peer('a'), 0, false)).toBe('greet');
    expect(helloAction(peer('judge'), peer('b'), 0, false)).toBe('greet');
    expect(helloAction(peer('b'), peer('judge'), 0, false)).toBe('offer');
    expect(helloAction(peer('spectator'), peer('judge'), 0, false)).toBe('greet');
    expect(helloAction(peer('spectator', 's1'), peer('spectator', 's2'), 0, false)).toBe('ignore');
    // A panel's judges each connect to the debaters, not to each other.
    expect(helloAction(peer('judge', 'j1'), peer('judge', 'j2'), 0, false)).toBe('ignore');
  });

  it('leaves spectators out of the mesh while the debaters do not let them watch, and back in when they do', () => {
    for (const participant of ['a', 'b', 'judge'] as const) {
      const me = peer(participant);
      expect(helloAction(me, peer('spectator'), 0, false, false)).toBe('ignore');
      expect(helloAction(peer('spectator'), me, 0, false, false)).toBe('ignore');
      expect(helloAction(me, peer('spectator'), 0, false, true)).toBe('offer');
      expect(helloAction(peer('spectator'), me, 0, false, true)).toBe('greet');
    }
    // The debaters and the judge still connect to each other.
    expect(helloAction(peer('a'), peer('b'), 0, false, false)).toBe('offer');
    expect(helloAction(peer('judge'), peer('a'), 0, false, false)).toBe('greet');
    const peers = [
      { userId: 'b', role: 'b' as const },
      { userId: 's1', role: 'spectator' as const },
      { userId: 'j', role: 'judge' as const },
      { userId: 's2', role: 'spectator' as const },
    ];
    expect(peersToDrop(peers, false)).toEqual(['s1', 's2']);
    expect(peersToDrop(peers, true)).toEqual([]);
  });

  it('sends to at most SPECTATOR_MEDIA_LIMIT spectators, and still reconnects one it already sends to', () => {
    expect(helloAction(peer('a'), peer('spectator'), SPECTATOR_MEDIA_LIMIT - 1, false)).toBe('offer');
    expect(helloAction(peer('a'), peer('spectator'), SPECTATOR_MEDIA_LIMIT, false)).toBe('full');
    expect(helloAction(peer('judge'), peer('spectator'), SPECTATOR_MEDIA_LIMIT, true)).toBe('offer');
    // The cap is for spectators only: a judge always gets through.
    expect(helloAction(peer('a'), peer('judge'), SPECTATOR_MEDIA_LIMIT + 3, false)).toBe('offer');
  });

  it('takes a hello from a second window as new however soon it comes, and only the same call’s as a repeat', () => {
    const existing = { role: 'b' as const, callId: 'first-window', startedAt: 1_000 };
    // Two hellos of one window crossing (its hello to the room and its greeting back) make one offer.
    expect(isRepeatHello(existing, { role: 'b', callId: 'first-window' }, 1_500)).toBe(true);
    expect(isRepeatHello(existing, { role: 'b', callId: 'first-window' }, 1_000 + REPEAT_HELLO_MS)).toBe(false);
    // The same person opening the round in another window a moment after connecting gets an offer of its own.
    expect(isRepeatHello(existing, { role: 'b', callId: 'second-window' }, 1_500)).toBe(false);
    // A spectator who takes the judge's seat starts afresh.
    expect(isRepeatHello(existing, { role: 'judge', callId: 'first-window' }, 1_500)).toBe(false);
    expect(isRepeatHello(undefined, { role: 'b', callId: 'first-window' }, 1_500)).toBe(false);
  });
});

describe('camera choice', () => {
  it('reads the camera state from a hello or a media signal, and nothing from the others', () => {
    expect(cameraOfSignal(ZRtcSignal.parse({ type: 'media', camera: false }))).toBe(false);
    expect(cameraOfSignal(ZRtcSignal.parse({ type: 'media', camera: true }))).toBe(true);
    expect(cameraOfSignal(ZRtcSignal.parse({ type: 'hello', callId: 'w', camera: false }))).toBe(false);
    expect(cameraOfSignal(ZRtcSignal.parse({ type: 'hello', callId: 'w' }))).toBeUndefined();
    expect(cameraOfSignal(ZRtcSignal.parse({ type: 'offer', sdp: 'v=0' }))).toBeUndefined();
  });

  it('accepts a media signal only with a boolean camera', () => {
    expect(ZRtcSignal.safeParse({ type: 'media' }).success).toBe(false);
    expect(ZRtcSignal.safeParse({ type: 'media', camera: 'off' }).success).toBe(false);
    expect(ZRtcSignal.safeParse({ type: 'hello', camera: 1 }).success).toBe(false);
  });

  it('lets only a hello and a camera change go to the whole room', () => {
    expect(isRoomSignal('hello')).toBe(true);
    expect(isRoomSignal('media')).toBe(true);
    for (const type of ['offer', 'answer', 'candidate', 'full'] as const) expect(isRoomSignal(type)).toBe(false);
  });

  it('starts with the camera on unless this browser remembered "off"', () => {
    expect(isCameraChosenOn(null)).toBe(true);
    expect(isCameraChosenOn('on')).toBe(true);
    expect(isCameraChosenOn('garbage')).toBe(true);
    expect(isCameraChosenOn(cameraChoiceValue(false))).toBe(false);
    expect(isCameraChosenOn(cameraChoiceValue(true))).toBe(true);
  });
});
