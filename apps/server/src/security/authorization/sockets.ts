/** Who may send each client → server socket event. */
import type { TClientToServerEvents } from '@resolved/shared';
import { PUBLIC, SIGNED_IN, rule, type TAccessRule } from './rules';

const DEBATER = rule('the debaters', 'DDDDA', 'a debater');
const SPEAKER = rule('the debater whose turn it is', 'DDDDA', 'the debater to speak');
const SFU_PUBLISHER = rule(
  'with a media server (JANUS_URL): the round’s debaters and judge, with their grant for it; without one: no one',
  'DDDD-',
);
const SFU_VIEWER = rule(
  'with a media server (JANUS_URL): spectators who may watch the round (not blocked, a minor’s only with every ' +
    'debater’s leave, within SPECTATOR_LIMIT), and the debaters and judges of a round of more than three publishers, ' +
    'each with their grant for it; without one: no one',
  'DDDD-',
);

/** Client → server socket events. Keyed by the shared protocol, so a new event fails to compile until listed. */
/** Socket events, keyed by name; an event may have extra cases keyed `event | case`, as routes do. */
export const SOCKET_RULES: Record<keyof TClientToServerEvents, TAccessRule> &
  Partial<Record<`${keyof TClientToServerEvents} | ${string}`, TAccessRule>> = {
  ping: PUBLIC,
  'chat.join': SIGNED_IN,
  'chat.leave': rule('signed-in users in the chat', 'DAAA-'),
  'message.send': rule('signed-in users (new accounts post less often)', 'DAAA-'),
  'message.delete': rule('the author, moderators, admins', 'DDAAA', 'the message’s author'),
  'debate.join': rule('signed-in users (spectators)', 'DAAAA', 'a debater'),
  'debate.leave': rule('signed-in users in the debate room', 'DAAAA', 'a debater'),
  'debate.start_speech': SPEAKER,
  'debate.end_speech': SPEAKER,
  'debate.start_prep': DEBATER,
  'debate.end_prep': rule('the debater taking prep', 'DDDDA', 'the debater taking prep'),
  'debate.pause': rule('the debaters and the judge', 'DDDDA', 'a debater'),
  'debate.resume': rule('the debaters and the judge', 'DDDDA', 'a debater'),
  'debate.send_message': rule('the debaters and the judge', 'DDDDA', 'a debater'),
  'debate.send_partner_message': rule(
    'a debater of a side of two or more, to their own team (not the other side, judges or spectators)',
    'DDDDA',
    'a debater of a team of two',
  ),
  'debate.offer_poi': rule('the other debater, in an open POI window of a Parliamentary speech', 'DDDD-'),
  'debate.answer_poi': rule('the debater speaking', 'DDDD-'),
  'debate.signal': rule('the debaters and judge; spectators watching, to them only', 'DDDDA', 'a debater'),
  'debate.signal | a round with a minor': rule(
    'spectators watching (every actor here) only once both debaters let them watch',
    'DDDD-',
  ),
  // The media server's requests carry the round's grant from `debate.join`, given only with JANUS_URL; the matrix
  // runs without one, so every actor is refused (features/sfu/sfu.test.ts checks each role against a real Janus).
  'sfu.publish': SFU_PUBLISHER,
  'sfu.unpublish': SFU_PUBLISHER,
  'sfu.feeds': SFU_VIEWER,
  'sfu.subscribe': SFU_VIEWER,
  'sfu.start': SFU_VIEWER,
  'sfu.leave': SFU_VIEWER,
  // Who may read the tournament (here one entered by code): a published one, anyone; an open one, the signed-in.
  'tournament.watch': rule('who may read the tournament: its hosts, entrants, judges, admins', 'DDDAA', 'the host'),
  'tournament.unwatch': rule('sockets watching the tournament', 'DDDAA', 'the host'),
};

/**
 * Socket events in a particular state, keyed `event | case` (the matrix puts the app in that state first). `user` is a
 * fresh account, so not an established one.
 */
export const SOCKET_CASE_RULES: Record<`${keyof TClientToServerEvents} | ${string}`, TAccessRule> = {
  'message.send | chat locked': rule(
    'established accounts (over 24 hours old, a completed round), moderators, admins',
    'DDAA-',
  ),
};
