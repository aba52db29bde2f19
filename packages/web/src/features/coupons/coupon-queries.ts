import {
  addCampaignShopsOp,
  couponShopsOp,
  createCampaignOp,
  getCampaignOp,
  getVoucherOp,
  listCampaignShopsOp,
  listCampaignsOp,
  listVouchersOp,
  removeCampaignShopOp,
  sendCampaignOp,
  type TCampaign,
  updateCampaignOp,
} from '@shopdesk/contract';
import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import { useApiMutation, useApiQuery } from '../../lib/api-query';

/** One key family for every coupon call: a change anywhere refetches what the campaign pages show. */
export const couponKeys = {
  all: ['coupons'] as const,
  list: (q: object) => ['coupons', 'list', q] as const,
  one: (id: number) => ['coupons', 'one', id] as const,
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
export const useCampaign = (id: number, enabled = true) =>
  useApiQuery(
    getCampaignOp,
    { params: { groupId: id } },
    {
      queryKey: couponKeys.one(id),
      enabled,
      refetchInterval: (q) => (q.state.data && inProgress(q.state.data.campaign) ? POLL_MS : false),
    },
  );
export const useCampaignShops = (id: number) =>
  useApiQuery(listCampaignShopsOp, { params: { groupId: id } }, { queryKey: couponKeys.shops(id) });
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
export const useVoucher = (id: number, voucherId: number) =>
  useApiQuery(
    getVoucherOp,
    { params: { groupId: id, voucherId } },
    { queryKey: couponKeys.voucher(id, voucherId) },
  );

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
