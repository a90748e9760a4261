/**
 * A tiny bridge from the query cache (created outside the router) to the router: when a read
 * comes back 401 the session is gone and the app goes to the login page.
 */
type Listener = () => void;
const listeners = new Set<Listener>();

export function onSessionExpired(fn: Listener): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

export function emitSessionExpired(): void {
  for (const fn of listeners) fn();
}

/**
 * A call was refused because the session still has a one-time password (AU0010): the app reloads
 * the session (`auth.me`), whose `mustChangePassword` then shows the change-password screen.
 */
const passwordListeners = new Set<Listener>();

export function onPasswordChangeRequired(fn: Listener): () => void {
  passwordListeners.add(fn);
  return () => passwordListeners.delete(fn);
}

export function emitPasswordChangeRequired(): void {
  for (const fn of passwordListeners) fn();
}
