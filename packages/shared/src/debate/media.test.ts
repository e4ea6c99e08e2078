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
} from './media.js';
import { SPECTATOR_MEDIA_LIMIT, ZRtcSignal } from './protocol.js';

describe('the round media mesh', () => {
  it('has exactly one offerer in every pair of participants, and spectators never offer', () => {
    const roles = ['a', 'b', 'judge', 'spectator'] as const;
    for (const me of roles) {
      for (const them of roles) {
        if (me === them) continue;
        expect(offersTo(me, them) !== offersTo(them, me), `${me}/${them}`).toBe(true);
      }
      expect(offersTo('spectator', me)).toBe(false);
    }
  });

  it('answers a hello by offering or greeting back, so whoever arrives second starts the call', () => {
    expect(helloAction('a', 'b', 0, false)).toBe('offer');
    expect(helloAction('b', 'a', 0, false)).toBe('greet');
    expect(helloAction('judge', 'b', 0, false)).toBe('greet');
    expect(helloAction('b', 'judge', 0, false)).toBe('offer');
    expect(helloAction('spectator', 'judge', 0, false)).toBe('greet');
    expect(helloAction('spectator', 'spectator', 0, false)).toBe('ignore');
    // A panel's judges each connect to the debaters, not to each other.
    expect(helloAction('judge', 'judge', 0, false)).toBe('ignore');
  });

  it('leaves spectators out of the mesh while the debaters do not let them watch, and back in when they do', () => {
    for (const participant of ['a', 'b', 'judge'] as const) {
      expect(helloAction(participant, 'spectator', 0, false, false)).toBe('ignore');
      expect(helloAction('spectator', participant, 0, false, false)).toBe('ignore');
      expect(helloAction(participant, 'spectator', 0, false, true)).toBe('offer');
      expect(helloAction('spectator', participant, 0, false, true)).toBe('greet');
    }
    // The debaters and the judge still connect to each other.
    expect(helloAction('a', 'b', 0, false, false)).toBe('offer');
    expect(helloAction('judge', 'a', 0, false, false)).toBe('greet');
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
    expect(helloAction('a', 'spectator', SPECTATOR_MEDIA_LIMIT - 1, false)).toBe('offer');
    expect(helloAction('a', 'spectator', SPECTATOR_MEDIA_LIMIT, false)).toBe('full');
    expect(helloAction('judge', 'spectator', SPECTATOR_MEDIA_LIMIT, true)).toBe('offer');
    // The cap is for spectators only: a judge always gets through.
    expect(helloAction('a', 'judge', SPECTATOR_MEDIA_LIMIT + 3, false)).toBe('offer');
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
