import { mergeLines, rebuildLines, type TCustomerOrder, type TStorefrontShop } from '@shopdesk/contract';
import { useEffect, useState } from 'react';
import { api, type ShopApiError } from '../api';
import { pick, type TWord, useLang, useT } from '../i18n';
import { linkProps } from '../router';
import { money, when } from '../shop-data';
import { forgetOrder, loadCart, loadOrderTokens, saveCart } from '../store';

type TRebuilt = { token: string; added: number; missing: string[]; mealType: string; error?: string };

/** /shop/{id}/orders: the orders placed from this device (their links are kept in localStorage). */
const OrdersPage = ({ shop }: { shop: TStorefrontShop }) => {
  const t = useT();
  const lang = useLang();
  const [orders, setOrders] = useState<TCustomerOrder[] | null>(null);
  const [rebuilt, setRebuilt] = useState<TRebuilt | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  // spec 001 §2.2 is_rebuild: what is still on sale goes into the cart, what is not is named
  const orderAgain = async (o: TCustomerOrder) => {
    setBusy(o.token);
    try {
      const menu = await api.menu(shop.id, o.mealType);
      const { lines, missing } = rebuildLines(o, menu);
      if (lines.length > 0) {
        const cart = loadCart(shop.id);
        const sameMeal = cart.mealType === o.mealType;
        saveCart(shop.id, {
          ...cart,
          mealType: o.mealType,
          table: sameMeal ? cart.table : null,
          pickUp: o.pickUp,
          lines: mergeLines(sameMeal ? cart.lines : [], lines),
        });
      }
      setRebuilt({ token: o.token, added: lines.length, missing, mealType: o.mealType });
    } catch (e) {
      const err = e as ShopApiError;
      setRebuilt({
        token: o.token,
        added: 0,
        missing: [],
        mealType: o.mealType,
        error: pick({ zh: err.zh, en: err.en }, lang),
      });
    } finally {
      setBusy(null);
    }
  };
  useEffect(() => {
    let live = true;
    const tokens = loadOrderTokens(shop.id).slice(0, 20);
    Promise.all(
      tokens.map((tk) =>
        api.order(tk).then(
          (r) => (r.order.accountId === shop.id ? r.order : null),
          (e: { status: number }) => {
            // a link the server no longer knows (expired, secret changed) is dropped
            if (e.status === 404) forgetOrder(shop.id, tk);
            return null;
          },
        ),
      ),
    ).then((list) => live && setOrders(list.filter((o): o is TCustomerOrder => o !== null)));
    return () => {
      live = false;
    };
  }, [shop.id]);
  if (!orders)
    return (
      <p className="center muted" role="status">
        {t('loading')}
      </p>
    );
  return (
    <section aria-labelledby="orders-title">
      <h1 id="orders-title">{t('myOrders')}</h1>
      {orders.length === 0 && <p className="muted">{t('noOrders')}</p>}
      <ul className="orders">
        {orders.map((o) => (
          <li key={o.token} className="order-item">
            <a
              className="card order-link"
              {...linkProps(`/shop/${shop.id}/orders/${encodeURIComponent(o.token)}`)}
            >
              <strong>#{o.serial}</strong>
              <span>{t(`status_${o.status}` as TWord)}</span>
              <span className="muted small">
                {when(o.createdAt, lang)} · {o.pickUp ? t('pickUp') : t(o.mealType)} · {money(o.total)}
              </span>
            </a>
            {shop.form.rebuild && (
              <button
                type="button"
                className="btn small"
                disabled={busy !== null}
                aria-busy={busy === o.token}
                onClick={() => void orderAgain(o)}
                data-testid="rebuild"
              >
                {t('rebuild')}
              </button>
            )}
            {rebuilt?.token === o.token && (
              <div
                className={rebuilt.added > 0 ? 'notice' : 'alert'}
                role="status"
                data-testid="rebuild-result"
              >
                {rebuilt.error ? (
                  <p>{rebuilt.error}</p>
                ) : (
                  <>
                    <p>{rebuilt.added > 0 ? t('rebuildAdded', { n: rebuilt.added }) : t('rebuildNone')}</p>
                    {rebuilt.missing.length > 0 && (
                      <p>{t('rebuildMissing', { names: rebuilt.missing.join('、') })}</p>
                    )}
                    {rebuilt.added > 0 && (
                      <a
                        className="btn primary small"
                        {...linkProps(`/shop/${shop.id}/menu?mealType=${rebuilt.mealType}`)}
                      >
                        {t('toCart')}
                      </a>
                    )}
                  </>
                )}
              </div>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
};
export default OrdersPage;
