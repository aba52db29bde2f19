/**
 * The ordering web version (spec 000 §2 "Table QR code screen", §3 `version`; 1 = QC1.0, 2 = Web2.0): which
 * layout of the customer app opens (docs/decisions/customer-app.md "Web version"). Plain values only: the
 * customer app's entry reads it before it loads either layout.
 */
export type TShopWebVersion = 1 | 2;

/** The query parameter of a table QR link (contract tableUrl) that names the version. */
export const WEB_VERSION_PARAM = 'v';

/** The link's `v` wins; a link without one (or with another value) opens the shop's own version. */
export const webVersionOf = (
  linkV: string | null | undefined,
  shopVersion: TShopWebVersion,
): TShopWebVersion => (linkV === '1' ? 1 : linkV === '2' ? 2 : shopVersion);
