import {
  STAFF_PREVIEW_PARAM,
  type TAvailability,
  type TAvailabilityCheck,
  type TCustomerOrder,
  type TMealType,
  type TPhoneVerification,
  type TPlacedOrder,
  type TPlaceOrderRequest,
  type TStorefrontMenu,
  type TStorefrontShop,
} from '@shopdesk/contract';

/** The storefront API as the customer app calls it: plain fetch, JSON errors. */
const BASE = '/console/apis/storefront/v1';

export class ShopApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly zh: string,
    readonly en: string,
    readonly field?: string,
  ) {
    super(zh);
  }
}

export const call = async <T>(path: string, init: RequestInit = {}): Promise<T> => {
  let res: Response;
  try {
    res = await fetch(BASE + path, {
      ...init,
      headers: {
        accept: 'application/json',
        ...(init.body ? { 'content-type': 'application/json' } : {}),
        ...init.headers,
      },
    });
  } catch {
    throw new ShopApiError(0, 'NETWORK', '網路連線失敗，請再試一次', 'Network error, please try again');
  }
  const body = (await res.json().catch(() => null)) as
    | (T & { error?: { code: string; message: string; messageEn?: string; field?: string } })
    | null;
  if (!res.ok || !body) {
    const e = body?.error;
    throw new ShopApiError(
      res.status,
      e?.code ?? `HTTP_${res.status}`,
      e?.message ?? '發生錯誤，請再試一次',
      e?.messageEn ?? e?.message ?? 'Something went wrong, please try again',
      e?.field,
    );
  }
  return body;
};

/**
 * The staff preview link's token (docs/decisions/orders.md "Go-live status and test orders"): the board's 測試點餐 opens
 * /shop/{id}/?staff=…; the app keeps it for the tab so its orders are staff test orders.
 */
const staffKey = (id: number) => `shopdesk.shop.staff.${id}`;
export const staffPreviewOf = (id: number): string | undefined => {
  try {
    const fromUrl = new URLSearchParams(window.location.search).get(STAFF_PREVIEW_PARAM);
    if (fromUrl) {
      sessionStorage.setItem(staffKey(id), fromUrl);
      return fromUrl;
    }
    return sessionStorage.getItem(staffKey(id)) ?? undefined;
  } catch {
    return undefined;
  }
};
export const withStaff = <B extends object>(id: number, body: B): B => {
  const staffPreview = staffPreviewOf(id);
  return staffPreview ? { ...body, staffPreview } : body;
};

export const api = {
  shop: (id: number) => call<TStorefrontShop>(`/shops/${id}/profile`),
  menu: (id: number, mealType: TMealType) => call<TStorefrontMenu>(`/shops/${id}/menu?mealType=${mealType}`),
  slots: (id: number, mealType: TMealType) =>
    call<{ slots: { at: string; local: string }[] }>(`/shops/${id}/slots?mealType=${mealType}`),
  check: (id: number, body: TAvailabilityCheck) =>
    call<TAvailability>(`/shops/${id}/availability`, {
      method: 'POST',
      body: JSON.stringify(withStaff(id, body)),
    }),
  place: (id: number, body: TPlaceOrderRequest, key: string) =>
    call<TPlacedOrder & { orderToken: string }>(`/shops/${id}/orders`, {
      method: 'POST',
      body: JSON.stringify(withStaff(id, body)),
      headers: { 'idempotency-key': key },
    }),
  order: (token: string) => call<{ order: TCustomerOrder }>(`/orders/${encodeURIComponent(token)}`),
  /** TapPay: pay a failed card payment again with a new prime (docs/decisions/payments.md "TapPay card form"). */
  retryTapPay: (token: string, prime: string) =>
    call<{ order: TCustomerOrder }>(`/orders/${encodeURIComponent(token)}/payment/tappay`, {
      method: 'POST',
      body: JSON.stringify({ prime }),
    }),
  // spec 001 §2.2 is_otp_enabled: the phone's SMS verification (PhoneVerify.tsx)
  phoneVerified: (id: number, phone: string, holder: string) =>
    call<TPhoneVerification>(
      `/shops/${id}/phone-verification?${new URLSearchParams({ phone, holder }).toString()}`,
    ),
  sendPhoneCode: (id: number, phone: string, holder: string) =>
    call<TPhoneVerification>(`/shops/${id}/phone-codes`, {
      method: 'POST',
      body: JSON.stringify({ phone, holder }),
    }),
  verifyPhoneCode: (id: number, phone: string, holder: string, code: string) =>
    call<TPhoneVerification>(`/shops/${id}/phone-codes/verify`, {
      method: 'POST',
      body: JSON.stringify({ phone, holder, code }),
    }),
  orderEventsUrl: (token: string) => `${BASE}/orders/${encodeURIComponent(token)}/events`,
};
