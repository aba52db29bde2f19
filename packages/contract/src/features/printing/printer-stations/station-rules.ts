import { z } from 'zod';
import { zInt, zText } from '../../../common/bounds';
import { msg } from '../../../common/errors';

/** spec 002 §6: printer stations are a gaa page (the server refuses every other type). */
export const STATION_USERS = ['gaa'] as const;

/**
 * Limits (spec 002 §5 gives print times ≥ 0 only; the rest is ours, docs/decisions/printing.md "Printer stations"):
 * a station's name fits a ticket's heading, ten copies is more than any kitchen asks for, and a shop's
 * lists stay small enough to send in one call.
 */
export const STATION_LIMITS = {
  name: 30,
  minTimes: 0,
  maxTimes: 10,
  stations: 50,
  classes: 200,
  negativeProducts: 1000,
  printers: 50,
} as const;

/** spec 002 §2.11: print times default to 1. */
export const STATION_DEFAULT_TIMES = 1;

/** Receipt templates listed by the station page (spec 002 §2.11: listed, not wired). */
export const RECEIPT_TEMPLATES = [
  { key: 'default', zh: '預設', en: 'Default' },
  { key: 'main-small', zh: '主商品縮小', en: 'Main item smaller' },
  { key: 'main-small-addon-large', zh: '主商品縮小＋加購放大', en: 'Main item smaller, add-on larger' },
  { key: 'addon-large', zh: '加購放大', en: 'Add-on larger' },
] as const;

export const STATION_MESSAGES = {
  // spec 002 §8 "Station sync"
  synced: msg('同步成功！', 'Synced!'),
  syncFailed: msg('同步失敗', 'Sync failed'),
  // ours (docs/decisions/printing.md "Printer stations")
  nameRequired: msg('請輸入工作站名稱', 'Please enter the station name'),
  nameTooLong: msg(`工作站名稱最多 ${STATION_LIMITS.name} 個字`, `At most ${STATION_LIMITS.name} characters`),
  nameTaken: msg('工作站名稱重複', 'A station with this name already exists'),
  timesRule: msg(
    `列印張數須為 ${STATION_LIMITS.minTimes} 到 ${STATION_LIMITS.maxTimes} 的整數`,
    `Print times must be a whole number from ${STATION_LIMITS.minTimes} to ${STATION_LIMITS.maxTimes}`,
  ),
  tooManyStations: msg(
    `每間商店最多 ${STATION_LIMITS.stations} 個工作站`,
    `A shop has at most ${STATION_LIMITS.stations} stations`,
  ),
  stationNotFound: msg('找不到此工作站', 'Station not found'),
  classNotFound: msg('找不到此分類', 'Class not found'),
  productNotInClass: msg('商品不屬於此分類', 'The product is not in this class'),
  printerNotFound: msg('找不到此出單機', 'Printer not found'),
  shopMismatch: msg('shopId 與網址中的商店不符', 'shopId does not match the shop of the path'),
  created: msg('已新增工作站', 'Station added'),
  saved: msg('已儲存', 'Saved'),
  deleted: msg('已刪除工作站', 'Station deleted'),
  switched: msg('分站列印設定已更改', 'Branch-station printing changed'),
} as const;

// spec 002 §2.11: adding a station creates one named 'new station N', N = count + 1
export const STATION_NAME_PREFIX = 'new station';

/**
 * The name of a station added to a shop that has `names` (spec 002 §2.11): 'new station N' with N = count + 1;
 * when that name is taken (a station was deleted, or renamed to it) the next free N (ours: names are unique).
 */
export const defaultStationName = (names: readonly string[]): string => {
  const taken = new Set(names.map((n) => n.trim()));
  let n = names.length + 1;
  while (taken.has(`${STATION_NAME_PREFIX} ${n}`)) n += 1;
  return `${STATION_NAME_PREFIX} ${n}`;
};

export const ZStationName = zText(undefined, { error: STATION_MESSAGES.nameRequired.zh })
  .trim()
  .min(1, STATION_MESSAGES.nameRequired.zh)
  .max(STATION_LIMITS.name, STATION_MESSAGES.nameTooLong.zh);

/** spec 002 §5: station print times at least 0 (0: the station prints nothing); at most 10 (ours). */
export const ZStationTimes = z
  .number({ error: STATION_MESSAGES.timesRule.zh })
  .int(STATION_MESSAGES.timesRule.zh)
  .min(STATION_LIMITS.minTimes, STATION_MESSAGES.timesRule.zh)
  .max(STATION_LIMITS.maxTimes, STATION_MESSAGES.timesRule.zh);

/** A class code as the menu keeps it (menus ZSku), in a path or a list. */
export const ZStationSku = zText(32).regex(/^[A-Za-z0-9_-]{1,32}$/);
export const ZStationId = zInt(1);

/** What the station router needs of a station: its classes, its excluded products, its printers, its copies. */
export type TStationRoute = {
  stationId: number;
  name: string;
  times: number;
  classSkus: readonly string[];
  negativeProductIds: readonly number[];
  printerIds: readonly number[];
};
export type TRoutedItem = { productId: number; classSku: string | null };
/** One ticket to send: the whole order (origin printer, stationId null) or one station's items. */
export type TStationTicket = {
  printerId: number;
  stationId: number | null;
  stationName: string | null;
  /** Indexes into the order's items. */
  items: number[];
  copies: number;
};

/** Whether a station prints an item: its class is the station's and it is not one of its negative products. */
export const stationPrints = (station: TStationRoute, item: TRoutedItem): boolean =>
  item.classSku !== null &&
  station.classSkus.includes(item.classSku) &&
  !station.negativeProductIds.includes(item.productId);

/**
 * Branch-station printing (spec 002 §2.11, §3, §5): each station with print times > 0 sends the items it
 * prints to each of its printers, `times` copies; an origin printer gets the whole order once, as without
 * stations. A station with no item of the order sends nothing. Items of no station print only at the origin
 * printers (docs/decisions/printing.md "Printer stations").
 */
export const routeOrderToStations = (
  stations: readonly TStationRoute[],
  originPrinterIds: readonly number[],
  items: readonly TRoutedItem[],
): TStationTicket[] => {
  const all = items.map((_, i) => i);
  const tickets: TStationTicket[] = [...new Set(originPrinterIds)].map((printerId) => ({
    printerId,
    stationId: null,
    stationName: null,
    items: all,
    copies: 1,
  }));
  for (const station of stations) {
    if (station.times <= 0) continue;
    const mine = all.filter((i) => stationPrints(station, items[i]!));
    if (mine.length === 0) continue;
    for (const printerId of new Set(station.printerIds))
      tickets.push({
        printerId,
        stationId: station.stationId,
        stationName: station.name,
        items: mine,
        copies: station.times,
      });
  }
  return tickets;
};
