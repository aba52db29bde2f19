/**
 * "The session ended" (logout, 401, another tab): modules that keep per-user state (the query cache)
 * subscribe here instead of the session code importing them, so the login route stays light.
 */
const listeners = new Set<() => void>();

export const onSessionEnded = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

export const emitSessionEnded = () => {
  for (const listener of listeners) listener();
};
