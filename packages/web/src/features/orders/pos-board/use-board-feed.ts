import { API_BASE, POS_BOARD_EVENTS_PATH, type TBoardEvent, ZBoardEvent } from '@shopdesk/contract';
import { useEffect, useRef, useState } from 'react';

/** 'live' connected; 'lost' the stream broke (EventSource retries); 'back' reconnected after a loss. */
export type TFeedState = 'connecting' | 'live' | 'lost' | 'back';

const RECREATE_MS = 3_000;
const BACK_BANNER_MS = 6_000;

/**
 * Follows the shop's order feed (Server-Sent Events, the POS cookie). The first connection starts after
 * the board's cursor (?after=); EventSource itself reconnects with Last-Event-ID so nothing is missed.
 * When the browser gives up (the stream was refused), a new EventSource is made a few seconds later and
 * `onGiveUp` is asked first (the board checks its sign-in). `onResync` runs after a reconnect and on
 * `event: reset`: the board reloads its orders.
 */
export const useBoardFeed = (
  after: number | undefined,
  handlers: { onEvent: (e: TBoardEvent) => void; onResync: () => void; onGiveUp: () => Promise<boolean> },
) => {
  const [state, setState] = useState<TFeedState>('connecting');
  const ref = useRef(handlers);
  ref.current = handlers;
  const started = after !== undefined;

  // biome-ignore lint/correctness/useExhaustiveDependencies: the cursor only matters for the first connection
  useEffect(() => {
    if (!started) return;
    let source: EventSource | null = null;
    let lastId = after;
    let wasLost = false;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;

    const open = () => {
      const es = new EventSource(`${API_BASE}${POS_BOARD_EVENTS_PATH}?after=${lastId}`);
      source = es;
      es.onopen = () => {
        if (wasLost) {
          wasLost = false;
          setState('back');
          ref.current.onResync();
          clearTimeout(timer);
          timer = setTimeout(() => setState((s) => (s === 'back' ? 'live' : s)), BACK_BANNER_MS);
        } else setState('live');
      };
      es.onerror = () => {
        wasLost = true;
        setState('lost');
        if (es.readyState === EventSource.CLOSED && !stopped) {
          es.close();
          timer = setTimeout(async () => {
            if (stopped) return;
            if (await ref.current.onGiveUp()) open();
          }, RECREATE_MS);
        }
      };
      es.addEventListener('order', (m) => {
        const msg = m as MessageEvent<string>;
        const parsed = ZBoardEvent.safeParse(JSON.parse(msg.data));
        if (!parsed.success) return;
        lastId = Math.max(lastId, parsed.data.id);
        ref.current.onEvent(parsed.data);
      });
      es.addEventListener('reset', () => ref.current.onResync());
    };
    open();
    // A tablet that loses its Wi-Fi says so at once (a dead TCP stream may take minutes to error out);
    // back online, a fresh stream resumes after the last event seen.
    const onOffline = () => {
      clearTimeout(timer);
      source?.close();
      wasLost = true;
      setState('lost');
    };
    const onOnline = () => {
      if (stopped) return;
      clearTimeout(timer);
      source?.close();
      open();
    };
    window.addEventListener('offline', onOffline);
    window.addEventListener('online', onOnline);
    return () => {
      stopped = true;
      clearTimeout(timer);
      source?.close();
      window.removeEventListener('offline', onOffline);
      window.removeEventListener('online', onOnline);
    };
  }, [started]);

  return state;
};
