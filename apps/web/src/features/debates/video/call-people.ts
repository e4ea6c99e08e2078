import { FORMATS, type TDebate, type TMediaRole } from '@resolved/shared';

/** Someone this browser shows a video of (everyone in the round but itself and the spectators). */
export interface TCallPerson {
  userId: string;
  label: string;
  caption: string;
  name: string;
}

/** The role of anyone in the round's call. */
export function mediaRoleOf(debate: TDebate, userId: string): TMediaRole {
  return userId === debate.debaters.a.userId
    ? 'a'
    : userId === debate.debaters.b.userId
      ? 'b'
      : userId === debate.judge?.userId || !!debate.panel?.judges.some((j) => j.userId === userId)
        ? 'judge'
        : 'spectator';
}

/** The debaters, then the judge (and a panel's other judges), leaving out this person's own seat. */
export function callPeople(debate: TDebate, myRole: TMediaRole | null): TCallPerson[] {
  const format = FORMATS[debate.formatId];
  const isDebater = myRole === 'a' || myRole === 'b';
  const people: TCallPerson[] = [];
  for (const side of ['a', 'b'] as const) {
    const debater = debate.debaters[side];
    if (side === myRole) continue;
    const label = isDebater ? 'Your opponent' : `${format.sides[side]} camera`;
    people.push({
      userId: debater.userId,
      label,
      caption: `${format.sides[side]} · ${debater.displayName}`,
      name: debater.displayName,
    });
  }
  if (debate.judge && myRole !== 'judge') {
    people.push({
      userId: debate.judge.userId,
      label: 'Judge camera',
      caption: `Judge · ${debate.judge.displayName}`,
      name: debate.judge.displayName,
    });
  }
  // A panel's other judges: the debaters and spectators see them; judges do not connect to each other.
  if (myRole !== 'judge') {
    for (const judge of debate.panel?.judges.slice(1) ?? []) {
      if (judge.userId === debate.judge?.userId) continue;
      people.push({
        userId: judge.userId,
        label: 'Panel judge camera',
        caption: `Judge · ${judge.displayName}`,
        name: judge.displayName,
      });
    }
  }
  return people;
}

const STATE_TEXT: Record<string, string> = {
  new: 'Connecting',
  connecting: 'Connecting',
  connected: 'connected',
  disconnected: 'Reconnecting',
  failed: 'Connection failed',
  closed: 'Closed',
};

/** The worst state among the connections that matter here ("connected" only when all are). */
export function callState(states: (RTCPeerConnectionState | undefined)[], waiting: string): string {
  if (states.some((s) => s === undefined)) return waiting;
  for (const s of ['failed', 'disconnected', 'new', 'connecting', 'closed'] as const) {
    if (states.includes(s)) return STATE_TEXT[s]!;
  }
  return STATE_TEXT.connected!;
}
