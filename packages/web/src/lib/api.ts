import { API_BASE, buildPath, type TOperation } from '@shopdesk/contract';
import type { z } from 'zod';

/**
 * An API call that did not succeed: the server's error body (contract errors.ts) plus the HTTP status.
 * `message` is the zh-TW text, as in the contract (the spec's wording when it gives one); `messageEn`
 * the English one. Pick by language with errorText() (error-text.ts).
 */
export class ApiClientError extends Error {
  readonly status: number;
  readonly code: string;
  readonly messageEn: string | undefined;
  readonly field: string | undefined;

  constructor(init: { status: number; code: string; message: string; messageEn?: string; field?: string }) {
    super(init.message);
    this.name = 'ApiClientError';
    this.status = init.status;
    this.code = init.code;
    this.messageEn = init.messageEn;
    this.field = init.field;
  }

  /** Same as `message`; kept for screens written before the name followed the contract. */
  get messageZh(): string {
    return this.message;
  }
}

/** status 0: the request never got an answer (offline, server down, aborted). */
export const NETWORK_ERROR = 'NETWORK_ERROR';
export const BAD_RESPONSE = 'BAD_RESPONSE';

// An operation without params/body/query infers the bare z.ZodType: those parts are then not accepted.
type Given<S> = z.ZodType extends S ? never : S;
type Part<K extends string, S, Required extends boolean> = [Given<S>] extends [never]
  ? { [k in K]?: undefined }
  : Required extends true
    ? { [k in K]: z.input<S> }
    : { [k in K]?: z.input<S> };

export type TCallArgs<O> =
  O extends TOperation<infer P, infer Q, infer B, z.ZodType>
    ? Part<'params', P, true> & Part<'query', Q, false> & Part<'body', B, true> & { signal?: AbortSignal }
    : never;

export type TResponse<O> =
  O extends TOperation<z.ZodType, z.ZodType, z.ZodType, infer R> ? z.output<R> : never;

/** Listeners told about a 401 on any call but sign-in (spec 000 §4, §8): the session provider logs out. */
const unauthorizedListeners = new Set<() => void>();
export const onUnauthorized = (listener: () => void) => {
  unauthorizedListeners.add(listener);
  return () => void unauthorizedListeners.delete(listener);
};

const toQueryString = (query: Record<string, unknown> | undefined): string => {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    for (const v of Array.isArray(value) ? value : [value]) search.append(key, String(v));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
};

const readError = async (res: Response): Promise<ApiClientError> => {
  const body: unknown = await res.json().catch(() => null);
  // Loaded here, not at the top: the schema is zod, which the login route's first load leaves out.
  const { ZApiError } = await import('./api-error-schema');
  const parsed = ZApiError.safeParse(body);
  if (parsed.success) return new ApiClientError({ status: res.status, ...parsed.data.error });
  // Not our JSON (a proxy page, a crash): keep the status so callers can still branch on it.
  return new ApiClientError({ status: res.status, code: `HTTP_${res.status}`, message: res.statusText });
};

/** Calls one contract operation: path from the contract, JSON in and out, the session cookie attached. */
export const callApi = async <O extends TOperation>(op: O, args: TCallArgs<O>): Promise<TResponse<O>> => {
  const { params, query, body, signal } = args as {
    params?: Record<string, string | number>;
    query?: Record<string, unknown>;
    body?: unknown;
    signal?: AbortSignal;
  };
  const url = `${API_BASE}${buildPath(op.path, params)}${toQueryString(query)}`;
  let res: Response;
  try {
    res = await fetch(url, {
      method: op.method,
      credentials: 'same-origin',
      headers: {
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (err) {
    if (signal?.aborted) throw err;
    throw new ApiClientError({ status: 0, code: NETWORK_ERROR, message: (err as Error).message });
  }
  if (!res.ok) {
    const error = await readError(res);
    // A wrong password (or a lapsed two-factor step, /signin/…) is a 401 too, but it is an answer to the
    // form, not a lost session. A POS call's
    // 401 is the device's sign-in, not the console user's: the board sends the device to /qcpos/login.
    if (res.status === 401 && op.allow !== 'pos' && !/\/signin(\/|$)/.test(op.path))
      for (const l of unauthorizedListeners) l();
    throw error;
  }
  const json: unknown = res.status === 204 ? {} : await res.json().catch(() => undefined);
  const parsed = op.response.safeParse(json);
  if (!parsed.success) {
    console.error(`Response of ${op.method} ${op.path} does not match the contract`, parsed.error.issues);
    throw new ApiClientError({ status: res.status, code: BAD_RESPONSE, message: 'Unexpected response' });
  }
  return parsed.data as TResponse<O>;
};
