import { z } from 'zod';
import { zQueryId, zText } from '../../../common/bounds';
import { defineOperation } from '../../../common/operation';
import { SHOP_PORTALS, ZShopPortal } from '../shop-profile/shop-profile-ops';
import { ZOpeningHours } from './opening-periods';
import { ZAddSpecialDayRequest, ZSpecialDay } from './special-days';

/** Service time, days off and order limits are edited by the shop's operators: gaa, si, eaa (spec 002 §2). */
export const ZRowId = zQueryId().max(2_147_483_647);
const ZId = ZRowId;
const ZShopParams = z.object({ userType: ZShopPortal, accountId: ZId });

export const ZOpeningHoursResponse = ZOpeningHours.extend({
  /** When the shop last saved its service time; null = never (the default, open all day, applies). */
  savedAt: zText().nullable(),
});
export type TOpeningHoursResponse = z.infer<typeof ZOpeningHoursResponse>;

// spec 001 §7
export const getOpeningHoursOp = defineOperation({
  method: 'GET',
  path: '/:userType/shops/:accountId/opening-hours',
  summary: 'Service periods of a shop: general, togo, delivery',
  spec: '001 §7',
  allow: SHOP_PORTALS,
  params: ZShopParams,
  response: ZOpeningHoursResponse,
});

export const putOpeningHoursOp = defineOperation({
  method: 'PUT',
  path: '/:userType/shops/:accountId/opening-hours',
  summary: 'Save the three period lists (togo/delivery empty = same as default)',
  spec: '001 §7',
  allow: SHOP_PORTALS,
  params: ZShopParams,
  body: ZOpeningHours,
  response: ZOpeningHoursResponse,
});

export const listSpecialDaysOp = defineOperation({
  method: 'GET',
  path: '/:userType/shops/:accountId/opening-special',
  summary: 'Days off of a shop, by date',
  spec: '001 §7',
  allow: SHOP_PORTALS,
  params: ZShopParams,
  response: z.object({ specialDays: z.array(ZSpecialDay) }),
});

export const addSpecialDayOp = defineOperation({
  method: 'POST',
  path: '/:userType/shops/:accountId/opening-special',
  summary: 'Add a day off (closeDay 100); adding a date that is already off changes nothing',
  spec: '001 §7',
  allow: SHOP_PORTALS,
  params: ZShopParams,
  body: ZAddSpecialDayRequest,
  response: z.object({ specialDay: ZSpecialDay, created: z.boolean() }),
});

export const deleteSpecialDayOp = defineOperation({
  method: 'DELETE',
  path: '/:userType/shops/:accountId/opening-special/:id',
  summary: 'Remove a day off',
  spec: '001 §7',
  allow: SHOP_PORTALS,
  params: ZShopParams.extend({ id: ZId }),
  response: z.object({ affectedRows: z.number().int() }),
});
