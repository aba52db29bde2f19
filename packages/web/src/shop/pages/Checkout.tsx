import {
  CUSTOMER_EMAIL_MAX,
  commentShown,
  emailRefusal,
  isTaiwanPhone,
  keptInvoice,
  ORDER_COMMENT_MAX,
  offeredPayments,
  otpHolder,
  otpPhoneField,
  PAYMENT_SERVICE_NAMES,
  pickUpOffered,
  type TAvailability,
  type TMealType,
  type TPaymentMethod,
  type TPlaceOrderRequest,
  type TStorefrontMenu,
  type TStorefrontShop,
  VOUCHER_CODE_INPUT_MAX,
} from '@shopdesk/contract';
import { useEffect, useMemo, useRef, useState } from 'react';
import { api, ShopApiError } from '../api';
import { productsById, unitPrice } from '../cart-pricing';
import { deviceId } from '../device-id';
import { pick, useLang, useT } from '../i18n';
import { getLineProfile } from '../liff';
import { navigate } from '../router';
import { when as fmtWhen, money } from '../shop-data';
import { newKey, rememberOrder, saveCustomer, type TCart } from '../store';
import { CardError, TapPayCard, type TapPayCardHandle } from '../TapPayCard';
import { PhoneVerify } from './PhoneVerify';

type TRefusal = { code: string; zh: string; en: string; productId?: number };
const TIME_CODES = [
  'CLOSED_NOW',
  'OUTSIDE_SERVICE_HOURS',
  'DAY_OFF',
  'BEYOND_RESERVATION_WINDOW',
  'TOO_EARLY',
  'ORDER_LIMIT_REACHED',
];

/**
 * The checkout: the cart, the time (as soon as possible or a bookable slot), who orders, how to
 * pay, the e-invoice fields, the price the server will charge and the send. The send carries the cart's
 * Idempotency-Key: a double tap or a retry after a lost answer makes one order.
 */
/** How many more times the live check is asked after it got no answer. */
const CHECK_RETRIES = 3;

