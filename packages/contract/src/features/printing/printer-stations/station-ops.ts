import { z } from 'zod';
import { PG_INT, zId, zQueryId, zText } from '../../../common/bounds';
import { defineOperation } from '../../../common/operation';
import { ZNames } from '../../menus/menus/menu-model';
import { ZPrinterState } from '../printers/printers';
import {
  STATION_LIMITS,
  STATION_USERS,
  ZStationId,
  ZStationName,
  ZStationSku,
  ZStationTimes,
} from './station-rules';

/**
 * The printer-station calls of spec 002 §7 (/gaa/accounts/{accountId}/…, /gaa/class-sku/…,
 * /gaa/negative-products), gaa only. Bodies keep the spec's names (stationData, originPrinterDidArr,
 * negativeCartProducts, resetNegativeCartProductsClasses). Class skus are unique per shop only, so the
 * class-sku and negative-product calls also carry the shop (docs/decisions/printing.md "Printer stations").
 */
const ZAccountParams = z.object({ accountId: zQueryId().max(PG_INT.max) });
const ZStationParams = ZAccountParams.extend({ id: zQueryId() });
const SPEC = '002 §7 Printer stations';

/** spec 002 §3 "Printer station": stationId, name, times, stationHasClass (the skus of its classes). */
export const ZStation = z.object({
  stationId: z.number().int(),
  name: zText(),
  times: z.number().int(),
  stationHasClass: z.array(zText()),
  /** The station's printers (dids), also listed per printer in the printers call. */
  printerDids: z.array(zText()),
  negativeProductCount: z.number().int(),
});
export type TStation = z.infer<typeof ZStation>;

/** spec 002 §3 "Printer entry": printerId, printerName, did, type ('label' for a label printer), stations. */
export const ZStationPrinter = z.object({
  printerId: z.number().int(),
  printerName: zText(),
  did: zText(),
  type: z.enum(['label', 'receipt']),
  model: zText(),
  state: ZPrinterState,
  isOrigin: z.boolean(),
  stations: z.array(z.object({ stationId: z.number().int(), stationName: zText() })),
});
export type TStationPrinter = z.infer<typeof ZStationPrinter>;

export const ZStationSettings = z.object({
  accountId: z.number().int(),
  shopName: zText(),
  /** The shop's branch-station printing switch (accounts.is_station, spec 001 §3 account flags). */
  isStation: z.boolean(),
  stationCount: z.number().int(),
});
export type TStationSettings = z.infer<typeof ZStationSettings>;

/** spec 002 §3 "Product class: sku, nameArr" (names), with the stations that print it. */
export const ZStationClass = z.object({ sku: zText(), names: ZNames, stationIds: z.array(z.number().int()) });
export type TStationClass = z.infer<typeof ZStationClass>;

export const ZStationProduct = z.object({
  productId: z.number().int(),
  names: ZNames,
  price: z.number().int(),
});
export type TStationProduct = z.infer<typeof ZStationProduct>;

export const ZNegativeCartProduct = z.object({ productId: zId(), classSku: ZStationSku });
export type TNegativeCartProduct = z.infer<typeof ZNegativeCartProduct>;

const stationsResponse = z.object({ stations: z.array(ZStation) });
const printersResponse = z.object({ printers: z.array(ZStationPrinter) });
const originResponse = z.object({ originPrinterDidArr: z.array(zText()) });

export const listStationPrintersOp = defineOperation({
  method: 'GET',
  path: '/gaa/accounts/:accountId/printer-station/printers',
  summary: "The shop's printers with the stations each prints for",
  spec: SPEC,
  allow: STATION_USERS,
  params: ZAccountParams,
  response: printersResponse,
});

export const listOriginPrintersOp = defineOperation({
  method: 'GET',
  path: '/gaa/accounts/:accountId/printer-station/origin-printers',
  summary: 'The printers that keep printing the whole order when stations are on',
  spec: SPEC,
  allow: STATION_USERS,
  params: ZAccountParams,
  response: originResponse,
});

export const listStationsOp = defineOperation({
  method: 'GET',
  path: '/gaa/accounts/:accountId/printer-station/stations',
  summary: "The shop's stations",
  spec: SPEC,
  allow: STATION_USERS,
  params: ZAccountParams,
  response: stationsResponse,
});

export const getStationSettingsOp = defineOperation({
  method: 'GET',
  path: '/gaa/accounts/:accountId/printer-station/station/settings',
  summary: "The shop's branch-station printing switch and its station count",
  spec: SPEC,
  allow: STATION_USERS,
  params: ZAccountParams,
  response: ZStationSettings,
});

/** Ours: the spec names no call for the switch (docs/decisions/printing.md "Printer stations"). */
export const setStationSettingsOp = defineOperation({
  method: 'PATCH',
  path: '/gaa/accounts/:accountId/printer-station/station/settings',
  summary: 'Turn branch-station printing on or off (ours: the switch of the page)',
  spec: `${SPEC} (ours)`,
  allow: STATION_USERS,
  params: ZAccountParams,
  body: z.object({ isStation: z.boolean() }),
  response: ZStationSettings,
});

