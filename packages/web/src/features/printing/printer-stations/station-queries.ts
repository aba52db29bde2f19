import {
  assignStationPrintersOp,
  createStationOp,
  deleteStationOp,
  getStationSettingsOp,
  listClassProductsOp,
  listNegativeProductsOp,
  listStationClassesOp,
  listStationPrintersOp,
  listStationsOp,
  saveNegativeProductsOp,
  setOriginPrintersOp,
  setStationClassesOp,
  setStationSettingsOp,
  syncStationPrintersOp,
  updateStationOp,
} from '@shopdesk/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useApiMutation, useApiQuery } from '../../../lib/api-query';

/** One key family per shop: every write of the page refreshes all of it. */
export const stationKeys = {
  shop: (accountId: number) => ['printer-stations', accountId] as const,
  part: (accountId: number, part: string, ...rest: unknown[]) =>
    ['printer-stations', accountId, part, ...rest] as const,
};

const fresh = { staleTime: 0 };
export const useStationSettings = (accountId: number, enabled = true) =>
  useApiQuery(
    getStationSettingsOp,
    { params: { accountId } },
    { ...fresh, enabled, queryKey: stationKeys.part(accountId, 'settings') },
  );
export const useStations = (accountId: number) =>
  useApiQuery(
    listStationsOp,
    { params: { accountId } },
    { ...fresh, queryKey: stationKeys.part(accountId, 'stations') },
  );
export const useStationPrinters = (accountId: number) =>
  useApiQuery(
    listStationPrintersOp,
    { params: { accountId } },
    { ...fresh, queryKey: stationKeys.part(accountId, 'printers') },
  );
export const useStationClasses = (accountId: number) =>
  useApiQuery(
    listStationClassesOp,
    { params: { accountId } },
    { ...fresh, queryKey: stationKeys.part(accountId, 'classes') },
  );

/** A class's products and the station's negative products of it, read when its panel opens. */
export const useClassProducts = (accountId: number, sku: string, stationId: number, enabled: boolean) => {
  const products = useApiQuery(
    listClassProductsOp,
    { params: { sku }, query: { accountId } },
    { ...fresh, enabled, queryKey: stationKeys.part(accountId, 'products', sku) },
  );
  const negatives = useApiQuery(
    listNegativeProductsOp,
    { params: { sku }, query: { accountId, stationId } },
    { ...fresh, enabled, queryKey: stationKeys.part(accountId, 'negatives', sku, stationId) },
  );
  return { products, negatives };
};

export const useStationWrites = (accountId: number) => {
  const client = useQueryClient();
  const onSuccess = () => client.invalidateQueries({ queryKey: stationKeys.shop(accountId) });
  const params = { accountId };
  const setSwitch = useApiMutation(setStationSettingsOp, { onSuccess });
  const create = useApiMutation(createStationOp, { onSuccess });
  const update = useApiMutation(updateStationOp, { onSuccess });
  const remove = useApiMutation(deleteStationOp, { onSuccess });
  const assign = useApiMutation(assignStationPrintersOp, { onSuccess });
  const sync = useApiMutation(syncStationPrintersOp, { onSettled: onSuccess });
  const origins = useApiMutation(setOriginPrintersOp, { onSuccess });
  const classes = useApiMutation(setStationClassesOp, { onSuccess });
  const negatives = useApiMutation(saveNegativeProductsOp, { onSuccess });
  return {
    syncing: sync.isPending,
    setSwitch: (isStation: boolean) => setSwitch.mutateAsync({ params, body: { isStation } }),
    create: (stationData: { name?: string; times?: number }) =>
      create.mutateAsync({ params, body: { stationData } }),
    update: (id: number, stationData: { name: string; times: number }) =>
      update.mutateAsync({ params: { ...params, id }, body: { stationData } }),
    remove: (id: number) => remove.mutateAsync({ params: { ...params, id } }),
    assign: (did: string, stationIds: number[]) =>
      assign.mutateAsync({ params, body: { data: [{ did, stationIds }] } }),
    sync: () => sync.mutateAsync({ params, body: { shopId: accountId } }),
    setOrigins: (originPrinterDidArr: string[]) =>
      origins.mutateAsync({ params, body: { originPrinterDidArr, shopId: accountId } }),
    setClasses: (stationId: number, stationHasClass: string[]) =>
      classes.mutateAsync({ params, body: { stationId, stationHasClass } }),
    setNegatives: (
      stationId: number,
      negativeCartProducts: { productId: number; classSku: string }[],
      resetNegativeCartProductsClasses: string[],
    ) =>
      negatives.mutateAsync({
        body: { accountId, stationId, negativeCartProducts, resetNegativeCartProductsClasses },
      }),
  };
};
export type TStationWrites = ReturnType<typeof useStationWrites>;
