import { API_BASE, DASHBOARD_EVENTS_PATH } from '@shopdesk/contract';
import { useEffect, useRef, useState } from 'react';

/** 'live' the stream is open; 'lost' it broke (EventSource retries by itself; the page polls slowly meanwhile). */
export type TPlatformFeedState = 'connecting' | 'live' | 'lost';

/**
 * Follows the platform's order feed for /dashboard and /charts (GET /gaa/dashboard/events, the gaa cookie): `onChange` runs when any
 * shop's orders moved (the server sends at most one event per 2 s) and once after a reconnect, since
 * events while the stream was down are not replayed.
 */
export const usePlatformFeed = (onChange: () => void) => {
  const [state, setState] = useState<TPlatformFeedState>('connecting');
  const ref = useRef(onChange);
  ref.current = onChange;
  useEffect(() => {
    const es = new EventSource(`${API_BASE}${DASHBOARD_EVENTS_PATH}`);
    let wasLost = false;
    es.onopen = () => {
      setState('live');
      if (wasLost) ref.current();
      wasLost = false;
    };
    es.onerror = () => {
      wasLost = true;
      setState('lost');
    };
    es.addEventListener('changed', () => ref.current());
    return () => es.close();
  }, []);
  return state;
};
