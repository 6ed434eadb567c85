/**
 * Cross-tab auth events over `BroadcastChannel('auth')`: a sign-out in one tab drops every other tab
 * to /login; a sign-in makes the others re-read the session. One channel per tab, used for both
 * sending and listening, so a tab never hears its own messages.
 */
export type AuthEvent = { type: 'signed-out' } | { type: 'signed-in' };

export const authChannelName = 'auth';

let channel: BroadcastChannel | null | undefined;

function getChannel(): BroadcastChannel | null {
  if (channel === undefined) {
    channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(authChannelName) : null;
    // Node (tests) keeps the process alive while a channel is open; browsers have no unref.
    (channel as { unref?: () => void } | null)?.unref?.();
  }
  return channel;
}

function isAuthEvent(value: unknown): value is AuthEvent {
  if (!value || typeof value !== 'object') return false;
  const { type } = value as { type?: unknown };
  return type === 'signed-out' || type === 'signed-in';
}

/** Tells the other tabs of this browser. Never throws (old browsers have no BroadcastChannel). */
export function postAuthEvent(event: AuthEvent): void {
  try {
    getChannel()?.postMessage(event);
  } catch {
    // Best effort: the other tabs still notice on their next session check (30 s at most).
  }
}

/** Calls `listener` for each auth event sent by another tab; returns the unsubscribe function. */
export function subscribeAuthEvents(listener: (event: AuthEvent) => void): () => void {
  const target = getChannel();
  if (!target) return () => {};
  const onMessage = (message: MessageEvent) => {
    if (isAuthEvent(message.data)) listener(message.data);
  };
  target.addEventListener('message', onMessage);
  return () => target.removeEventListener('message', onMessage);
}
