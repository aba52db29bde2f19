import { useCallback, useRef, useState } from 'react';

/**
 * A save handler that runs once at a time (a double-clicked Finish opened two shops). The lock is
 * a ref, set in the click itself: the mutation's isPending reaches the button only after a re-render, and
 * antd's Form validates asynchronously before onFinish, so a second click can land before either. Clicks
 * while it runs are dropped; `busy` is for the button's `loading` (antd ignores clicks on a loading button).
 */
export const useOneAtATime = <A extends unknown[]>(handler: (...args: A) => Promise<unknown> | unknown) => {
  const latest = useRef(handler);
  latest.current = handler;
  const running = useRef(false);
  const [busy, setBusy] = useState(false);
  const run = useCallback(async (...args: A) => {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    try {
      await latest.current(...args);
    } finally {
      running.current = false;
      setBusy(false);
    }
  }, []);
  return [run, busy] as const;
};