export const Checkout = ({
  shop,
  menu,
  mealType,
  cart,
  updateCart,
  preview,
  onBack,
  onMenuStale,
  embedded = false,
  place,
  fixedLines = false,
}: {
  shop: TStorefrontShop;
  menu: TStorefrontMenu;
  mealType: TMealType;
  cart: TCart;
  updateCart: (change: (c: TCart) => TCart) => void;
  preview: ReturnType<typeof import('../cart-pricing').previewPrice> | null;
  /** The menu step's back button; none in the classic layout, where the checkout is under the menu. */
  onBack?: () => void;
  onMenuStale: () => void;
  /** The classic layout (web version 1): the form at the bottom of the one page, no floating send bar. */
  embedded?: boolean;
  /** 團購 (GroupPage): the send goes to the group cart's checkout instead of the order POST. */
  place?: (body: TPlaceOrderRequest, key: string) => Promise<{ orderToken: string }>;
  /** 團購: the lines are the participants' (shown with their names), not changed here. */
  fixedLines?: boolean;
}) => {
  const t = useT();
  const lang = useLang();
  const products = useMemo(() => productsById(menu), [menu]);
  const switches = shop.mealTypes[mealType];
  // online only when an enabled service will charge it (one rule with intake)
  const payments = offeredPayments(switches, shop.paymentServices);
  // none offered (online switch on, no service): 'online' lets the live check name the reason
  const [payment, setPayment] = useState<TPaymentMethod>(
    payments[0] ?? (switches.online ? 'online' : 'cash'),
  );
  // online payment through one of the shop's services (LINE Pay, easy wallet)
  const services = payments.includes('online') ? shop.paymentServices : [];
  const [service, setService] = useState<(typeof services)[number] | null>(services[0] ?? null);
  const chosenService = payment === 'online' ? service : null;
  const cardRef = useRef<TapPayCardHandle>(null);
  const [slots, setSlots] = useState<{ at: string; local: string }[] | null>(null);
  const openNow = shop.openNow[mealType];
  const [wanted, setWanted] = useState<string>(''); // '' = as soon as possible
  const [check, setCheck] = useState<TAvailability | null>(null);
  const [refusal, setRefusal] = useState<TRefusal | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [sending, setSending] = useState(false);
  // a second tap before React re-renders must not send again (the key makes it one order anyway)
  const inFlight = useRef(false);
  const [lineUserId, setLineUserId] = useState<string | undefined>();
  const [slotsReload, setSlotsReload] = useState(0);
  // the comment box, unless the shop hides it for this meal type (one rule with intake)
  const [comment, setComment] = useState('');
  // a campaign voucher's code (priced and redeemed by order intake; its refusal names the field)
  const [voucher, setVoucher] = useState('');
  const showComment = commentShown(
    { order: shop.form.hideOrderComment, delivery: shop.form.hideDeliveryComment },
    mealType,
  );
  // the shop edit form's phone switches (one rule with intake: delivery always asks; SMS verification too)
  const phoneMode = otpPhoneField(
    { required: shop.form.phoneRequired, hidden: shop.form.hidePhone },
    mealType,
    shop.form.otp,
  );
  // spec 001 §2.2 is_otp_enabled: the phone verified by SMS for this LINE user, else this device (PhoneVerify)
  const [device] = useState(deviceId);
  const [phoneVerified, setPhoneVerified] = useState(false);
  // spec 001 §2.2: the tax-id field (is_invoice) and the mobile-carrier field (is_carrier), each by its own switch
  const invoiceFields = { taxId: shop.form.invoice, carrier: shop.form.carrier };
  // spec 000 §3 isPickup: a to-go order may be self pick-up (one rule with intake)
  const pickUpOn = pickUpOffered({ pickUp: shop.form.pickUp }, mealType);
  const pickUp = pickUpOn && Boolean(cart.pickUp);

  // inside LINE (a LIFF id configured), the LINE profile fills the name
  useEffect(() => {
    const liffId = mealType === 'eat_in' && shop.liff.eatIn ? shop.liff.eatIn : shop.liff.menu;
    void getLineProfile(liffId).then((p) => {
      if (!p) return;
      setLineUserId(p.userId);
      if (!cart.name) updateCart((c) => ({ ...c, name: p.displayName.slice(0, 50) }));
    });
  }, [shop.liff, mealType, cart.name, updateCart]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `slotsReload` reads the slots again after a time refusal
  useEffect(() => {
    let live = true;
    api.slots(shop.id, mealType).then(
      (s) => {
        if (!live) return;
        setSlots(s.slots);
        // closed now: the first bookable time is chosen for the customer
        if (!openNow) setWanted((w) => (w && s.slots.some((x) => x.at === w) ? w : (s.slots[0]?.at ?? '')));
      },
      () => live && setSlots([]),
    );
    return () => {
      live = false;
    };
  }, [shop.id, mealType, openNow, slotsReload]);

  const cartItems = cart.lines.map((l) => ({
    productId: l.productId,
    quantity: l.quantity,
    optionIds: l.optionIds,
  }));
  const address = mealType === 'delivery' ? cart.address.trim() : '';
  // each line's note goes with the order (intake drops it when the shop hides the box)
  const items = cart.lines.map((l) => ({
    productId: l.productId,
    quantity: l.quantity,
    optionIds: l.optionIds,
    ...(l.note && !shop.form.hideProductNote ? { note: l.note } : {}),
  }));
  const itemsKey = JSON.stringify(cartItems);
  // what order intake would say of this cart now (availability with a cart); a check that did not
  // get an answer (a dropped connection, a busy server's 503) is asked again, a few times, so a refusal is
  // not hidden by a moment's failure
  useEffect(() => {
    const items = JSON.parse(itemsKey) as typeof cartItems;
    if (items.length === 0) return;
    let live = true;
    let timer: ReturnType<typeof setTimeout>;
    const ask = (attempt: number) => {
      api
        .check(shop.id, {
          mealType,
          at: wanted || null,
          paymentMethod: payment,
          ...(chosenService ? { paymentService: chosenService } : {}),
          items,
          ...(address ? { address } : {}),
        })
        .then(
          (r) => live && setCheck(r),
          () => {
            if (!live) return;
            setCheck(null);
            if (attempt < CHECK_RETRIES) timer = setTimeout(() => ask(attempt + 1), 1_500 * (attempt + 1));
          },
        );
    };
    timer = setTimeout(() => ask(0), 300);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [shop.id, mealType, wanted, payment, chosenService, itemsKey, address]);
  // a refusal of the last send speaks of what was sent: once the customer changes the order, the live check
  // above (or the next send) speaks instead, so a fixed address no longer shows the old refusal
  // biome-ignore lint/correctness/useExhaustiveDependencies: each of these is what a refusal can be about
  useEffect(() => {
    setRefusal(null);
  }, [wanted, payment, chosenService, itemsKey, address, voucher]);

  const setQty = (key: string, q: number) =>
    updateCart((c) => ({
      ...c,
      lines:
        q <= 0
          ? c.lines.filter((l) => l.key !== key)
          : c.lines.map((l) => (l.key === key ? { ...l, quantity: q } : l)),
    }));

  const field = (k: 'name' | 'phone' | 'address' | 'taxId' | 'carrier' | 'email') => ({
    value: cart[k] ?? '',
    onChange: (e: { target: { value: string } }) => {
      updateCart((c) => ({ ...c, [k]: e.target.value }));
      // the field's message speaks of what was typed before: it goes once the customer changes it
      setErrors((x) => (x[k] ? Object.fromEntries(Object.entries(x).filter(([f]) => f !== k)) : x));
    },
  });

  const validate = () => {
    const e: Record<string, string> = {};
    if (!cart.name.trim()) e.name = t('nameRequired');
    if (phoneMode !== 'hidden') {
      if (!cart.phone.trim()) {
        if (phoneMode === 'required') e.phone = t('phoneRequired');
      } else if (!isTaiwanPhone(cart.phone)) e.phone = t('phoneInvalid');
    }
    if (mealType === 'delivery' && !address) e.address = t('addressRequired');
    if (shop.form.otp && !phoneVerified) e.otp = t('otpNeeded');
    // spec 001 §2.2 is_email: the contract's rule and message, as intake runs it
    const emailBad = emailRefusal({ emailRequired: shop.form.email }, cart.email);
    if (emailBad) e.email = pick(emailBad.message, lang);
    if (!openNow && !wanted) e.wanted = t('chooseSlot');
    setErrors(e);
    return Object.keys(e).length === 0;
  };

  const send = async () => {
    if (inFlight.current || !validate()) return;
    inFlight.current = true;
    setSending(true);
    setRefusal(null);
    const key = cart.idempotencyKey;
    try {
      // TapPay: the card form's prime first (a card it cannot take stops here, before any order exists)
      const prime = chosenService === 'tappay' ? await cardRef.current?.getPrime() : undefined;
      const placed = await (place ?? ((b: TPlaceOrderRequest, k: string) => api.place(shop.id, b, k)))(
        {
          mealType,
          customer: {
            name: cart.name.trim(),
            phone: phoneMode === 'hidden' ? '' : cart.phone.trim(),
            ...(lineUserId ? { lineUserId } : {}),
            ...(shop.form.otp ? { deviceId: device } : {}),
            ...(shop.form.email ? { email: (cart.email ?? '').trim() } : {}),
          },
          items,
          wantedAt: wanted || null,
          paymentMethod: payment,
          ...(chosenService ? { paymentService: chosenService } : {}),
          ...(prime ? { paymentPrime: prime } : {}),
          ...(showComment && comment.trim() ? { comment: comment.trim() } : {}),
          ...(voucher.trim() ? { voucherCode: voucher.trim() } : {}),
          tableNumber: mealType === 'eat_in' ? cart.table : null,
          ...(shop.form.receipt && cart.receipt ? { receipt: true } : {}),
          ...(pickUp ? { pickUp: true } : {}),
          // the same rule as intake: only the fields the shop asks for
          invoice: keptInvoice(invoiceFields, {
            buyerTaxId: cart.taxId.trim(),
            carrier: cart.carrier.trim().toUpperCase(),
          }),
          delivery: mealType === 'delivery' ? { address } : null,
        },
        key,
      );
      rememberOrder(shop.id, placed.orderToken);
      saveCustomer({
        name: cart.name.trim(),
        phone: phoneMode === 'hidden' ? cart.phone : cart.phone.trim(),
        address: cart.address,
        carrier: cart.carrier,
        email: cart.email ?? '',
      });
      // the next order is another order: a fresh key and an empty cart (meal type and table stay)
      updateCart((c) => ({ ...c, lines: [], taxId: '', idempotencyKey: newKey() }));
      navigate(`/shop/${shop.id}/orders/${encodeURIComponent(placed.orderToken)}`);
    } catch (err) {
      const e =
        err instanceof ShopApiError
          ? err
          : err instanceof CardError
            ? new ShopApiError(0, 'CARD', err.text.zh, err.text.en)
            : new ShopApiError(0, 'UNKNOWN', String(err), String(err));
      setRefusal({ code: e.code, zh: e.zh, en: e.en });
      if (e.field)
        setErrors((x) => ({ ...x, [e.field!.split('.').pop()!]: pick({ zh: e.zh, en: e.en }, lang) }));
      if (TIME_CODES.includes(e.code)) setSlotsReload((n) => n + 1);
      if (['SOLD_OUT', 'NOT_ENOUGH_STOCK', 'UNKNOWN_PRODUCT', 'UNKNOWN_OPTION'].includes(e.code))
        onMenuStale();
      inFlight.current = false;
      setSending(false);
    }
  };

  const blocking =
    refusal ??
    (check?.blocking
      ? { code: check.blocking.code, zh: check.blocking.message, en: check.blocking.messageEn }
      : null);
  // a product's quantity over the whole cart against its stock left (intake counts it the same way)
  const cartQty = new Map<number, number>();
  for (const l of cart.lines) cartQty.set(l.productId, (cartQty.get(l.productId) ?? 0) + l.quantity);
  const shortOf = (productId: number) => {
    const left = products.get(productId)?.stockLeft;
    return left != null && left > 0 && (cartQty.get(productId) ?? 0) > left ? left : null;
  };
  const shortLine = cart.lines.find((l) => shortOf(l.productId) !== null);
  const blockedProduct = (() => {
    // the availability answer names no product: find the sold-out line ourselves
    if (blocking?.code !== 'SOLD_OUT' && blocking?.code !== 'NOT_AVAILABLE_FOR_MEAL_TYPE') return null;
    const line = cart.lines.find((l) => {
      const p = products.get(l.productId);
      return !p || p.soldOut;
    });
    return line ? (products.get(line.productId)?.name ?? `#${line.productId}`) : null;
  })();
  const hint = (() => {
    if (!blocking) return null;
    // closed and nothing bookable: no invitation to choose a time that does not exist (the picker says
    // 目前沒有可預約的時間)
    if (TIME_CODES.includes(blocking.code) && !openNow && slots?.length === 0 && !check?.nextAcceptedAt)
      return null;
    if (TIME_CODES.includes(blocking.code))
      return check?.nextAcceptedAt
        ? `${t('changeTime')} (${t('nextTime')}${fmtWhen(check.nextAcceptedAt, lang)})`
        : t('changeTime');
    if (blockedProduct) return t('removeItem', { name: blockedProduct });
    if (shortLine && ['NOT_ENOUGH_STOCK', 'SOLD_OUT'].includes(blocking.code))
      return t('lowerItem', {
        name: products.get(shortLine.productId)?.name ?? '',
        n: String(shortOf(shortLine.productId)),
      });
    if (
      blocking.code === 'MEAL_TYPE_OFF' ||
      blocking.code === 'PAYMENT_METHOD_OFF' ||
      blocking.code === 'ONLINE_PAYMENT_UNAVAILABLE'
    )
      return t('changeMealType');
    if (
      ['OUTSIDE_DELIVERY_ZONE', 'TOO_FAR', 'ADDRESS_NOT_FOUND', 'DELIVERY_ADDRESS_REQUIRED'].includes(
        blocking.code,
      )
    )
      return t('checkAddress');
    if (blocking.code === 'BELOW_DELIVERY_MINIMUM') return t('addMore');
    if (['UNKNOWN_PRODUCT', 'UNKNOWN_OPTION', 'OPTION_COUNT'].includes(blocking.code)) return t('reloadMenu');
    return null;
  })();

  const subtotal = preview?.ok ? preview.order.subtotal : 0;
  const discount = preview?.ok ? preview.discount : 0;
  const fee = check?.delivery?.charge ?? 0;
  const count = cart.lines.reduce((n, l) => n + l.quantity, 0);
  const large = subtotal >= shop.form.largeOrderAmount || count >= shop.form.largeOrderQty;

  return (
    <section className={embedded ? 'checkout embedded' : 'checkout'} aria-labelledby="checkout-title">
      <div className="row">
        {onBack && (
          <button type="button" className="btn small" onClick={onBack}>
            ← {t('back')}
          </button>
        )}
        <h1 id="checkout-title">
          {t('checkout')} · {pickUp ? t('pickUp') : t(mealType)}
          {mealType === 'eat_in' && cart.table ? ` · ${t('table')} ${cart.table}` : ''}
        </h1>
      </div>
      {blocking && (
        <div className="alert" role="alert">
          <strong>{pick({ zh: blocking.zh, en: blocking.en }, lang)}</strong>
          {hint && (
            <p>
              {t('whatToChange')}
              {hint}
            </p>
          )}
        </div>
      )}
      {cart.lines.length === 0 && <p className="muted">{t('emptyCart')}</p>}
      <ul className="lines">
        {cart.lines.map((l) => {
          const p = products.get(l.productId);
          const opts =
            p?.optionGroups.flatMap((g) => g.options).filter((o) => l.optionIds.includes(o.id)) ?? [];
          const unavailable = !p || p.soldOut;
          const left = shortOf(l.productId);
          return (
            <li key={l.key} className={unavailable || left !== null ? 'line sold' : 'line'}>
              <div>
                {l.participant && <small className="muted">{l.participant} · </small>}
                <strong>{p?.name ?? `#${l.productId}`}</strong>
                {unavailable && <span className="badge">{t('soldOut')}</span>}
                {left !== null && (
                  <span className="badge" data-testid="line-stock-left">
                    {t('onlyLeft', { n: String(left) })}
                  </span>
                )}
                {opts.length > 0 && <small className="muted"> {opts.map((o) => o.name).join('、')}</small>}
                {l.note && !shop.form.hideProductNote && <small className="note">「{l.note}」</small>}
              </div>
              <div className="line-end">
                <span>{p ? money(unitPrice(p, l.optionIds) * l.quantity) : ''}</span>
                {fixedLines ? (
                  <span>× {l.quantity}</span>
                ) : (
                  <span className="qty small">
                    <button
                      type="button"
                      onClick={() => setQty(l.key, l.quantity - 1)}
                      aria-label={`${l.quantity === 1 ? t('remove') : t('less')} ${p?.name ?? ''}`}
                    >
                      −
                    </button>
                    <output>{l.quantity}</output>
                    <button
                      type="button"
                      onClick={() => setQty(l.key, Math.min(99, l.quantity + 1))}
                      aria-label={`${t('more')} ${p?.name ?? ''}`}
                    >
                      +
                    </button>
                  </span>
                )}
              </div>
            </li>
          );
        })}
      </ul>

      <div className="card form">
        <label className="fld">
          <span>{mealType === 'delivery' ? t('whenDelivery') : t('when')}</span>
          <select
            value={wanted}
            onChange={(e) => setWanted(e.target.value)}
            aria-invalid={Boolean(errors.wanted)}
          >
            {openNow && <option value="">{t('asap')}</option>}
            {!openNow && !wanted && <option value="">—</option>}
            {(slots ?? []).map((s) => (
              <option key={s.at} value={s.at}>
                {s.local.slice(5)}
              </option>
            ))}
          </select>
          {slots !== null && slots.length === 0 && !openNow && <small className="warn">{t('noSlots')}</small>}
          {errors.wanted && <small className="warn">{errors.wanted}</small>}
          {shop.form.bufferMinutes > 0 && mealType !== 'delivery' && (
            <small className="muted" data-testid="pickup-buffer">
              {t('bufferHint', { n: shop.form.bufferMinutes })}
            </small>
          )}
        </label>
        {pickUpOn && (
          <fieldset className="fld" data-testid="pickup-choice">
            <legend>{t('collectWay')}</legend>
            <label className="opt">
              <input
                type="radio"
                name="collect"
                checked={!pickUp}
                onChange={() => updateCart((c) => ({ ...c, pickUp: false }))}
              />
              <span>{t('collectCounter')}</span>
            </label>
            <label className="opt">
              <input
                type="radio"
                name="collect"
                checked={pickUp}
                onChange={() => updateCart((c) => ({ ...c, pickUp: true }))}
              />
              <span>{t('pickUp')}</span>
            </label>
            {pickUp && <small className="muted">{t('pickUpHint')}</small>}
          </fieldset>
        )}
        {mealType === 'delivery' && (
          <label className="fld">
            <span>
              {t('address')} <small className="muted">{t('required')}</small>
            </span>
            <input
              {...field('address')}
              autoComplete="street-address"
              maxLength={200}
              aria-invalid={Boolean(errors.address)}
            />
            {errors.address && <small className="warn">{errors.address}</small>}
          </label>
        )}
        <label className="fld">
          <span>
            {t('name')} <small className="muted">{t('required')}</small>
          </span>
          <input {...field('name')} autoComplete="name" maxLength={50} aria-invalid={Boolean(errors.name)} />
          {errors.name && <small className="warn">{errors.name}</small>}
        </label>
        {phoneMode !== 'hidden' && (
          <label className="fld">
            <span>
              {t('phone')}{' '}
              <small className="muted">{phoneMode === 'required' ? t('required') : t('optionalField')}</small>
            </span>
            <input
              {...field('phone')}
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              maxLength={30}
              aria-invalid={Boolean(errors.phone)}
              data-testid="phone-input"
            />
            {errors.phone && <small className="warn">{errors.phone}</small>}
          </label>
        )}
        {shop.form.otp && (
          <PhoneVerify
            shopId={shop.id}
            phone={cart.phone}
            holder={otpHolder({ lineUserId, deviceId: device }) ?? device}
            error={errors.otp}
            onVerified={setPhoneVerified}
          />
        )}
        {shop.form.email && (
          <label className="fld">
            <span>
              {t('email')} <small className="muted">{t('required')}</small>
            </span>
            <input
              {...field('email')}
              type="email"
              inputMode="email"
              autoComplete="email"
              maxLength={CUSTOMER_EMAIL_MAX}
              aria-invalid={Boolean(errors.email)}
              data-testid="email-input"
            />
            {errors.email ? (
              <small className="warn">{errors.email}</small>
            ) : (
              <small className="muted">{t('emailHint')}</small>
            )}
          </label>
        )}
        {payments.length > 0 && (
          <fieldset className="fld">
            <legend>{t('payment')}</legend>
            {payments.map((p) => (
              <label key={p} className="opt">
                <input type="radio" name="payment" checked={payment === p} onChange={() => setPayment(p)} />
                <span>{mealType === 'delivery' && p === 'cash' ? t('cashOnDelivery') : t(p)}</span>
              </label>
            ))}
            {payment === 'online' &&
              services.map((x) => (
                <label key={x} className="opt sub">
                  <input
                    type="radio"
                    name="payment-service"
                    checked={service === x}
                    onChange={() => setService(x)}
                  />
                  <span>{PAYMENT_SERVICE_NAMES[x]}</span>
                </label>
              ))}
            {chosenService === 'tappay' && shop.tappay && <TapPayCard form={shop.tappay} ref={cardRef} />}
          </fieldset>
        )}
        <label className="fld">
          <span>{t('voucherCode')}</span>
          <input
            value={voucher}
            maxLength={VOUCHER_CODE_INPUT_MAX}
            autoCapitalize="characters"
            aria-invalid={Boolean(errors.voucherCode)}
            onChange={(e) => setVoucher(e.target.value)}
            data-testid="voucher-code-input"
          />
          {errors.voucherCode && <small className="warn">{errors.voucherCode}</small>}
        </label>
        {showComment && (
          <label className="fld">
            <span>{t('comment')}</span>
            <textarea
              value={comment}
              maxLength={ORDER_COMMENT_MAX}
              rows={2}
              onChange={(e) => setComment(e.target.value)}
              data-testid="order-comment-input"
            />
          </label>
        )}
        {shop.form.receipt && (
          <label className="opt">
            <input
              type="checkbox"
              checked={Boolean(cart.receipt)}
              onChange={(e) => updateCart((c) => ({ ...c, receipt: e.target.checked }))}
              data-testid="receipt-input"
            />
            <span>{t('receiptWanted')}</span>
          </label>
        )}
        {invoiceFields.taxId && (
          <label className="fld">
            <span>{t('taxId')}</span>
            <input
              {...field('taxId')}
              inputMode="numeric"
              maxLength={8}
              aria-invalid={Boolean(errors.buyerTaxId)}
            />
            {errors.buyerTaxId && <small className="warn">{errors.buyerTaxId}</small>}
          </label>
        )}
        {invoiceFields.carrier && (
          <label className="fld">
            <span>{t('carrier')}</span>
            <input
              {...field('carrier')}
              placeholder="/ABC1234"
              maxLength={8}
              aria-invalid={Boolean(errors.carrier)}
            />
            {errors.carrier && <small className="warn">{errors.carrier}</small>}
          </label>
        )}
      </div>

      <dl className="sum card">
        <dt>{t('subtotal')}</dt>
        <dd>{money(subtotal)}</dd>
        {discount > 0 && (
          <>
            <dt>
              {t('discount')}{' '}
              <small className="muted">
                {preview?.ok ? preview.applied.map((a) => a.name).join('、') : ''}
              </small>
            </dt>
            <dd>−{money(discount)}</dd>
          </>
        )}
        {fee > 0 && (
          <>
            <dt>{t('deliveryFee')}</dt>
            <dd>{money(fee)}</dd>
          </>
        )}
        <dt className="total">{t('total')}</dt>
        <dd className="total" data-testid="total">
          {money(Math.max(0, subtotal - discount) + fee)}
        </dd>
      </dl>
      {discount > 0 && <p className="muted small">{t('estimated')}</p>}
      {large && (
        <p className="notice">
          {t('largeOrder')}
          {shop.phone ? ` ${shop.phone}` : ''}
        </p>
      )}

      <div className="sendbar">
        <button
          type="button"
          className="btn primary wide"
          disabled={sending || cart.lines.length === 0}
          aria-busy={sending}
          onClick={() => void send()}
        >
          {sending ? t('sending') : `${t('send')} · ${money(Math.max(0, subtotal - discount) + fee)}`}
        </button>
      </div>
    </section>
  );
};
