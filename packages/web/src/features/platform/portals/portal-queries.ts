import {
  API_BASE,
  addPortalShopsOp,
  createPortalOp,
  deletePortalOp,
  getPortalOp,
  getPortalShopOp,
  listPortalShopsOp,
  listPortalsOp,
  meOp,
  portalCandidatesOp,
  portalShopsOverviewOp,
  removePortalShopOp,
  reorderPortalShopsOp,
  updatePortalOp,
  updatePortalShopOp,
  uploadPortalLogoOp,
  ZApiError,
  ZUploadedLogo,
} from '@shopdesk/contract';
import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import { ApiClientError, callApi, NETWORK_ERROR } from '../../../lib/api';
import { useApiMutation, useApiQuery } from '../../../lib/api-query';

/** One key family for every portal call: a change anywhere refetches what the portal pages show. */
export const portalKeys = {
  all: ['portals'] as const,
  list: (q: object) => ['portals', 'list', q] as const,
  one: (key: string) => ['portals', 'one', key] as const,
  shops: (key: string, q: object) => ['portals', 'shops', key, q] as const,
  candidates: (key: string, q: object) => ['portals', 'candidates', key, q] as const,
  entry: (key: string, shopId: number) => ['portals', 'entry', key, shopId] as const,
  overview: (q: object) => ['portals', 'overview', q] as const,
};

type TListQuery = { q?: string; offset: number; limit: number };

export const usePortals = (query: TListQuery) =>
  useApiQuery(
    listPortalsOp,
    { query },
    { queryKey: portalKeys.list(query), placeholderData: keepPreviousData },
  );
/** One portal; `enabled: false` (the create form) asks nothing. */
export const usePortal = (portalKey: string, enabled = true) =>
  useApiQuery(
    getPortalOp,
    { params: { portalKey } },
    { queryKey: portalKeys.one(portalKey), enabled: enabled && portalKey !== '' },
  );
export const usePortalShops = (portalKey: string, query: TListQuery) =>
  useApiQuery(
    listPortalShopsOp,
    { params: { portalKey }, query },
    { queryKey: portalKeys.shops(portalKey, query), placeholderData: keepPreviousData },
  );
export const usePortalCandidates = (portalKey: string, query: TListQuery) =>
  useApiQuery(
    portalCandidatesOp,
    { params: { portalKey }, query },
    { queryKey: portalKeys.candidates(portalKey, query), placeholderData: keepPreviousData },
  );
export const usePortalShop = (portalKey: string, shopId: number) =>
  useApiQuery(
    getPortalShopOp,
    { params: { portalKey, shopId } },
    { queryKey: portalKeys.entry(portalKey, shopId) },
  );
export const usePortalOverview = (query: TListQuery) =>
  useApiQuery(
    portalShopsOverviewOp,
    { query },
    { queryKey: portalKeys.overview(query), placeholderData: keepPreviousData },
  );

/** The portal mutations; each refetches the whole family once it succeeds. */
export const usePortalMutations = () => {
  const qc = useQueryClient();
  const onSuccess = () => qc.invalidateQueries({ queryKey: portalKeys.all });
  return {
    create: useApiMutation(createPortalOp, { onSuccess }),
    update: useApiMutation(updatePortalOp, { onSuccess }),
    remove: useApiMutation(deletePortalOp, { onSuccess }),
    addShops: useApiMutation(addPortalShopsOp, { onSuccess }),
    updateShop: useApiMutation(updatePortalShopOp, { onSuccess }),
    removeShop: useApiMutation(removePortalShopOp, { onSuccess }),
    reorder: useApiMutation(reorderPortalShopsOp, { onSuccess }),
  };
};

/** The published page's address (served by the server, outside the console's basename). */
export const publicPortalUrl = (key: string) => `${window.location.origin}/p/${encodeURIComponent(key)}`;

/**
 * The logo upload: multipart (field `file`), which callApi (JSON only) does not send; its errors become
 * ApiClientError like every other call's (as the menu image upload does).
 */
export const uploadPortalLogo = async (file: File) => {
  const form = new FormData();
  form.append('file', file, file.name);
  let res: Response;
  try {
    res = await fetch(`${API_BASE}${uploadPortalLogoOp.path}`, {
      method: 'POST',
      body: form,
      credentials: 'same-origin',
    });
  } catch (err) {
    throw new ApiClientError({ status: 0, code: NETWORK_ERROR, message: (err as Error).message });
  }
  const body: unknown = await res.json().catch(() => null);
  if (!res.ok) {
    if (res.status === 401) void callApi(meOp, {}).catch(() => {});
    const parsed = ZApiError.safeParse(body);
    if (parsed.success) throw new ApiClientError({ status: res.status, ...parsed.data.error });
    throw new ApiClientError({ status: res.status, code: `HTTP_${res.status}`, message: res.statusText });
  }
  return ZUploadedLogo.parse(body);
};
