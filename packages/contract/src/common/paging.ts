import { z } from 'zod';
import { PG_INT, zQueryInt, zText } from './bounds';

/** One paging shape for every list (STYLE.md): offset/limit/sort in, total + rows out. */
export const ZPagingQuery = z.object({
  offset: zQueryInt(0, PG_INT.max).default(0),
  limit: z.coerce.number().int().min(1).max(200).default(15),
  sort: zText().max(64).optional(),
});
export type TPagingQuery = z.infer<typeof ZPagingQuery>;

/** Parses a sort string such as "-accountId" or "name" against the allowed keys. */
export const parseSort = <K extends string>(
  sort: string | undefined,
  allowed: readonly K[],
  fallback: { key: K; desc: boolean },
): { key: K; desc: boolean } => {
  if (!sort) return fallback;
  const desc = sort.startsWith('-');
  const key = (desc ? sort.slice(1) : sort) as K;
  return allowed.includes(key) ? { key, desc } : fallback;
};
