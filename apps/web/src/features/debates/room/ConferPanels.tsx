import type { TDebate, TDebateMessage, TPartnerMessage } from '@resolved/shared';
import { DebateChat } from './DebateChat';
import { FlowSheet } from './FlowSheet';
import { RoomTabs } from './RoomTabs';
import { TeamFlowSheet } from './TeamFlowSheet';

/**
 * The round's chat; for a debater of a team (a side of two or more) beside it a "Partner" tab, their team's chat,
 * which the other side, the judges and spectators never receive.
 */
export function RoomChats({
  messages,
  canWrite,
  readOnlyNote,
  onSend,
  partnerMessages,
  onSendPartner,
}: {
  messages: TDebateMessage[];
  canWrite: boolean;
  readOnlyNote: string | undefined;
  onSend: (text: string) => Promise<unknown>;
  /** Null: the viewer is on no team of this round. */
  partnerMessages: TPartnerMessage[] | null;
  onSendPartner: (text: string) => Promise<unknown>;
}) {
  const closed = readOnlyNote ? { readOnlyNote } : {};
  const roundChat = <DebateChat messages={messages} canWrite={canWrite} {...closed} onSend={onSend} />;
  if (!partnerMessages) return roundChat;
  return (
    <RoomTabs
      label="Chats"
      tabs={[
        { id: 'round', title: 'Round chat', panel: roundChat },
        {
          id: 'partner',
          title: 'Partner',
          panel: (
            <DebateChat
              messages={partnerMessages}
              canWrite={!readOnlyNote}
              {...closed}
              title="Partner chat"
              placeholder="Message your partner…"
              testId="partner-chat"
              onSend={onSendPartner}
            />
          ),
        },
      ]}
    />
  );
}

/** One's own flow; for a debater of a team beside it a "Team flow" tab, the flow both partners edit. */
export function RoomFlows({ debate, userId, isOnTeam }: { debate: TDebate; userId: string; isOnTeam: boolean }) {
  const ownFlow = <FlowSheet debate={debate} userId={userId} />;
  if (!isOnTeam) return ownFlow;
  return (
    <RoomTabs
      label="Flows"
      tabs={[
        { id: 'own', title: 'Your flow', panel: ownFlow },
        { id: 'team', title: 'Team flow', panel: <TeamFlowSheet debate={debate} /> },
      ]}
    />
  );
}
