/**
 * The seed's one batching rule: every seed step writes its rows in slices of at most
 * SEED_BATCH rows a statement. One INSERT of 100,000 rows overflows the stack inside Drizzle's insert builder
 * (`RangeError: Maximum call stack size exceeded`), and PostgreSQL takes at most 65,535 parameters a
 * statement (500 rows × 40 columns stays below).
 */
export const SEED_BATCH = 500;

/**
 * Calls `write` on consecutive slices of `rows` (at most `size` each, in order) and returns what the calls
 * returned, concatenated in the same order (for `.returning()`).
 */
export const inBatches = async <T, R = never>(
  rows: readonly T[],
  // biome-ignore lint/suspicious/noConfusingVoidType: a step that returns nothing (an async block) is a write too
  write: (batch: T[], start: number) => Promise<readonly R[] | void>,
  size = SEED_BATCH,
): Promise<R[]> => {
  const out: R[] = [];
  for (let start = 0; start < rows.length; start += size) {
    const got = await write(rows.slice(start, start + size), start);
    if (got) out.push(...got);
  }
  return out;
};

/** 0, 1, …, n − 1: the indexes of generated rows, for `inBatches`. */
export const range = (n: number) => Array.from({ length: n }, (_, i) => i);
