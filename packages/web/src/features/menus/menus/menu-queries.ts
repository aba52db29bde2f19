import {
  API_BASE,
  buildPath,
  getMenuOp,
  listMenuShopsOp,
  meOp,
  type TMenu,
  type TOperation,
  type TShopKind,
  type TUploadedImage,
  type TUserType,
  uploadMenuImageOp,
  ZApiError,
  ZUploadedImage,
} from '@shopdesk/contract';
import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { ApiClientError, callApi, NETWORK_ERROR, type TCallArgs } from '../../../lib/api';
import { useApiMutation, useApiQuery } from '../../../lib/api-query';

/** One key family per shop's menu: every write refreshes exactly that shop's menu. */
export const menuKeys = {
  all: ['menus'] as const,
  shops: (type: TUserType, q: string, kind: TShopKind) => ['menus', 'shops', type, q, kind] as const,
  menu: (type: TUserType, accountId: number) => ['menus', 'menu', type, accountId] as const,
};

export const useMenuShops = (type: TUserType, q: string, kind: TShopKind) =>
  useApiQuery(
    listMenuShopsOp,
    { params: { type }, query: { q: q || undefined, kind, limit: 20 } },
    { queryKey: menuKeys.shops(type, q, kind), placeholderData: keepPreviousData },
  );

export const useMenu = (type: TUserType, accountId: number | null) =>
  useApiQuery(
    getMenuOp,
    { params: { type, accountId: accountId ?? 0 } },
    { queryKey: menuKeys.menu(type, accountId ?? 0), enabled: accountId !== null, staleTime: 0 },
  );

/** Reads and rewrites the cached menu (optimistic reordering). */
export const useMenuCache = (type: TUserType, accountId: number) => {
  const client = useQueryClient();
  const key = menuKeys.menu(type, accountId);
  return {
    refresh: useCallback(() => client.invalidateQueries({ queryKey: key }), [client, key]),
    patch: (change: (menu: TMenu) => TMenu) =>
      client.setQueryData<TMenu>(key, (menu) => (menu ? change(menu) : menu)),
  };
};

/** A menu write: any menu operation, the shop's menu refetched after it, success or not. */
export const useMenuWrite = <O extends TOperation>(op: O, type: TUserType, accountId: number) => {
  const { refresh } = useMenuCache(type, accountId);
  const mutation = useApiMutation(op, { onSettled: () => void refresh() });
  return {
    isPending: mutation.isPending,
    run: (args: Omit<TCallArgs<O>, 'params'> & { params?: Record<string, number> }) =>
      mutation.mutateAsync({
        ...args,
        params: { type, accountId, ...args.params },
      } as unknown as TCallArgs<O>),
  };
};

/**
 * Image upload: multipart (field `file`), which callApi (JSON only) does not send; its errors become
 * ApiClientError like every other call's.
 */
export const uploadMenuImage = async (
  type: TUserType,
  accountId: number,
  file: File,
): Promise<TUploadedImage> => {
  const form = new FormData();
  form.append('file', file, file.name);
  let res: Response;
  try {
    res = await fetch(`${API_BASE}${buildPath(uploadMenuImageOp.path, { type, accountId })}`, {
      method: 'POST',
      body: form,
      credentials: 'same-origin',
    });
  } catch (err) {
    throw new ApiClientError({ status: 0, code: NETWORK_ERROR, message: (err as Error).message });
  }
  const body: unknown = await res.json().catch(() => null);
  if (!res.ok) {
    // spec 000 §4: a 401 on any call logs out; callApi owns that signal, asking /me lets it fire.
    if (res.status === 401) void callApi(meOp, {}).catch(() => {});
    const parsed = ZApiError.safeParse(body);
    if (parsed.success) throw new ApiClientError({ status: res.status, ...parsed.data.error });
    throw new ApiClientError({ status: res.status, code: `HTTP_${res.status}`, message: res.statusText });
  }
  return ZUploadedImage.parse(body);
};
