import type { ColumnDataType, ColumnDefinitionBuilder, Migration, MigrationProvider } from 'kysely';
import type { TEngine } from '../database';
import { initial } from './0001-initial';
import { auth } from './0002-auth';
import { scoreLedger } from './0003-score-ledger';
import { topicsRoomsIntegrity } from './0004-topics-rooms';
import { chat } from './0005-chat';
import { debates } from './0006-debates';
import { debateChallengePrep } from './0007-debate-challenge-prep';
import { scoreCounts } from './0008-score-counts';
import { rankingVersion } from './0009-ranking-version';
import { rateLimits } from './0010-rate-limits';
import { debateMessageClientIds } from './0011-debate-message-client-ids';
import { roundFacts } from './0012-round-facts';
import { judgeInvites } from './0013-judge-invites';
import { motions } from './0014-motions';
import { teams } from './0015-teams';
import { evidence } from './0016-evidence';
import { flows } from './0017-flows';
import { pois } from './0018-pois';
import { clockEvents } from './0019-clock-events';
import { recordings } from './0020-recordings';
import { scheduledRounds } from './0021-scheduled-rounds';
import { privateReplays } from './0022-private-replays';
import { debatesJudgeIndex } from './0023-debates-judge-index';
import { recordingPartSizes } from './0024-recording-part-sizes';
import { upcomingRounds } from './0025-upcoming-rounds';
import { roundRevisions } from './0026-round-revisions';
import { teamJoinSwitch } from './0027-team-join-switch';
import { roundNotCounted } from './0028-round-not-counted';
import { schedulerRoundKinds } from './0029-scheduler-round-kinds';
import { userBlocks } from './0030-user-blocks';
import { moderation } from './0031-moderation';
import { playbans } from './0032-playbans';
import { age } from './0033-age';
import { spectatorWatch } from './0034-spectator-watch';
import { textFilter } from './0035-text-filter';
import { chatLock } from './0036-chat-lock';
import { readVersions } from './0038-read-versions';
import { teamJoinApproval } from './0039-team-join-approval';
import { sfuRooms } from './0040-sfu-rooms';
import { tournaments } from './0041-tournaments';
import { tournamentTab } from './0042-tournament-tab';
import { tournamentSequencer } from './0043-tournament-sequencer';
import { tournamentBracket } from './0044-tournament-bracket';
import { judgePanels } from './0045-judge-panels';
import { tournamentAudit } from './0046-tournament-audit';
import { paradigmsMotions } from './0047-paradigms-motions';
import { coinFlipChoices } from './0048-coin-flip-choices';
import { teamJudges } from './0049-team-judges';
import { panelArrivals } from './0050-panel-arrivals';
import { tournamentVersions } from './0053-tournament-versions';
import { sfuRoomsOutliveRounds } from './0055-sfu-rooms-outlive-rounds';
import { debateSeats } from './0056-debate-seats';
import { openskillRatings } from './0057-openskill-ratings';
import { partnerQueue } from './0058-partner-queue';
import { ballotDebaterPoints } from './0059-ballot-debater-points';
import { partnersConfer } from './0060-partners-confer';
import { tournamentTeams } from './0062-tournament-teams';
import { panelDebaterPoints } from './0063-panel-debater-points';
import { teamChallenges } from './0064-team-challenges';
import { bpBallots } from './0065-bp-ballots';
import { bpSpeechMinutes } from './0066-bp-speech-minutes';
import { tournamentBpRooms } from './0067-tournament-bp-rooms';

/** What differs between the engines, handed to every migration so that one folder serves both. */
export interface TMigrationContext {
  engine: TEngine;
  /** An auto-incrementing integer primary key. */
  id: { type: ColumnDataType; build: (c: ColumnDefinitionBuilder) => ColumnDefinitionBuilder };
}

/** Migrations are listed here (not read from disk) so that they survive bundling. Append only. */
const MIGRATIONS: Record<string, (ctx: TMigrationContext) => Migration> = {
  '0001-initial': initial,
  '0002-auth': auth,
  '0003-score-ledger': scoreLedger,
  '0004-topics-rooms': topicsRoomsIntegrity,
  '0005-chat': chat,
  '0006-debates': debates,
  '0007-debate-challenge-prep': debateChallengePrep,
  '0008-score-counts': scoreCounts,
  '0009-ranking-version': rankingVersion,
  '0010-rate-limits': rateLimits,
  '0011-debate-message-client-ids': debateMessageClientIds,
  '0012-round-facts': roundFacts,
  '0013-judge-invites': judgeInvites,
  '0014-motions': motions,
  '0015-teams': teams,
  '0016-evidence': evidence,
  '0017-flows': flows,
  '0018-pois': pois,
  '0019-clock-events': clockEvents,
  '0020-recordings': recordings,
  '0021-scheduled-rounds': scheduledRounds,
  '0022-private-replays': privateReplays,
  '0023-debates-judge-index': debatesJudgeIndex,
  '0024-recording-part-sizes': recordingPartSizes,
  '0025-upcoming-rounds': upcomingRounds,
  '0026-round-revisions': roundRevisions,
  '0027-team-join-switch': teamJoinSwitch,
  '0028-round-not-counted': roundNotCounted,
  '0029-scheduler-round-kinds': schedulerRoundKinds,
  '0030-user-blocks': userBlocks,
  '0031-moderation': moderation,
  '0032-playbans': playbans,
  '0033-age': age,
  '0034-spectator-watch': spectatorWatch,
  '0035-text-filter': textFilter,
  '0036-chat-lock': chatLock,
  '0038-read-versions': readVersions,
  '0039-team-join-approval': teamJoinApproval,
  '0040-sfu-rooms': sfuRooms,
  '0041-tournaments': tournaments,
  '0042-tournament-tab': tournamentTab,
  '0043-tournament-sequencer': tournamentSequencer,
  '0044-tournament-bracket': tournamentBracket,
  '0045-judge-panels': judgePanels,
  '0046-tournament-audit': tournamentAudit,
  '0047-paradigms-motions': paradigmsMotions,
  '0048-coin-flip-choices': coinFlipChoices,
  '0049-team-judges': teamJudges,
  '0050-panel-arrivals': panelArrivals,
  '0053-tournament-versions': tournamentVersions,
  '0055-sfu-rooms-outlive-rounds': sfuRoomsOutliveRounds,
  '0056-debate-seats': debateSeats,
  '0057-openskill-ratings': openskillRatings,
  '0058-partner-queue': partnerQueue,
  '0059-ballot-debater-points': ballotDebaterPoints,
  '0060-partners-confer': partnersConfer,
  '0062-tournament-teams': tournamentTeams,
  '0063-panel-debater-points': panelDebaterPoints,
  '0064-team-challenges': teamChallenges,
  '0065-bp-ballots': bpBallots,
  '0066-bp-speech-minutes': bpSpeechMinutes,
  '0067-tournament-bp-rooms': tournamentBpRooms,
};

export function migrationProvider(engine: TEngine): MigrationProvider {
  const ctx: TMigrationContext = {
    engine,
    id:
      engine === 'postgres'
        ? { type: 'serial', build: (c) => c.primaryKey() }
        : { type: 'integer', build: (c) => c.primaryKey().autoIncrement() },
  };
  return {
    async getMigrations() {
      return Object.fromEntries(Object.entries(MIGRATIONS).map(([name, make]) => [name, make(ctx)]));
    },
  };
}
