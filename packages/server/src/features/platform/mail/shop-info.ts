import { REPORT_TIME_ZONE, shopUrls, type TShopInfoEmailPreview } from '@shopdesk/contract';
import dayjs from 'dayjs';
import { eq } from 'drizzle-orm';
import type { MailMessage } from '../../../adapters/mail/mailer';
import type { Db } from '../../../db/client';
import { accounts, businesses } from '../../../db/schema';
import { notFound } from '../../../http/errors';
import { composeMail, siNameOf, siOfShop, templateFor } from '../mail-templates/template-store';

/** The shop info the shop-info e-mail carries (spec 000 §2 "Shop info screen"). */
export const loadShopInfo = async (
  db: Db,
  accountId: number,
  base: string,
): Promise<TShopInfoEmailPreview> => {
  const [row] = await db
    .select({
      name: businesses.name,
      email: businesses.email,
      code: accounts.code,
      codeExpiresAt: accounts.codeExpiresAt,
    })
    .from(accounts)
    .innerJoin(businesses, eq(businesses.accountId, accounts.id))
    .where(eq(accounts.id, accountId));
  if (!row) throw notFound();
  return {
    accountId,
    name: row.name,
    email: row.email,
    code: row.code,
    codeExpiresAt: row.codeExpiresAt?.toISOString() ?? null,
    urls: shopUrls(base, accountId),
  };
};

/** Binding-code time as the spec shows it: Asia/Taipei, YYYY-MM-DD HH:mm:ss (spec 000 §9). */
const taipeiTime = (iso: string) => dayjs(iso).tz(REPORT_TIME_ZONE).format('YYYY-MM-DD HH:mm:ss');

/** The template of a shop's mail of one kind: its SI's own, else the default, and the SI's name. */
export const shopTemplate = async (db: Db, accountId: number, kind: Parameters<typeof templateFor>[2]) => {
  const si = await siOfShop(db, accountId);
  return { template: await templateFor(db, si, kind), siName: await siNameOf(db, si) };
};

/** The shop-info e-mail in its SI's wording (template kind shopInfo), with the facts in a table below. */
export const shopInfoMail = (
  shop: TShopInfoEmailPreview,
  t: { template: Parameters<typeof composeMail>[0]; siName: string | null },
): Omit<MailMessage, 'to' | 'bcc'> => {
  const u = shop.urls;
  const link = (label: string, href: string) => ({ label, value: href, href });
  return composeMail(
    t.template,
    { shopName: shop.name, shopId: shop.accountId, siName: t.siName, code: shop.code, link: u.menuUrl },
    [
      { label: '商店 Shop', value: `${shop.name} (#${shop.accountId})` },
      { label: '綁定碼 Binding code', value: shop.code ?? '尚未產生 (not generated yet)' },
      {
        label: '綁定碼期限 Code expires',
        value: shop.codeExpiresAt ? `${taipeiTime(shop.codeExpiresAt)} (Asia/Taipei)` : '—',
      },
      link('菜單網址 Menu URL', u.menuUrl),
      link('訂單網址 Order URL', u.orderUrl),
      link('商店資訊網址 Info URL', u.infoUrl),
      link('購物平台網址 Shopping URL', u.shoppingUrl),
      link('Webhook URL', u.webhookUrl),
    ],
  );
};
