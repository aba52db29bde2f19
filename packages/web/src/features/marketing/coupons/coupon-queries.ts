import {
  addCampaignShopsOp,
  couponShopsOp,
  createCampaignOp,
  getVoucherOp,
  listCampaignShopsOp,
  listCampaignsOp,
  listVouchersOp,
  PG_INT,
  removeCampaignShopOp,
  sendCampaignOp,
  type TCampaign,
  updateCampaignOp,
} from '@shopdesk/contract';
import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import { useApiMutation, useApiQuery } from '../../../lib/api-query';

/** One key family for every coupon call: a change anywhere refetches what the campaign pages show. */
export const couponKeys = {
  all: ['coupons'] as const,
  list: (q: object) => ['coupons', 'list', q] as const,
  shops: (id: number) => ['coupons', 'shops', id] as const,
  siShops: ['coupons', 'si-shops'] as const,
  vouchers: (id: number, q: object) => ['coupons', 'vouchers', id, q] as const,
  voucher: (id: number, voucherId: number) => ['coupons', 'voucher', id, voucherId] as const,
};

/** A campaign still being sent: its page refreshes the progress every 2 s until every push has an outcome. */
export const inProgress = (c: TCampaign) =>
  c.status === 'sending' || (c.status === 'sent' && c.progress.sent + c.progress.failed < c.progress.issued);
const POLL_MS = 2_000;

type TPage = { offset: number; limit: number; q?: string };

export const useCampaigns = (query: TPage) =>
  useApiQuery(
    listCampaignsOp,
    { query },
    {
      queryKey: couponKeys.list(query),
      placeholderData: keepPreviousData,
      refetchInterval: (q) => (q.state.data?.rows.some(inProgress) ? POLL_MS : false),
    },
  );
/** A number a route may name as an id (anything else, "abc" or too large, names nothing). */
export const routeId = (raw: string | undefined) => {
  const n = Number(raw);
  return Number.isInteger(n) && n >= 1 && n <= PG_INT.max ? n : 0;
};

/**
 * The campaign a group page opens, read through the SI's campaign list filtered to its id, never through the
 * detail call: a stale or mistyped link (another SI's campaign, a number that is no campaign) is then an empty
 * list, `missing`, and the page says so instead of answering a 404 (docs/decisions/marketing.md "Coupon campaigns").
 */
export const useListedCampaign = (groupId: number) => {
  const query = { id: groupId, offset: 0, limit: 1 };
  const r = useApiQuery(
    listCampaignsOp,
    { query },
    {
      queryKey: couponKeys.list(query),
      enabled: groupId > 0,
      refetchInterval: (q) => (q.state.data?.rows.some(inProgress) ? POLL_MS : false),
    },
  );
  const campaign = r.data?.rows.find((c) => c.id === groupId);
  return { ...r, campaign, missing: groupId === 0 || (r.isSuccess && !campaign) };
};
export const useCampaignShops = (id: number, enabled: boolean) =>
  useApiQuery(listCampaignShopsOp, { params: { groupId: id } }, { queryKey: couponKeys.shops(id), enabled });
export const useSiCouponShops = () =>
  useApiQuery(couponShopsOp, { query: { audienceDays: 90 } }, { queryKey: couponKeys.siShops });
export const useVouchers = (id: number, query: TPage, poll: boolean) =>
  useApiQuery(
    listVouchersOp,
    { params: { groupId: id }, query },
    {
      queryKey: couponKeys.vouchers(id, query),
      placeholderData: keepPreviousData,
      refetchInterval: poll ? POLL_MS : false,
    },
  );
/** A voucher of a listed campaign: its detail is read only once the campaign's voucher list holds its id. */
export const useListedVoucher = (groupId: number, voucherId: number, campaignListed: boolean) => {
  const query = { id: voucherId, offset: 0, limit: 1 };
  const listed = useApiQuery(
    listVouchersOp,
    { params: { groupId }, query },
    { queryKey: couponKeys.vouchers(groupId, query), enabled: campaignListed && voucherId > 0 },
  );
  const found = Boolean(listed.data?.rows.some((v) => v.id === voucherId));
  const detail = useApiQuery(
    getVoucherOp,
    { params: { groupId, voucherId } },
    { queryKey: couponKeys.voucher(groupId, voucherId), enabled: found },
  );
  return {
    detail,
    error: listed.error ?? detail.error,
    missing: voucherId === 0 || (listed.isSuccess && !found),
  };
};

export const useCouponMutations = () => {
  const qc = useQueryClient();
  const onSuccess = () => qc.invalidateQueries({ queryKey: couponKeys.all });
  return {
    create: useApiMutation(createCampaignOp, { onSuccess }),
    update: useApiMutation(updateCampaignOp, { onSuccess }),
    send: useApiMutation(sendCampaignOp, { onSuccess }),
    addShops: useApiMutation(addCampaignShopsOp, { onSuccess }),
    removeShop: useApiMutation(removeCampaignShopOp, { onSuccess }),
  };
};
