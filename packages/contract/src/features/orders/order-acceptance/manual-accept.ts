import { z } from 'zod';
import { zQueryId } from '../../../common/bounds';
import { defineOperation } from '../../../common/operation';

/**
 * Manual / automatic order acceptance of a shop (spec 000 §7, 002 §7; 001 §4 "manual acceptance has on/off
 * calls"): `on` = orders wait as "new" until staff accept them, `off` = orders are accepted at once.
 */
export const ZManualAcceptParams = z.object({
  type: z.enum(['gaa', 'si', 'eaa']),
  accountId: zQueryId(),
  onOff: z.enum(['on', 'off']),
});

export const manualAcceptOp = defineOperation({
  method: 'POST',
  path: '/:type/qcpos/shops/:accountId/manual-accept/:onOff',
  summary: 'Switch manual order acceptance on or off',
  spec: '000 §7, 002 §7',
  allow: ['gaa', 'si', 'eaa'],
  params: ZManualAcceptParams,
  response: z.object({ accountId: z.number().int(), isManual: z.boolean() }),
});
