import { useId, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Link2, Swords } from 'lucide-react';
import {
  FORMATS,
  isLimitedToTeams,
  isFourTeamFormat,
  isTeamOnlyFormat,
  teamSizeOf,
  type TBpSpeechMinutes,
  type TFormatId,
  type TQueueMode,
  type TQueuePartnerInvite,
} from '@resolved/shared';
import { ApiError } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { errorMessage } from '../../../lib/form-errors';
import { useNow } from '../../../lib/useNow';
import { Card } from '../../../ui/Card';
import { buttonClass } from '../../../ui/button-styles';
import { useAuth } from '../../auth/useAuth';
import { useCreateChallenge, useJoinQueue, useQueueStatus } from './useQueue';
import { useQueueExits } from './useQueueExits';
import { startTimeText } from '../start-time';
import { QueueWaiting } from './QueueWaiting';
import { CooldownNote, UpcomingRoundNote } from './QueueNotes';
import { FormatChoice } from './FormatChoice';
import { ChallengeLink } from './ChallengeLink';
import { ConnectionCheckButton } from '../check/ConnectionCheckButton';
import { SignedOutCard, TeamRoundsOnlyCard } from './QueueClosedCards';
import { QueueModeChoice } from './QueueModeChoice';
import { PartnerInvites, usePartnerEvents } from './PartnerInvites';
import type { TJoinQueueInput } from './partner-queries';
import { queueJoinInput } from './queue-join';
import { SpeechLengthChoice } from './SpeechLengthChoice';

/**
 * The queue's refusal of a random round that would run into the user's practice round, in the viewer's time zone
 * (the server's message names the time in UTC).
 */
function startsSoonText(error: ApiError): string {
  const details = error.details as { startsAt?: unknown; formatId?: unknown; longestMinutes?: unknown } | undefined;
  const { startsAt, formatId, longestMinutes } = details ?? {};
  if (typeof startsAt !== 'string' || typeof formatId !== 'string' || !(formatId in FORMATS)) {
    return errorMessage(error);
  }
  return (
    `Your practice round starts ${startTimeText(startsAt)}. A random ${FORMATS[formatId as TFormatId].name} round ` +
    `can last up to ${String(longestMinutes)} minutes, so it would run into it: find an opponent after your practice round.`
  );
}

/**
 * Find an opponent: pick a format and join the queue; while waiting, the format, the resolution, the
 * time waited and Cancel. When the server pairs you (here or on another instance), you go to the room.
 * Placed on /topics (the featured event), on the dashboard's Join Debate card and on /debates.
 */
export function FindOpponentCard() {
  const { user } = useAuth();
  // An account limited to its teams debates in the rounds its coach pairs, never with random opponents.
  if (user && isLimitedToTeams(user)) return <TeamRoundsOnlyCard />;
  if (!user) return <SignedOutCard />;
  return <QueueCard />;
}

