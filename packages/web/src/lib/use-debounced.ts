import { useEffect, useState } from 'react';

/** The value once it has stopped changing for `ms` (typed text → one suggestion call). */
export const useDebounced = <T>(value: T, ms = 250): T => {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), ms);
    return () => window.clearTimeout(timer);
  }, [value, ms]);
  return settled;
};
