import {
  CUSTOMER_LOGISTICS_STEPS,
  LOGISTICS_FINAL,
  LOGISTICS_STATUS_LABELS,
  ORDER_PAYMENT_STATUS_LABELS,
  PAYMENT_SERVICE_NAMES,
  TAPPAY_CARD_MESSAGES,
  type TCustomerOrder,
  TEST_ORDER_LABEL,
  type TStorefrontShop,
  tappayFailureMessage,
} from '@shopdesk/contract';
import { useEffect, useRef, useState } from 'react';
import { api, type ShopApiError } from '../api';
import { pick, type TWord, useLang, useT } from '../i18n';
import { linkProps } from '../router';
import { money, when } from '../shop-data';
import { rememberOrder } from '../store';
import { CardError, TapPayCard, type TapPayCardHandle } from '../TapPayCard';
import { MissingPage } from './Missing';

const STEPS = ['new', 'accepted', 'completed'] as const;

/**
 * A TapPay card payment as the customer follows it (docs/decisions/payments.md "TapPay card form"): while TapPay is
 * asked, "confirming"; after a refusal, why (TapPay's own words beside ours) and the card form to pay again.
 */
const TapPayRetry = ({
  shop,
  order,
  onOrder,
}: {
  shop: TStorefrontShop;
  order: TCustomerOrder;
  onOrder: (o: TCustomerOrder) => void;
}) => {
  const t = useT();
  const lang = useLang();
  const card = useRef<TapPayCardHandle>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const p = order.payment;
  // 3-D Secure: the bank's page, once by itself (a back from the bank does not loop), then by the button
  const verifyAt = p?.status === 'requested' ? p.paymentUrl : null;
  useEffect(() => {
    if (!verifyAt) return;
    const key = `tds:${verifyAt}`;
    if (sessionStorage.getItem(key)) return;
    sessionStorage.setItem(key, '1');
    window.location.assign(verifyAt);
  }, [verifyAt]);
  if (verifyAt)
    return (
      <a className="btn primary" href={verifyAt} data-testid="tappay-3ds">
        {pick(TAPPAY_CARD_MESSAGES.verify3ds, lang)}
      </a>
    );
  if (p?.status === 'requested')
    return (
      <p className="small" role="status" data-testid="tappay-pending">
        {pick(TAPPAY_CARD_MESSAGES.pending, lang)}
      </p>
    );
  if (p?.status !== 'failed') return null;
  const retry = async () => {
    if (busy) return;
    setBusy(true);
    setProblem(null);
    try {
      const prime = await card.current!.getPrime();
      onOrder((await api.retryTapPay(order.token, prime)).order);
    } catch (err) {
      setProblem(
        err instanceof CardError ? pick(err.text, lang) : pick(err as ShopApiError, lang) || String(err),
      );
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="payfail" data-testid="tappay-failed">
      <strong role="alert">{pick(tappayFailureMessage(p.failure?.code), lang)}</strong>
      {p.failure && (
        <small className="muted">
          TapPay {p.failure.code} {p.failure.text}
        </small>
      )}
      {shop.tappay && (
        <>
          <TapPayCard form={shop.tappay} ref={card} />
          {problem && <small className="warn">{problem}</small>}
          <button
            type="button"
            className="btn primary"
            disabled={busy}
            onClick={retry}
            data-testid="pay-again"
          >
            {busy ? t('paying') : t('payAgain')}
          </button>
        </>
      )}
    </div>
  );
};

/**
 * /shop/{id}/orders/{token}: one order followed live over Server-Sent Events (the order feed the
 * board uses), reached by its unguessable link, no sign-in. Another shop's id in the path or a tampered
 * token shows "order not found".
 */
const OrderPage = ({ shop, token }: { shop: TStorefrontShop; token: string }) => {
  const t = useT();
  const lang = useLang();
  const [order, setOrder] = useState<TCustomerOrder | null>(null);
  const [failed, setFailed] = useState<ShopApiError | null>(null);
  const [live, setLive] = useState<'on' | 'lost' | 'off'>('off');

  useEffect(() => {
    let alive = true;
    setOrder(null);
    setFailed(null);
    api.order(token).then(
      (r) => {
        if (!alive) return;
        if (r.order.accountId !== shop.id) {
          setFailed({ status: 404 } as ShopApiError);
          return;
        }
        setOrder(r.order);
        rememberOrder(shop.id, token);
      },
      (e: ShopApiError) => alive && setFailed(e),
    );
    return () => {
      alive = false;
    };
  }, [token, shop.id]);

  // followed live while the shop works on it, and after that while a courier still carries it
  const open =
    order !== null &&
    (order.status === 'new' ||
      order.status === 'accepted' ||
      (order.status === 'completed' &&
        order.logisticsStatus !== null &&
        !LOGISTICS_FINAL.includes(order.logisticsStatus)));
  useEffect(() => {
    if (!open || typeof EventSource === 'undefined') return;
    const es = new EventSource(api.orderEventsUrl(token));
    es.addEventListener('open', () => setLive('on'));
    es.addEventListener('error', () => setLive('lost'));
    es.addEventListener('order', (e) => {
      try {
        const next = JSON.parse((e as MessageEvent<string>).data) as TCustomerOrder;
        if (next.accountId === shop.id) setOrder(next);
        setLive('on');
      } catch {
        // a garbled event: the next one carries the whole order again
      }
    });
    return () => {
      es.close();
      setLive('off');
    };
  }, [open, token, shop.id]);

  if (failed) {
    if (failed.status === 404 || failed.status === 400) return <MissingPage kind="order" shopId={shop.id} />;
    return (
      <p className="alert" role="alert">
        {pick({ zh: failed.zh, en: failed.en }, lang)}
      </p>
    );
  }
  if (!order)
    return (
      <p className="center muted" role="status">
        {t('loading')}
      </p>
    );
  const ended = order.status === 'rejected' || order.status === 'canceled';
  const at = STEPS.indexOf(order.status as (typeof STEPS)[number]);
  // the courier's progress (spec 000 §4); off the normal path (overdue, canceled, customer service)
  // it shows as a note with the board's label
  const courierAt = CUSTOMER_LOGISTICS_STEPS.findIndex((s) => s.status === order.logisticsStatus);
  const courier = !ended && order.logisticsStatus !== null;
  return (
    <section className="order" aria-labelledby="order-title">
      <p className="muted">{t('orderNo')}</p>
      <h1 id="order-title" className="serial">
        #{order.serial}
        {order.isTest && (
          <span className="test-mark" data-testid="test-order">
            {pick(TEST_ORDER_LABEL, lang)}
          </span>
        )}
      </h1>
      <p
        className={ended ? 'state bad' : 'state'}
        role="status"
        aria-live="polite"
        data-status={order.status}
      >
        {courier && courierAt >= 0
          ? pick(CUSTOMER_LOGISTICS_STEPS[courierAt]!.label, lang)
          : t(`status_${order.status}` as TWord)}
      </p>
      {ended && order.statusReason && (
        <p className="alert">
          {t('reason')}
          {order.statusReason}
        </p>
      )}
      {!ended && (
        <ol className="steps">
          {STEPS.map((s, i) => (
            <li key={s} className={i <= at ? 'done' : ''}>
              {t(`status_${s}` as TWord)}
            </li>
          ))}
        </ol>
      )}
      {courier && courierAt >= 0 && (
        <ol className="steps courier" aria-label={t('courierSteps')} data-testid="courier-steps">
          {CUSTOMER_LOGISTICS_STEPS.map((s, i) => (
            <li
              key={s.status}
              className={i <= courierAt ? 'done' : ''}
              aria-current={i === courierAt ? 'step' : undefined}
            >
              {pick(s.label, lang)}
            </li>
          ))}
        </ol>
      )}
      {courier && courierAt < 0 && order.logisticsStatus && (
        <p className="alert" data-testid="courier-note">
          {t('courierNote')}
          {pick(LOGISTICS_STATUS_LABELS[order.logisticsStatus], lang)}
        </p>
      )}
      {courier && order.driver && (
        <p className="small" data-testid="courier-driver">
          {t('driver')}：{order.driver.name} ·{' '}
          <a href={`tel:${order.driver.phone.replace(/[^\d+]/g, '')}`}>{order.driver.phone}</a>
        </p>
      )}
      {open && (
        <p className="muted small">
          {live === 'lost' ? t('offlineFeed') : live === 'on' ? `● ${t('live')}` : ''}
        </p>
      )}
      <div className="card">
        <p>
          <strong>{order.shopName}</strong> · {order.pickUp ? t('pickUp') : t(order.mealType)}
          {order.tableNumber ? ` · ${t('table')} ${order.tableNumber}` : ''}
        </p>
        <p className="muted small">
          {t('placedAt')} {when(order.createdAt, lang)}
          {order.wantedAt ? ` · ${t('wantedAt')} ${when(order.wantedAt, lang)}` : ''}
          {order.wantedAt && order.mealType !== 'delivery' && shop.form.bufferMinutes > 0
            ? `（${t('bufferShort', { n: shop.form.bufferMinutes })}）`
            : ''}
        </p>
        {order.deliveryAddress && <p className="small">{order.deliveryAddress}</p>}
        {order.comment && (
          <p className="small" data-testid="order-comment">
            {t('comment')}：{order.comment}
          </p>
        )}
        {order.receipt && (
          <p className="small" data-testid="order-receipt">
            {t('receiptAsked')}
          </p>
        )}
        <ul className="lines">
          {order.items.map((i, n) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: lines of one order never move
            <li key={n} className="line">
              <div>
                {i.participant && <small className="muted">{i.participant} · </small>}
                {i.name} × {i.quantity}
                {i.options.length > 0 && <small className="muted"> {i.options.join('、')}</small>}
                {i.note && <small className="note">「{i.note}」</small>}
              </div>
              <span>{money(i.lineTotal)}</span>
            </li>
          ))}
        </ul>
        <dl className="sum">
          <dt>{t('subtotal')}</dt>
          <dd>{money(order.subtotal)}</dd>
          {order.discount > 0 && (
            <>
              <dt>{t('discount')}</dt>
              <dd>−{money(order.discount)}</dd>
            </>
          )}
          {order.deliveryFee > 0 && (
            <>
              <dt>{t('deliveryFee')}</dt>
              <dd>{money(order.deliveryFee)}</dd>
            </>
          )}
          <dt className="total">{t('total')}</dt>
          <dd className="total">{money(order.total)}</dd>
        </dl>
        {order.payment && (
          <p className="small" data-testid="order-payment">
            {t('payment')}：{PAYMENT_SERVICE_NAMES[order.payment.service]} ·{' '}
            {pick(ORDER_PAYMENT_STATUS_LABELS[order.payment.status], lang)}
          </p>
        )}
        {!order.payment && (
          <p className="small" data-testid="order-payment">
            {t('payment')}：
            {order.paymentMethod === 'cash'
              ? t(order.mealType === 'delivery' ? 'cashOnDelivery' : 'cash')
              : t('online')}
          </p>
        )}
      </div>
      {order.payment?.service === 'tappay' && !ended && (
        <TapPayRetry shop={shop} order={order} onOrder={setOrder} />
      )}
      {order.payment?.service === 'linepay' && order.payment.paymentUrl && !ended && (
        <a className="btn primary" href={order.payment.paymentUrl} data-testid="pay-now">
          {t('payWithLinePay')}
        </a>
      )}
      <a className="btn" {...linkProps(`/shop/${shop.id}/menu`)}>
        {t('orderAgain')}
      </a>
    </section>
  );
};
export default OrderPage;
