import type { z } from 'zod';
import type { TUserType } from './user-types';

export type THttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One API operation: its path (Fastify style, under /console/apis), its schemas and who may call it.
 * The server registers it, the web calls it, the form validates with it: one shape, one place.
 */
export type TOperation<
  P extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
> = {
  method: THttpMethod;
  path: string;
  summary: string;
  /** Spec section the call comes from, e.g. "000 §7 Session". */
  spec?: string;
  /**
   * User types allowed; 'public' means no session is needed; 'pos' means a signed-in point-of-sale user
   * (the POS cookie or `Authorization: Bearer <token>` from POST /qcpos/signin); 'client' means an
   * API client's key (`Authorization: Bearer sdk_…`, /extra/app-mngmt).
   */
  allow: readonly TUserType[] | 'public' | 'pos' | 'client';
  params?: P;
  query?: Q;
  body?: B;
  response: R;
  /** A file upload: the body is multipart/form-data with the file in this field (no JSON body schema). */
  multipartFile?: string;
  /** Response status on success (default 200). */
  status?: number;
};

export const defineOperation = <
  P extends z.ZodType,
  Q extends z.ZodType,
  B extends z.ZodType,
  R extends z.ZodType,
>(
  op: TOperation<P, Q, B, R>,
) => op;

export const API_BASE = '/console/apis';

/** Fills `:name` segments of an operation path. */
export const buildPath = (path: string, params: Record<string, string | number> = {}): string =>
  path.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
