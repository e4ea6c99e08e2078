import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Gavel } from 'lucide-react';
import {
  BP_PRACTICE_WINGS_MAX,
  bpWingRefusal,
  canJudge,
  judgeRefusal,
  seatsOfDebate,
  type TDebate,
  type TSideKey,
} from '@resolved/shared';
import { useAuth } from '../../auth/useAuth';
import { toast } from '../../../lib/toast';
import { errorMessage } from '../../../lib/form-errors';
import { buttonClass } from '../../../ui/button-styles';
import { inviteJudge, takeJudgeSeat } from '../debates-queries';
import { JudgeParadigm } from './JudgeParadigm';

/**
 * The judge's seat: who holds it; "Judge this debate" for anyone while it is free and live; a debater's "Invite a
 * judge" link (the seat is then kept for its holder, who may also arrive after the last speech to write the ballot).
 * A British Parliamentary practice room seats a panel: once the chair is seated, "Join the panel as a wing" for up to
 * two more judges (the chair alone gives the ballot).
 */
export function JudgeSeat({
  debate,
  side,
  isSignedIn,
  onChange,
}: {
  debate: TDebate;
  side: TSideKey | null;
  isSignedIn: boolean;
  onChange: (debate: TDebate) => void;
}) {
  const [params] = useSearchParams();
  const invite = params.get('judgeInvite') ?? undefined;
  const [inviteLink, setInviteLink] = useState<string>();
  const { user } = useAuth();
  // The age band and verified-judge flag decide the seat of a round with a minor.
  const actor =
    isSignedIn && user
      ? { id: user.id, role: user.role, ageBand: user.ageBand, isVerifiedJudge: user.isVerifiedJudge }
      : null;
  const seats = seatsOfDebate(debate);
  const isFree = !debate.judge;
  // Said rather than hidden: who may judge a round with a minor in it.
  const minorRefusal = isFree && !side ? judgeRefusal(actor, seats, invite ? 'valid' : 'none') : null;
  // The shared seat rule (team rounds: the team's coaches and named judges only), as the server applies it.
  const canTakeByInvite = isFree && !!invite && debate.hasJudgeInvite && canJudge(actor, seats, 'valid');
  const canTake = isFree && invite === undefined && canJudge(actor, seats);
  // A team's round is judged by the team, a tournament's by whom its hosts seat: no outside judge is invited.
  // A BP practice room's wings: the panel's seats after the chair's.
  const isBpPractice = debate.formatId === 'bp' && debate.kind !== 'tournament';
  const wings = (debate.panel?.judges ?? []).filter((j) => j.userId !== debate.judge?.userId);
  const isOnPanel = !!user && (debate.judge?.userId === user.id || wings.some((w) => w.userId === user.id));
  const canJoinPanel = isBpPractice && !!debate.judge && !side && !isOnPanel && bpWingRefusal(actor, seats) === null;
  const canInvite =
    isFree && !!side && debate.status === 'live' && debate.kind !== 'team' && debate.kind !== 'tournament';

  async function handleTake() {
    try {
      onChange(await takeJudgeSeat(debate.id, invite));
    } catch (error) {
      toast.error(errorMessage(error));
    }
  }

  async function handleInvite() {
    try {
      const { token, debate: next } = await inviteJudge(debate.id);
      setInviteLink(`${window.location.origin}/debates/${debate.id}?judgeInvite=${encodeURIComponent(token)}`);
      onChange(next);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  }

  return (
    <section className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm" aria-labelledby="judge-heading">
      <h2 id="judge-heading" className="flex items-center gap-2 text-lg font-bold text-slate-900">
        <Gavel className="h-5 w-5 text-brand-700" aria-hidden="true" /> Judge
      </h2>
      <p className="mt-1 text-sm text-slate-700" data-testid="judge-name">
        {debate.judge ? debate.judge.displayName : debate.hasJudgeInvite ? 'Invited judge on the way' : 'No judge yet'}
      </p>
      {debate.judge && isSignedIn ? <JudgeParadigm judgeId={debate.judge.userId} /> : null}
      {isBpPractice && debate.judge ? (
        <p className="mt-1 text-sm text-slate-700" data-testid="panel-wings">
          {wings.length === 0 ? 'Chair · no wings yet' : `Chair · wings: ${wings.map((w) => w.displayName).join(', ')}`}
        </p>
      ) : null}
      {canJoinPanel ? (
        <button type="button" className={buttonClass('secondary', 'mt-3')} onClick={() => void handleTake()}>
          Join the panel as a wing ({wings.length} of {BP_PRACTICE_WINGS_MAX})
        </button>
      ) : null}
      {minorRefusal?.reason === 'minor_round_judge' ? (
        <p className="mt-2 text-sm text-slate-700" data-testid="judge-refusal">
          {minorRefusal.message}
        </p>
      ) : null}
      {canTakeByInvite ? (
        <>
          <p className="mt-2 text-sm text-slate-700">You are invited to judge this round.</p>
          <button type="button" className={buttonClass('primary', 'mt-3')} onClick={() => void handleTake()}>
            Take the judge’s seat
          </button>
        </>
      ) : null}
      {canTake ? (
        <button type="button" className={buttonClass('primary', 'mt-3')} onClick={() => void handleTake()}>
          Judge this debate
        </button>
      ) : null}
      {canInvite ? (
        <button type="button" className={buttonClass('secondary', 'mt-3')} onClick={() => void handleInvite()}>
          {debate.hasJudgeInvite ? 'New judge invitation link' : 'Invite a judge'}
        </button>
      ) : null}
      {inviteLink ? (
        <label className="mt-3 block text-sm text-slate-700">
          Send this link to your judge
          <input
            readOnly
            value={inviteLink}
            onFocus={(event) => event.currentTarget.select()}
            className="mt-1 block w-full rounded-xl border border-slate-300 px-3 py-2 text-xs"
          />
        </label>
      ) : null}
    </section>
  );
}
