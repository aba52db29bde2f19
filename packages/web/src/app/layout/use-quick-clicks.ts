import { useCallback, useRef } from 'react';

/** spec 000 §9: the hidden menu needs 10 clicks; "quick" is ours to define: all ten within 3 s. */
export const HIDDEN_MENU_CLICKS = 10;
export const HIDDEN_MENU_WINDOW_MS = 3000;

/** Returns a click handler that calls `onTrigger` once `count` clicks land inside `windowMs`. */
export const useQuickClicks = (
  onTrigger: () => void,
  count = HIDDEN_MENU_CLICKS,
  windowMs = HIDDEN_MENU_WINDOW_MS,
) => {
  const clicks = useRef<number[]>([]);
  return useCallback(() => {
    const now = Date.now();
    clicks.current = [...clicks.current.filter((at) => now - at < windowMs), now];
    if (clicks.current.length >= count) {
      clicks.current = [];
      onTrigger();
    }
  }, [onTrigger, count, windowMs]);
};