function QueueCard() {
  const navigate = useNavigate();
  const isOnDebatesPage = useLocation().pathname === '/debates';
  const headingId = useId();
  const [formatId, setFormatId] = useState<TFormatId>('ld');
  const [challengeUrl, setChallengeUrl] = useState<string | null>(null);
  const [prepMinutes, setPrepMinutes] = useState<number | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  // A team format (Public Forum, Parliamentary): one-on-one as before teams, unless the debater chooses otherwise; a
  // team-only format (Policy, World Schools) has no one-on-one and starts with a partner.
  const [mode, setMode] = useState<TQueueMode>('one-on-one');
  // One slot per partner the format's team needs (a World Schools team of three: two), null until chosen.
  const [partnerSlots, setPartnerSlots] = useState<(string | null)[]>([]);
  // British Parliamentary: seven-minute speeches unless the team chooses the schools' five.
  const [speechMinutes, setSpeechMinutes] = useState<TBpSpeechMinutes>(7);
  const isTeamFormat = teamSizeOf(formatId) > 1;
  const partnerIds = partnerSlots.filter((id): id is string => id !== null);
  const isTeamReady = partnerIds.length === teamSizeOf(formatId) - 1;
  const isTeamMissing = isTeamFormat && mode === 'team' && !isTeamReady;
  const status = useQueueStatus(true);
  usePartnerEvents();
  const join = useJoinQueue();
  const challenge = useCreateChallenge();
  const waiting = status.data?.waiting ?? null;
  const handleMatched = useQueueExits(!!waiting, challengeUrl !== null);
  // A matchmaking cooldown (left or missed rounds): the time left, in words; the card reopens when it ends.
  const cooldownUntil = status.data?.cooldownUntil ?? null;
  const now = useNow(cooldownUntil !== null, 1000);
  const cooldownLeftMs = cooldownUntil ? Math.max(0, Date.parse(cooldownUntil) - now) : 0;
  const isCoolingDown = cooldownUntil !== null && cooldownLeftMs > 0;
  const activeDebateId = status.data?.activeDebateId ?? null;
  const upcoming = status.data?.upcomingRound ?? null;

  async function handleFind(input: TJoinQueueInput = joinInput()) {
    setRefusal(null);
    try {
      const result = await join.mutateAsync(input);
      if (result.status === 'matched') handleMatched(result.debateId);
    } catch (error) {
      // Already in a round (another tab, a coach's pairing): go there rather than just say so.
      const debateId = (error instanceof ApiError ? (error.details as { debateId?: unknown }) : undefined)?.debateId;
      if (error instanceof ApiError && error.reason === 'already_in_debate' && typeof debateId === 'number') {
        toast.info(errorMessage(error));
        void navigate(`/debates/${debateId}`);
        return;
      }
      // A practice round starts too soon for a random round of this format: say so on the card.
      if (error instanceof ApiError && error.reason === 'round_starts_soon') {
        setRefusal(startsSoonText(error));
        return;
      }
      // A matchmaking cooldown: the card shows its time left (the status is read again to learn its end).
      if (error instanceof ApiError && error.reason === 'playban') {
        void status.refetch();
        return;
      }
      toast.error(errorMessage(error));
    }
  }

  /** The format alone (one debater a side), or the mode chosen and, with a partner, whom (BP: and the length). */
  function joinInput(): TJoinQueueInput {
    return queueJoinInput({ formatId, mode, partnerIds, speechMinutes });
  }

  async function handleChallenge() {
    try {
      const isTeamChallenge = isTeamFormat && mode === 'team';
      const { challenge: created } = await challenge.mutateAsync({
        formatId,
        prepMinutes: prepMinutes ?? FORMATS[formatId].prep.defaultMinutes,
        // With partners: a challenge between teams (the friend names their own partners when they accept).
        ...(isTeamChallenge ? { mode: 'team' as const, partnerIds } : {}),
      });
      setChallengeUrl(`${window.location.origin}/debates/challenge/${created.token}`);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  }

  function handleFormatChange(id: TFormatId, partners: (string | null)[] = []) {
    setFormatId(id);
    setPrepMinutes(null);
    setChallengeUrl(null);
    setRefusal(null);
    setPartnerSlots(Array.from({ length: teamSizeOf(id) - 1 }, (_, i) => partners[i] ?? null));
    if (isTeamOnlyFormat(id) && mode === 'one-on-one') setMode('team');
  }

  /**
   * A partner waiting with the user named: a pair joins them at once; a team of three has one more partner to name,
   * so the card is set to that format with the inviter chosen.
   */
  function handleInvite(invite: TQueuePartnerInvite) {
    if (teamSizeOf(invite.formatId) === 2) {
      void handleFind(
        queueJoinInput({ formatId: invite.formatId, mode: 'team', partnerIds: [invite.userId], speechMinutes }),
      );
      return;
    }
    handleFormatChange(invite.formatId, [invite.userId]);
    setMode('team');
  }

  return (
    <Card as="section" className="p-6" aria-labelledby={headingId}>
      <h2 id={headingId} className="flex items-center gap-2 text-xl font-bold text-slate-900">
        <Swords className="h-5 w-5 text-brand-700" aria-hidden="true" />
        Debate a random opponent
      </h2>
      {activeDebateId !== null ? (
        <div className="mt-3">
          <p className="text-slate-700">You are in a live debate.</p>
          <Link to={`/debates/${activeDebateId}`} className={buttonClass('primary', 'mt-3')}>
            Back to your debate
          </Link>
        </div>
      ) : waiting ? (
        <QueueWaiting waiting={waiting} />
      ) : (
        <div className="mt-3">
          <PartnerInvites
            invites={status.data?.partnerInvites ?? []}
            isJoining={join.isPending || isCoolingDown}
            onJoin={handleInvite}
          />
          {upcoming ? <UpcomingRoundNote upcoming={upcoming} /> : null}
          {isCoolingDown ? <CooldownNote leftMs={cooldownLeftMs} /> : null}
          <FormatChoice
            idPrefix={headingId}
            formatId={formatId}
            prepMinutes={prepMinutes}
            onFormatChange={handleFormatChange}
            onPrepMinutesChange={setPrepMinutes}
          />
          {isTeamFormat ? (
            <QueueModeChoice
              idPrefix={headingId}
              formatId={formatId}
              mode={mode}
              partnerIds={partnerSlots}
              onModeChange={setMode}
              onPartnersChange={setPartnerSlots}
            />
          ) : null}
          {isFourTeamFormat(formatId) ? (
            <SpeechLengthChoice idPrefix={headingId} speechMinutes={speechMinutes} onChange={setSpeechMinutes} />
          ) : null}
          <div className="mt-4 flex flex-wrap gap-2">
            <button
              type="button"
              className={buttonClass('primary')}
              disabled={join.isPending || isCoolingDown || isTeamMissing}
              onClick={() => void handleFind()}
            >
              Find an opponent
            </button>
            {isFourTeamFormat(formatId) ? null : (
              <button
                type="button"
                className={buttonClass('secondary')}
                disabled={challenge.isPending || isTeamMissing}
                onClick={handleChallenge}
              >
                <Link2 className="h-4 w-4" aria-hidden="true" />
                {isTeamFormat && mode === 'team' ? 'Challenge a friend’s team' : 'Challenge a friend'}
              </button>
            )}
          </div>
          <ConnectionCheckButton className="mt-2 -ml-2" />
          {refusal ? (
            <p
              role="alert"
              className="mt-3 rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
              data-testid="queue-refusal"
            >
              {refusal}
            </p>
          ) : null}
          {isOnDebatesPage ? null : (
            <p className="mt-3 text-sm">
              <Link to="/debates" className="font-semibold text-brand-700 underline">
                Watch live debates
              </Link>
            </p>
          )}
          {challengeUrl ? <ChallengeLink id={`${headingId}-challenge`} url={challengeUrl} /> : null}
        </div>
      )}
    </Card>
  );
}
