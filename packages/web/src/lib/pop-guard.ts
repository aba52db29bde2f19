/**
 * One popstate listener that runs before the router's (Back / Forward must not leave a page
 * with unsaved edits without asking). Listeners of an event on `window` run in the order they were added,
 * whatever their capture flag, and BrowserRouter adds its own when it mounts, after which it re-renders
 * synchronously: a guard added later by a page would be unmounted before its turn. So this one is added when
 * the app starts (main.tsx, before the router) and hands each popstate to the guard a page set, if any; the
 * guard returns true when it took the event (the router must not see it).
 */
type TPopGuard = (e: PopStateEvent) => boolean;

let current: TPopGuard | null = null;
let installed = false;

/** Adds the listener once; call before the router mounts. */
export const installPopGuard = () => {
  if (installed) return;
  installed = true;
  window.addEventListener('popstate', (e) => {
    if (current?.(e)) e.stopImmediatePropagation();
  });
};

/** Sets the page's guard; returns the function that removes it (if still the current one). */
export const setPopGuard = (guard: TPopGuard): (() => void) => {
  current = guard;
  return () => {
    if (current === guard) current = null;
  };
};
