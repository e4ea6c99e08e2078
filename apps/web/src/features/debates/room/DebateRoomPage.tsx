import { useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import {
  audioAudienceOf,
  canPostInRound,
  isPrepHuddle,
  teamSeatsOf,
  teamSideOf,
  isJudgeOf,
  roundChatClosedRefusal,
  canSubmitBallot,
  FORFEIT_AFTER_MS,
  FORMATS,
  seatsOfDebate,
  type TDebate,
  type TSideKey,
} from '@resolved/shared';
import { PageHeading } from '../../../shell/PageHeading';
import { PageLoading } from '../../../shell/PageLoading';
import { buttonClass } from '../../../ui/button-styles';
import { useDocumentTitle } from '../../../ui/useDocumentTitle';
import { useAuth } from '../../auth/useAuth';
import { BallotForm, BallotView } from '../ballot/Ballot';
import { BpBallotForm, BpResultView } from '../ballot/BpBallot';
import { canSubmitPanelBallot, PanelBallots } from '../ballot/PanelBallots';
import { RoundAwards } from '../ballot/RoundAwards';
import { JudgeSeat } from './JudgeSeat';
import { ForfeitButton } from './ForfeitButton';
import { EvidencePanel } from './EvidencePanel';
import { PoiPanel } from '../clock/PoiPanel';
import { RoomChats, RoomFlows } from './ConferPanels';
import { useLeaveGuard } from './useLeaveGuard';
import { useQueueStatus } from '../queue/useQueue';
import { ClockControls } from '../clock/ClockControls';
import { PublicForumOneOnOneNote } from './DebateNotes';
import { DebateClock } from '../clock/DebateClock';
import { PinnedClock } from '../clock/PinnedClock';
import { namesOf, teamOf, viewerSeat } from './round-seats';
import { SpeechSchedule } from './SpeechSchedule';
import { CoinFlipPanel } from './CoinFlipPanel';
import { VideoPanel } from '../video/VideoPanel';
import { useDebateRoom } from './useDebateRoom';
import { debatesKey } from '../debates-queries';
import { BlockRoundPeople } from '../../blocks/BlockRoundPeople';
import { TournamentOverNotice, TournamentRoomTag, useIsTournamentOver } from '../../tournaments/TournamentRoomTag';
import { isUpcoming, startTimeText } from '../start-time';
import { useNow } from '../../../lib/useNow';
import { serverNow } from './server-time';
import { peopleOfRound } from './round-people';
import { statusText } from './round-status';
import { RoundDebaters } from './RoundDebaters';
import { RoundSpectators } from './RoundSpectators';
import { useRoomExits } from './useRoomExits';
import { ConnectionCheckButton } from '../check/ConnectionCheckButton';

export default function DebateRoomPage() {
  const params = useParams();
  const debateId = Number(params.id);
  useDocumentTitle('Debate');
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const room = useDebateRoom(debateId, user?.id);
  const { debate } = room;
  // Before a scheduled start the round is upcoming: nothing forfeits, so leaving is not asked about; the page turns
  // live at the start.
  const isWaitingForStart = !!debate && isUpcoming(debate, serverNow());
  const nowMs = useNow(isWaitingForStart, 1000, serverNow);
  const isUpcomingRound = !!debate && isUpcoming(debate, nowMs);
  const isLiveDebater = debate?.status === 'live' && !isUpcomingRound && !!viewerSeat(debate, user?.id);
  // The away window is the server's setting, read with the queue status (the banner on every page reads it too).
  const forfeitAfterMs = useQueueStatus(!!user).data?.forfeitAfterMs ?? FORFEIT_AFTER_MS;
  useLeaveGuard(isLiveDebater, forfeitAfterMs);
  useRoomExits(debateId, debate, user?.id);
  // A finished tournament's rounds take no ballot (a panel judge's late one included): the room says so instead.
  const isTournamentOver = useIsTournamentOver(debateId, debate?.kind === 'tournament');

  if (room.error && !debate) {
    return (
      <>
        <PageHeading title="Debate" />
        <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-red-800">
          {room.error}
        </p>
        <Link to="/debates" className={buttonClass('secondary', 'mt-4')}>
          Live debates
        </Link>
      </>
    );
  }
  if (!debate) return <PageLoading label="Joining the debate…" />;

  const format = FORMATS[debate.formatId];
  // The viewer's seat: any seat of either side (a partner's too), with its speaker position.
  const mySeat = viewerSeat(debate, user?.id);
  const side: TSideKey | null = mySeat?.side ?? null;
  const position = mySeat?.position ?? null;
  const isJudge = !!user && debate.judge?.userId === user.id;
  // The shared round rules, as the server applies them.
  const actor = user ? { id: user.id, role: user.role } : null;
  const seats = seatsOfDebate(debate);
  // The chair (or the one judge) runs the judge's clock controls; every judge of a panel is in the call and keeps a flow.
  const isAnyJudge = !!user && isJudgeOf(user.id, seats);
  const chatClosed = roundChatClosedRefusal(debate.status);
  // The room's lobby: a debater or the judge may check their camera, microphone and network until the clock starts.
  const isBeforeClock = debate.status === 'live' && debate.clock.phase === 'idle' && debate.clock.speechIndex === 0;
  const canCheckConnection = (!!side || isAnyJudge) && (isUpcomingRound || isBeforeClock);
  // Partners confer: a debater of a side of two or more has a partner chat and a team flow; while prep runs the call
  // splits into huddles (each debater heard by their partners only).
  // In British Parliamentary each of the four teams confers alone (a seat's team follows from its position).
  const teamSeats = teamSeatsOf(debate.formatId, room.debaterSeats);
  const teamSide = user ? teamSideOf(user.id, teamSeats) : null;
  const huddle = isPrepHuddle(debate.clock, teamSeats)
    ? { audience: user ? audioAudienceOf(debate.clock, teamSeats, user.id) : null }
    : null;

  function handleDecided(next: TDebate) {
    room.setDebate(next);
    void queryClient.invalidateQueries({ queryKey: debatesKey });
  }

  return (
    <>
      <PageHeading
        title={`${format.name} debate`}
        lead={<span data-testid="debate-resolution">{debate.resolution}</span>}
      />
      {debate.team ? (
        <p className="mb-4 text-sm text-slate-700">
          <Link to={`/teams/${debate.team.id}`} className="font-semibold text-brand-700 underline">
            Practice round · {debate.team.name}
          </Link>
          {/* While upcoming, the status line below says when it starts. */}
          {debate.startsAt && !isUpcomingRound ? <span> · starts {startTimeText(debate.startsAt)}</span> : null}
        </p>
      ) : null}
      {debate.kind === 'tournament' ? <TournamentRoomTag debateId={debate.id} /> : null}
      {!room.isConnected ? (
        <p role="status" className="mb-4 rounded-xl bg-amber-50 p-3 text-sm text-amber-900">
          Reconnecting… the clock keeps running on the server.
        </p>
      ) : null}
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm font-semibold text-slate-700" data-testid="debate-status">
          {statusText(debate, nowMs)}
        </p>
        <div className="flex flex-wrap items-center gap-2">
          {canCheckConnection ? <ConnectionCheckButton /> : null}
          {isLiveDebater && side ? (
            <ForfeitButton
              debate={debate}
              opponentName={namesOf(teamOf(debate, side === 'a' ? 'b' : 'a'))}
              onForfeited={handleDecided}
            />
          ) : null}
        </div>
      </div>
      {debate.status !== 'live' ? (
        <p className="-mt-2 mb-4 text-sm">
          <Link to={`/debates/${debate.id}/replay`} className="font-semibold text-brand-700 underline">
            Replay the round
          </Link>
        </p>
      ) : null}

      {/* Clock and video side by side from lg. On phones only a one-line clock (speech, time, the viewer's main
          control) stays in view while the page scrolls; the wrapper has no box there, so the pinned clock spans the
          whole page, and the clock card scrolls with the rest. */}
      <div className="contents lg:mb-6 lg:grid lg:grid-cols-2 lg:items-start lg:gap-6">
        <PinnedClock debate={debate} side={side} position={position} isJudge={isJudge} onCommand={room.command} />
        <div className="mt-3 space-y-3 lg:m-0" data-testid="room-clock-area">
          <CoinFlipPanel debate={debate} viewerId={user?.id} onDebateChange={room.setDebate} />
          <DebateClock clock={debate.clock} />
          <ClockControls debate={debate} side={side} position={position} isJudge={isJudge} onCommand={room.command} />
          {FORMATS[debate.formatId].poi ? (
            <PoiPanel debate={debate} side={side} position={position} onPoi={room.mergePoi} />
          ) : null}
        </div>
        <div className="mb-6 mt-6 lg:m-0">
          <VideoPanel
            debate={debate}
            myRole={side ?? (isAnyJudge ? 'judge' : user ? 'spectator' : null)}
            myUserId={user?.id ?? null}
            iceServers={room.iceServers}
            iceTransportPolicy={room.iceTransportPolicy}
            sfu={room.sfu}
            onDebateChange={room.setDebate}
            isElsewhere={room.isElsewhere}
            onTakeBack={room.takeBack}
            huddle={huddle}
          />
        </div>
      </div>

      <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="min-w-0 space-y-6">
          <RoundDebaters
            debate={debate}
            side={side}
            viewerId={user?.id}
            presentUserIds={room.presence?.presentUserIds}
          />
          <BlockRoundPeople people={peopleOfRound(debate)} viewerId={user?.id} />

          {debate.ballot ? <BallotView debate={debate} viewerId={user?.id} /> : null}
          <BpResultView debate={debate} viewerId={user?.id} />
          <RoundAwards debate={debate} viewerId={user?.id} />
          <PanelBallots debate={debate} />
          {/* A panel: each of its judges submits their own ballot; otherwise the round's one judge. */}
          {/* British Parliamentary: the chair alone (the round's judge) gives the panel's ranked ballot. */}
          {debate.formatId === 'bp' ? (
            canSubmitBallot(actor, seats) ? (
              <BpBallotForm debate={debate} onSubmitted={handleDecided} />
            ) : null
          ) : (debate.panel ? canSubmitPanelBallot(actor, debate) : canSubmitBallot(actor, seats)) ? (
            isTournamentOver ? (
              <TournamentOverNotice />
            ) : (
              <BallotForm debate={debate} onSubmitted={handleDecided} />
            )
          ) : null}

          <EvidencePanel
            debate={debate}
            actor={user ? { id: user.id, role: user.role } : null}
            onDebateChange={room.setDebate}
          />
          {user && (side || isAnyJudge || teamSide) ? (
            <RoomFlows debate={debate} userId={user.id} isOnTeam={teamSide !== null} />
          ) : null}
          <SpeechSchedule debate={debate} />
          {debate.formatId === 'pf' ? <PublicForumOneOnOneNote /> : null}
        </div>

        <aside className="space-y-6">
          <JudgeSeat debate={debate} side={side} isSignedIn={!!user} onChange={room.setDebate} />
          <RoomChats
            messages={room.messages}
            canWrite={canPostInRound(actor, seats) && chatClosed === null}
            readOnlyNote={chatClosed?.message}
            onSend={room.sendMessage}
            partnerMessages={teamSide ? room.partnerMessages : null}
            onSendPartner={room.sendPartnerMessage}
          />
          <RoundSpectators debate={debate} spectators={room.presence?.spectators} />
        </aside>
      </div>
    </>
  );
}
