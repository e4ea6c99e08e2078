import type { TMediaRole, TRtcSignal } from '@resolved/shared';

/**
 * How the two ends of one mesh connection keep their offers and answers apart, so that a start crossing another
 * (a spectator's call started twice in a moment, a switch turned off and on, an ICE restart) never pairs an answer
 * with the wrong offer: every offer carries a new `offerId` and the peer's call it is for (`toCallId`); the answer
 * repeats the `offerId`. Pure, so the rules are tested on plain values.
 */

type TOffer = Extract<TRtcSignal, { type: 'offer' }>;
type TAnswer = Extract<TRtcSignal, { type: 'answer' }>;

/** Our hello: a sender says whether its camera is on, so whoever it meets shows video or a placeholder. */
export function helloSignal(session: { role: TMediaRole; callId: string }, isCameraOff: boolean): TRtcSignal {
  return session.role !== 'spectator'
    ? { type: 'hello', callId: session.callId, camera: !isCameraOff }
    : { type: 'hello', callId: session.callId };
}

/** An offer tagged with its id and, when known, the peer's call it is for. */
export function offerSignal(sdp: string, offerId: string, toCallId: string | undefined): TOffer {
  return { type: 'offer', sdp, offerId, ...(toCallId ? { toCallId } : {}) };
}

/** The answer to an offer, naming that offer (when it had an id: a browser older than ids sends none). */
export function answerSignal(sdp: string, offerId: string | undefined): TAnswer {
  return { type: 'answer', sdp, ...(offerId ? { offerId } : {}) };
}

/**
 * Whether an offer was made for an earlier call of this window (the call started again since): it is not answered,
 * and the window says hello to that peer instead, which gets it an offer for the call it has now.
 */
export function isOfferForEarlierCall(offer: TOffer, myCallId: string): boolean {
  return offer.toCallId !== undefined && offer.toCallId !== myCallId;
}

/**
 * Whether an answer belongs to the offer this connection is waiting on: not when it names another offer (an older
 * one, of a connection since replaced or restarted). An answer without an id (an older browser) is taken as before.
 */
export function answersOffer(answer: TAnswer, pendingOfferId: string | null): boolean {
  return answer.offerId === undefined || answer.offerId === pendingOfferId;
}
