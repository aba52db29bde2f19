/**
 * The public URLs of a shop (spec 000 §2 "Shop info screen", §3 "Manager info"): one scheme, used by the
 * info page, the table QR codes and the shop-info e-mail. `base` is the server's public URL
 * (PUBLIC_URL, else the request's origin). The customer ordering app answers these paths.
 */
export type TShopUrls = {
  menuUrl: string;
  orderUrl: string;
  infoUrl: string;
  shoppingUrl: string;
  webhookUrl: string;
  /** Where a shop manager binds a chat account with the binding code (the info page's manager QR). */
  managerUrl: string;
};

export const shopUrls = (base: string, accountId: number): TShopUrls => {
  const root = base.replace(/\/+$/, '');
  return {
    menuUrl: `${root}/shop/${accountId}/menu`,
    orderUrl: `${root}/shop/${accountId}/orders`,
    infoUrl: `${root}/shop/${accountId}/info`,
    shoppingUrl: `${root}/shop/${accountId}`,
    webhookUrl: `${root}/console/apis/line/webhook/${accountId}`,
    managerUrl: `${root}/shop/${accountId}/manager`,
  };
};

/** A table's ordering link (spec 000 §2 "Table QR code screen"): meal type, table and web version. */
export const tableUrl = (
  base: string,
  accountId: number,
  table: { tableNumber: string; qrType: 'eatIn' | 'toGo'; webVersion: 1 | 2 },
): string => {
  const q = new URLSearchParams({
    mealType: table.qrType === 'eatIn' ? 'eat_in' : 'to_go',
    table: table.tableNumber,
    v: String(table.webVersion),
  });
  return `${shopUrls(base, accountId).menuUrl}?${q.toString()}`;
};
