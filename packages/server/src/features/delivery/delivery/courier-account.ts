import { courierAccountOf } from '@shopdesk/contract';
import { and, eq } from 'drizzle-orm';
import type { DeliveryApi, DeliveryVendor } from '../../../adapters/delivery';
import type { Db } from '../../../db/client';
import { shopLogisticVendors } from '../../../db/schema';
import { PermanentFailure } from '../../../jobs/outbox';
import type { SecretBox } from '../../../lib/secret-box';
import { readConfiguration, readVendors } from '../logistics/logistics-store';

/** A vendor client and the account it speaks for (null = the platform's account). */
export type CourierClient = { api: DeliveryApi; accountKey: string | null };

const shopSecret = async (db: Db, box: SecretBox, accessKey: string) => {
  const [row] = await db
    .select({ sealed: shopLogisticVendors.accessTokenSealed })
    .from(shopLogisticVendors)
    .where(and(eq(shopLogisticVendors.vendor, 'lala'), eq(shopLogisticVendors.accessKey, accessKey)))
    .limit(1);
  return row?.sealed ? box.open(row.sealed) : undefined;
};

const clientOf = (vendor: DeliveryVendor, key: string, secret: string) => {
  if (!vendor.clientFor) throw new PermanentFailure('the delivery vendor takes no other account');
  return vendor.clientFor(key, secret);
};

/**
 * The client a new courier request of the shop goes through (contract `courierAccountOf`): the platform's
 * account for a public wallet, the shop's own Lalamove account (its token opened) for a private one; a shop
 * whose choice cannot be served gets a PermanentFailure with the contract's reason (the order goes to
 * customer service with it).
 */
export const courierClientForShop = async (
  db: Db,
  box: SecretBox,
  vendor: DeliveryVendor,
  accountId: number,
): Promise<CourierClient> => {
  const { configuration } = await readConfiguration(db, accountId);
  const vendors = await readVendors(db, accountId);
  const account = courierAccountOf(
    configuration,
    vendors.map((v) => ({
      vendor: v.vendor,
      accessKey: v.accessKey,
      hasToken: Boolean(v.accessTokenSealed),
    })),
  );
  if (account.kind === 'platform') return { api: vendor.api, accountKey: null };
  if (account.kind === 'refused') throw new PermanentFailure(account.reason.zh);
  const own = vendors.find((v) => v.vendor === 'lala' && v.accessKey.trim() === account.accessKey);
  const secret = own?.accessTokenSealed ? box.open(own.accessTokenSealed) : undefined;
  if (!secret) throw new PermanentFailure('自有物流：Lalamove 帳號的 token 無法讀取');
  return { api: clientOf(vendor, account.accessKey, secret), accountKey: account.accessKey };
};

/** The client of an existing delivery: the account it was placed with (cancel, driver look-up). */
export const courierClientForDelivery = async (
  db: Db,
  box: SecretBox,
  vendor: DeliveryVendor,
  accountKey: string | null,
): Promise<DeliveryApi> => {
  if (!accountKey || accountKey === vendor.apiKey) return vendor.api;
  const secret = await shopSecret(db, box, accountKey);
  if (!secret) throw new PermanentFailure('自有物流：此配送的 Lalamove 帳號已不存在');
  return clientOf(vendor, accountKey, secret);
};

/** The secret a webhook of `apiKey` is signed with: the platform's, or a shop's own Lalamove account's. */
export const webhookSecretOf = async (
  db: Db,
  box: SecretBox,
  vendor: DeliveryVendor | null,
  apiKey: string,
): Promise<string | undefined> => {
  if (!vendor) return undefined;
  if (apiKey === vendor.apiKey) return vendor.apiSecret;
  return apiKey ? shopSecret(db, box, apiKey) : undefined;
};
