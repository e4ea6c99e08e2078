import { describe, expect, it } from 'vitest';
import { answerSignal, answersOffer, isOfferForEarlierCall, offerSignal } from './mesh-negotiation';

describe('keeping offers and answers apart', () => {
  it('tags an offer with its id and the call it is for, and the answer with the offer’s id', () => {
    expect(offerSignal('sdp', 'o1', 'c1')).toEqual({ type: 'offer', sdp: 'sdp', offerId: 'o1', toCallId: 'c1' });
    expect(offerSignal('sdp', 'o1', undefined)).toEqual({ type: 'offer', sdp: 'sdp', offerId: 'o1' });
    expect(answerSignal('sdp', 'o1')).toEqual({ type: 'answer', sdp: 'sdp', offerId: 'o1' });
    expect(answerSignal('sdp', undefined)).toEqual({ type: 'answer', sdp: 'sdp' });
  });

  it('takes only the answer to the offer waited on (or one from a browser older than ids)', () => {
    expect(answersOffer(answerSignal('sdp', 'o2'), 'o2')).toBe(true);
    expect(answersOffer(answerSignal('sdp', 'o1'), 'o2')).toBe(false);
    expect(answersOffer(answerSignal('sdp', undefined), 'o2')).toBe(true);
  });

  it('knows an offer made for an earlier call of this window', () => {
    expect(isOfferForEarlierCall(offerSignal('sdp', 'o1', 'c1'), 'c2')).toBe(true);
    expect(isOfferForEarlierCall(offerSignal('sdp', 'o1', 'c2'), 'c2')).toBe(false);
    expect(isOfferForEarlierCall(offerSignal('sdp', 'o1', undefined), 'c2')).toBe(false);
  });
});
