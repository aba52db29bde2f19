import {
  API_BASE,
  buildPath,
  salesOrdersOp,
  type TExportFormat,
  type TOperation,
  vouchersOp,
} from '@shopdesk/contract';
import { keepPreviousData } from '@tanstack/react-query';
import type { TCallArgs } from '../../../lib/api';
import { ApiClientError } from '../../../lib/api';
import { useApiQuery } from '../../../lib/api-query';

export const salesKeys = {
  all: ['sales'] as const,
  orders: (args: unknown) => ['sales', 'orders', args] as const,
  vouchers: (args: unknown) => ['sales', 'vouchers', args] as const,
};

export const useSalesOrders = (args: TCallArgs<typeof salesOrdersOp>, enabled: boolean) =>
  useApiQuery(salesOrdersOp, args, {
    queryKey: salesKeys.orders(args),
    enabled,
    placeholderData: keepPreviousData,
  });

export const useVouchers = (args: TCallArgs<typeof vouchersOp>, enabled: boolean) =>
  useApiQuery(vouchersOp, args, {
    queryKey: salesKeys.vouchers(args),
    enabled,
    placeholderData: keepPreviousData,
  });

export { textOf } from '../../../lib/message-text';

/** The file name the server chose (content-disposition filename*), else a fallback. */
const fileNameOf = (header: string | null, fallback: string) => {
  const star = header?.match(/filename\*=UTF-8''([^;]+)/i)?.[1];
  if (star) return decodeURIComponent(star);
  return header?.match(/filename="([^"]+)"/i)?.[1] ?? fallback;
};

/**
 * Downloads an export with the session cookie: fetch, then save the blob. The server streams the file;
 * an error answer (a date rule, a time-out) is JSON and is thrown as ApiClientError instead of being saved.
 */
export const downloadExport = async (
  op: TOperation,
  params: Record<string, string>,
  query: Record<string, string | number | boolean | undefined>,
  format: TExportFormat,
) => {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries({ ...query, format }))
    if (v !== undefined && String(v) !== '') search.set(k, String(v));
  const res = await fetch(`${API_BASE}${buildPath(op.path, params)}?${search}`, {
    credentials: 'same-origin',
  });
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as {
      error?: { code: string; message: string; messageEn?: string; field?: string };
    } | null;
    throw new ApiClientError({
      status: res.status,
      ...(body?.error ?? { code: `HTTP_${res.status}`, message: res.statusText }),
    });
  }
  const blob = await res.blob();
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = fileNameOf(res.headers.get('content-disposition'), `export.${format}`);
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
};