export const listStationClassesOp = defineOperation({
  method: 'GET',
  path: '/gaa/accounts/:accountId/classes',
  summary: "The shop's menu classes with the stations that print each",
  spec: SPEC,
  allow: STATION_USERS,
  params: ZAccountParams,
  response: z.object({ classes: z.array(ZStationClass) }),
});

export const createStationOp = defineOperation({
  method: 'POST',
  path: '/gaa/accounts/:accountId/printer-station/station',
  summary: "Add a station (name 'new station N' when none is given; print times 1)",
  spec: SPEC,
  allow: STATION_USERS,
  params: ZAccountParams,
  body: z.object({
    stationData: z.object({ name: ZStationName.optional(), times: ZStationTimes.optional() }).default({}),
  }),
  response: z.object({ station: ZStation }),
  status: 201,
});

export const updateStationOp = defineOperation({
  method: 'PATCH',
  path: '/gaa/accounts/:accountId/printer-station/stations/:id',
  summary: 'Rename a station or set its print times',
  spec: SPEC,
  allow: STATION_USERS,
  params: ZStationParams,
  body: z.object({ stationData: z.object({ name: ZStationName, times: ZStationTimes }) }),
  response: z.object({ station: ZStation }),
});

export const deleteStationOp = defineOperation({
  method: 'DELETE',
  path: '/gaa/accounts/:accountId/printer-station/stations/:id',
  summary: 'Delete a station (its classes, printers and negative products with it)',
  spec: SPEC,
  allow: STATION_USERS,
  params: ZStationParams,
  response: z.object({ stationId: z.number().int() }),
});

export const assignStationPrintersOp = defineOperation({
  method: 'POST',
  path: '/gaa/accounts/:accountId/printer-station/printers',
  summary: 'Set the stations of the listed printers (each entry replaces that printer’s stations)',
  spec: SPEC,
  allow: STATION_USERS,
  params: ZAccountParams,
  body: z.object({
    data: z
      .array(z.object({ did: z.uuid(), stationIds: z.array(ZStationId).max(STATION_LIMITS.stations) }))
      .max(STATION_LIMITS.printers),
  }),
  response: printersResponse,
});

export const syncStationPrintersOp = defineOperation({
  method: 'PATCH',
  path: '/gaa/accounts/:accountId/printer-station/printers',
  summary: "Sync: register the shop's printers with the printer service again and read their state",
  spec: SPEC,
  allow: STATION_USERS,
  params: ZAccountParams,
  body: z.object({ shopId: zId() }),
  response: printersResponse,
});

export const setOriginPrintersOp = defineOperation({
  method: 'POST',
  path: '/gaa/accounts/:accountId/printer-station/origin-printers',
  summary: 'Set the printers that keep printing the whole order',
  spec: SPEC,
  allow: STATION_USERS,
  params: ZAccountParams,
  body: z.object({ originPrinterDidArr: z.array(z.uuid()).max(STATION_LIMITS.printers), shopId: zId() }),
  response: originResponse,
});

export const setStationClassesOp = defineOperation({
  method: 'POST',
  path: '/gaa/accounts/:accountId/classes',
  summary: "Set a station's classes (stationHasClass); a class taken off drops its negative products",
  spec: SPEC,
  allow: STATION_USERS,
  params: ZAccountParams,
  body: z.object({
    stationId: ZStationId,
    stationHasClass: z.array(ZStationSku).max(STATION_LIMITS.classes),
  }),
  response: z.object({ station: ZStation }),
});

const ZClassSkuParams = z.object({ sku: ZStationSku });
const ZClassSkuQuery = z.object({ accountId: zQueryId(), stationId: zQueryId().optional() });

export const listClassProductsOp = defineOperation({
  method: 'GET',
  path: '/gaa/class-sku/:sku/products',
  summary: "A class's products (of the shop in accountId)",
  spec: SPEC,
  allow: STATION_USERS,
  params: ZClassSkuParams,
  query: ZClassSkuQuery,
  response: z.object({ products: z.array(ZStationProduct) }),
});

export const listNegativeProductsOp = defineOperation({
  method: 'GET',
  path: '/gaa/class-sku/:sku/negative-products',
  summary: "A class's products a station does not print (of the shop in accountId, the station in stationId)",
  spec: SPEC,
  allow: STATION_USERS,
  params: ZClassSkuParams,
  query: ZClassSkuQuery.required({ stationId: true }),
  response: z.object({ negativeCartProducts: z.array(ZNegativeCartProduct) }),
});

export const saveNegativeProductsOp = defineOperation({
  method: 'POST',
  path: '/gaa/negative-products',
  summary:
    "A station's unchecked products: the classes listed in reset are cleared, then the listed products stored",
  spec: SPEC,
  allow: STATION_USERS,
  body: z.object({
    accountId: zId(),
    stationId: ZStationId,
    negativeCartProducts: z.array(ZNegativeCartProduct).max(STATION_LIMITS.negativeProducts),
    resetNegativeCartProductsClasses: z.array(ZStationSku).max(STATION_LIMITS.classes),
  }),
  response: z.object({ negativeCartProducts: z.array(ZNegativeCartProduct) }),
});
