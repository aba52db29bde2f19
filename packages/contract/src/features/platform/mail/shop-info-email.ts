import { z } from 'zod';
import { zQueryId, zText } from '../../../common/bounds';
import { msg } from '../../../common/errors';
import { defineOperation } from '../../../common/operation';
import { ZEmailAddress } from './email-list';

/** The portals that reach /account-email (spec 000 §2, routes.tsv: gaa si). */
export const ZShopInfoEmailType = z.enum(['gaa', 'si']);

export const SHOP_INFO_EMAIL_MESSAGES = {
  sent: msg('商店資訊已寄出', 'The shop info e-mail has been sent'),
  failed: msg('寄送失敗，請稍後再試', 'The e-mail could not be sent, please try again later'),
} as const;

const ZParams = z.object({ type: ZShopInfoEmailType, accountId: zQueryId() });

/** What the shop-info e-mail carries (spec 000 §2 "Shop info screen": name, binding code, URLs). */
export const ZShopInfoEmailPreview = z.object({
  accountId: z.number().int(),
  name: zText(),
  email: zText(),
  code: zText().nullable(),
  /** ISO time; shown in Asia/Taipei (spec 000 §9). */
  codeExpiresAt: zText().nullable(),
  urls: z.object({
    menuUrl: zText(),
    orderUrl: zText(),
    infoUrl: zText(),
    shoppingUrl: zText(),
    webhookUrl: zText(),
  }),
});
export type TShopInfoEmailPreview = z.infer<typeof ZShopInfoEmailPreview>;

// Not in the spec (it names only the page, 000 §2 /account-email): docs/decisions/platform.md "Mail".
export const shopInfoEmailPreviewOp = defineOperation({
  method: 'GET',
  path: '/:type/shops/:accountId/info-email',
  summary: 'The shop info that the shop-info e-mail sends',
  allow: ['gaa', 'si'],
  params: ZParams,
  response: z.object({ shop: ZShopInfoEmailPreview }),
});

export const ZSendShopInfoEmailRequest = z.object({ recipient: ZEmailAddress() });
export type TSendShopInfoEmailRequest = z.infer<typeof ZSendShopInfoEmailRequest>;

export const sendShopInfoEmailOp = defineOperation({
  method: 'POST',
  path: '/:type/shops/:accountId/info-email',
  summary: 'Send the shop-info e-mail (name, binding code, shop URLs) to one recipient',
  allow: ['gaa', 'si'],
  params: ZParams,
  body: ZSendShopInfoEmailRequest,
  response: z.object({ ok: z.literal(true) }),
});
