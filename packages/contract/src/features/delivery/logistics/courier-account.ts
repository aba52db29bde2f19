import { msg } from '../../../common/errors';
import type { TDefaultVendorChoice, TLogisticConfiguration, TLogisticVendor } from './logistic-config';

/**
 * Whose vendor account a courier request goes through (spec 001 §3 "Vendor settings", the wallet of the
 * Logistic tab; docs/decisions/delivery.md "Own vendor accounts"). The vendor is the default vendor of v2, or
 * git's own default vendor on v1 (git routes to it). A public wallet = the platform's account (the platform
 * pays); a private wallet (自有物流) = the shop's own account of that vendor, which must be complete. The courier
 * adapter speaks Lalamove (lala); another vendor chosen with a private wallet is refused with its name.
 */
export const COURIER_VENDOR_NAMES: Record<TLogisticVendor | TDefaultVendorChoice, string> = {
  lala: 'Lalamove',
  global: 'GoGoX',
  git: 'GIT',
  pandago: 'pandago',
  uber: 'Uber Direct',
};

/** Vendors the courier adapter can place orders with. */
export const CONNECTED_COURIER_VENDORS = ['lala'] as const;

export const COURIER_ACCOUNT_MESSAGES = {
  ownAccountMissing: (vendor: string) =>
    msg(
      `自有物流：尚未設定 ${vendor} 帳號，無法叫車`,
      `Own logistics: no ${vendor} account is set, so no courier can be requested`,
    ),
  vendorNotConnected: (vendor: string) =>
    msg(
      `自有物流：${vendor} 尚未串接，請改用 Lalamove`,
      `Own logistics: ${vendor} is not connected yet; choose Lalamove`,
    ),
};

export type TCourierVendorAccount = { vendor: string; accessKey: string; hasToken: boolean };
export type TCourierAccount =
  | { kind: 'platform'; vendor: TLogisticVendor | TDefaultVendorChoice }
  | { kind: 'shop'; vendor: 'lala'; accessKey: string }
  | { kind: 'refused'; vendor: TLogisticVendor | TDefaultVendorChoice; reason: ReturnType<typeof msg> };

/** The vendor a shop's courier requests go to (v1 = git's own default vendor). */
export const courierVendorOf = (c: TLogisticConfiguration): TLogisticVendor | TDefaultVendorChoice =>
  c.logisticDefaultVendor === 'git' ? c.gitDefaultVendor : c.logisticDefaultVendor;

export const courierAccountOf = (
  c: TLogisticConfiguration,
  vendors: readonly TCourierVendorAccount[],
): TCourierAccount => {
  const vendor = courierVendorOf(c);
  if (c.logisticWallet !== 'private') return { kind: 'platform', vendor };
  const name = COURIER_VENDOR_NAMES[vendor];
  if (vendor !== 'lala')
    return { kind: 'refused', vendor, reason: COURIER_ACCOUNT_MESSAGES.vendorNotConnected(name) };
  const own = vendors.find((v) => v.vendor === vendor && v.accessKey.trim() !== '' && v.hasToken);
  if (!own) return { kind: 'refused', vendor, reason: COURIER_ACCOUNT_MESSAGES.ownAccountMissing(name) };
  return { kind: 'shop', vendor, accessKey: own.accessKey.trim() };
};
