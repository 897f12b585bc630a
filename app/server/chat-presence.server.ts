/**
 * Who has the support chat open right now in this process: the users with an open /ws/chat
 * socket from the chat page. app/realtime keeps it; the chat service reads it to decide whether a
 * player must be told of a staff reply (one who is looking at the chat sees it arrive). Run as
 * several processes, a user counts as present only on the process holding their socket: they are
 * then told once too often, never once too few.
 */
const openChats = new Map<number, number>();

export const chatPresence = {
  /** A chat socket of this user opened; returns the function to call when it closes. */
  opened(userId: number): () => void {
    openChats.set(userId, (openChats.get(userId) ?? 0) + 1);
    let closed = false;
    return () => {
      if (closed) return;
      closed = true;
      const left = (openChats.get(userId) ?? 1) - 1;
      if (left > 0) openChats.set(userId, left);
      else openChats.delete(userId);
    };
  },
  isPresent: (userId: number): boolean => openChats.has(userId),
};
