import { useEffect, useRef } from 'react';
import { playNewOrder } from './board-sound';

/** The new-order chime repeats this often while an order waits ("keeps ringing"). */
export const RING_EVERY_MS = 4_000;
const BLINK_EVERY_MS = 1_000;

/**
 * While `waiting` > 0: ring every few seconds and blink the tab title between the page title and the
 * waiting count, until every new order is accepted or rejected; one more order chimes at once. The title
 * is restored when it stops.
 */
export const useAttention = (waiting: number, blinkText: string) => {
  const text = useRef(blinkText);
  text.current = blinkText;
  const previous = useRef(waiting);
  const active = waiting > 0;

  useEffect(() => {
    if (waiting > previous.current) playNewOrder();
    previous.current = waiting;
  }, [waiting]);

  useEffect(() => {
    if (!active) return;
    const base = document.title;
    const ring = setInterval(playNewOrder, RING_EVERY_MS);
    let on = false;
    const blink = setInterval(() => {
      on = !on;
      document.title = on ? text.current : base;
    }, BLINK_EVERY_MS);
    return () => {
      clearInterval(ring);
      clearInterval(blink);
      document.title = base;
    };
  }, [active]);
};
