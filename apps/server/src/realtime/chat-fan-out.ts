import { REALTIME_ROOMS, type TChatMessage } from '@resolved/shared';

/** What the fan-out needs of Socket.IO: an emit to rooms except others (the Redis adapter carries it everywhere). */
export interface TChatEmitter {
  emit(to: string[], except: string[], messages: TChatMessage[]): void;
  /** Whether anyone could be in one of these rooms (false only when this lone instance knows they are empty). */
  mayHaveMembers(rooms: string[]): boolean;
}

/**
 * Sends a batch of community-chat messages to `room`, per recipient: nobody receives the messages of someone they
 * blocked (their chat sockets are in `chatHiding(author)`). Everyone hiding none of the batch's authors gets
 * the batch as one packet, as before. Someone hiding one author of a batch of several still gets the others': one
 * packet per other author, to the sockets hiding any author of the batch but that one. Each emit is a broadcast
 * with `except`, which every instance applies to its own sockets, so the hiding holds across instances.
 */
export function sendChatMessages(emitter: TChatEmitter, room: string, messages: TChatMessage[]): void {
  const byAuthor = new Map<string, TChatMessage[]>();
  for (const message of messages) {
    const list = byAuthor.get(message.userId);
    if (list) list.push(message);
    else byAuthor.set(message.userId, [message]);
  }
  const hidingOf = (author: string) => REALTIME_ROOMS.chatHiding(author);
  const hiding = [...byAuthor.keys()].map(hidingOf);
  emitter.emit([room], hiding, messages);
  if (byAuthor.size < 2 || !emitter.mayHaveMembers(hiding)) return;
  for (const [author, own] of byAuthor) {
    const others = hiding.filter((r) => r !== hidingOf(author));
    emitter.emit(others, [hidingOf(author)], own);
  }
}
