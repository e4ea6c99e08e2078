import { useState } from 'react';
import { Hand } from 'lucide-react';
import {
  speechesOfClock,
  POI_ANSWER_SECONDS,
  POI_OFFER_LAPSES_MS,
  poiAnswerRefusal,
  poiRefusal,
  type TDebate,
  type TPoi,
  type TPoiKind,
  type TSideKey,
} from '@resolved/shared';
import { replyData, request } from '../../../lib/socket';
import { toast } from '../../../lib/toast';
import { errorMessage } from '../../../lib/form-errors';
import { buttonClass } from '../../../ui/button-styles';
import { useNow } from '../../../lib/useNow';
import { serverNow } from '../room/server-time';

/**
 * Parliamentary points in the room: the other side offers a point of information while the clock's window is open
 * (or rises on a point of order in a rebuttal); the speaker accepts or declines; an accepted POI shows its
 * 15-second answer timer to everyone; the round keeps the count.
 */
export function PoiPanel({
  debate,
  side,
  position = null,
  onPoi,
}: {
  debate: TDebate;
  side: TSideKey | null;
  /** The viewer's speaker position on a side of two or three (null: a side of one, every position of it). */
  position?: string | null;
  onPoi: (poi: TPoi) => void;
}) {
  const [isBusy, setIsBusy] = useState(false);
  const clock = debate.clock;
  const speech = clock.phase === 'speech' ? speechesOfClock(clock)[clock.speechIndex] : undefined;
  const isRunning = !!speech && !clock.isPaused && debate.status === 'live';
  const now = useNow(isRunning, 250, serverNow);
  const current = debate.pois.filter((p) => p.speechIndex === clock.speechIndex && clock.phase === 'speech');
  const waiting = current.find((p) => p.status === 'offered' && now - Date.parse(p.offeredAt) < POI_OFFER_LAPSES_MS);
  const answering = current.find(
    (p) => p.status === 'accepted' && p.answeredAt && now - Date.parse(p.answeredAt) < POI_ANSWER_SECONDS * 1000,
  );
  // The speaker (by position: never their partner) accepts or declines; any member of the other side offers.
  const isSpeaker = !!side && !!speech && poiAnswerRefusal(debate.formatId, clock, { side, position }) === null;
  const isSpeakersSide = !!side && speech?.speaker === side;
  const canOffer = (kind: TPoiKind) => poiRefusal(debate.formatId, clock, now, side, kind) === null;
  const offered = debate.pois.filter((p) => p.kind === 'poi');
  // Whether the window is open, as the side that may offer sees it (everyone in the room sees the same).
  const offeringSide: TSideKey | null = speech?.speaker === 'a' ? 'b' : speech?.speaker === 'b' ? 'a' : null;
  const windowText = poiRefusal(debate.formatId, clock, now, offeringSide, 'poi') ?? 'Points of information are open.';

  async function send(run: () => ReturnType<typeof request<'debate.offer_poi'>>) {
    setIsBusy(true);
    try {
      onPoi(replyData(await run()).poi);
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setIsBusy(false);
    }
  }

  if (!speech?.allowsPoi && !speech?.allowsPointOfOrder && offered.length === 0) return null;
  return (
    <section
      aria-label="Points of information"
      className="rounded-xl bg-slate-800 p-3 text-sm text-slate-100"
      data-testid="poi-panel"
    >
      {answering ? (
        <p className="font-semibold text-amber-300" data-testid="poi-timer" role="timer">
          Point of information:{' '}
          {Math.max(0, POI_ANSWER_SECONDS - Math.floor((now - Date.parse(answering.answeredAt!)) / 1000))} s to ask and
          answer
        </p>
      ) : waiting ? (
        isSpeaker ? (
          <div className="flex flex-wrap items-center gap-2">
            <p className="font-semibold">The other side offers a point of information.</p>
            <button
              type="button"
              className={buttonClass('inverse')}
              disabled={isBusy}
              onClick={() =>
                void send(() => request('debate.answer_poi', { debateId: debate.id, poiId: waiting.id, accept: true }))
              }
            >
              Accept
            </button>
            <button
              type="button"
              className={buttonClass('inverse-outline')}
              disabled={isBusy}
              onClick={() =>
                void send(() => request('debate.answer_poi', { debateId: debate.id, poiId: waiting.id, accept: false }))
              }
            >
              Decline
            </button>
          </div>
        ) : (
          <p className="font-semibold">Point of information offered: waiting for the speaker.</p>
        )
      ) : speech?.allowsPoi && isRunning ? (
        <p data-testid="poi-window">{windowText}</p>
      ) : null}
      {side && !isSpeakersSide && isRunning ? (
        <div className="mt-2 flex flex-wrap gap-2">
          {speech?.allowsPoi ? (
            <button
              type="button"
              className={buttonClass('inverse')}
              disabled={isBusy || !!waiting || !canOffer('poi')}
              onClick={() => void send(() => request('debate.offer_poi', { debateId: debate.id, kind: 'poi' }))}
            >
              <Hand className="h-4 w-4" aria-hidden="true" /> Offer a point of information
            </button>
          ) : null}
          {speech?.allowsPointOfOrder ? (
            <button
              type="button"
              className={buttonClass('inverse-outline')}
              disabled={isBusy}
              onClick={() => void send(() => request('debate.offer_poi', { debateId: debate.id, kind: 'order' }))}
            >
              Point of order
            </button>
          ) : null}
        </div>
      ) : null}
      <p className="mt-2 text-xs text-slate-300" data-testid="poi-count">
        Points of information: {offered.length} offered, {offered.filter((p) => p.status === 'accepted').length}{' '}
        accepted
        {debate.pois.some((p) => p.kind === 'order')
          ? ` · points of order: ${debate.pois.filter((p) => p.kind === 'order').length}`
          : ''}
      </p>
    </section>
  );
}
