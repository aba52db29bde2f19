import type { TCustomerOrder, TStorefrontShop } from '@shopdesk/contract';
import { useEffect, useState } from 'react';
import { api } from '../api';
import { type TWord, useLang, useT } from '../i18n';
import { linkProps } from '../router';
import { money, when } from '../shop-data';
import { forgetOrder, loadOrderTokens } from '../store';

/** /shop/{id}/orders: the orders placed from this device (their links are kept in localStorage). */
const OrdersPage = ({ shop }: { shop: TStorefrontShop }) => {
  const t = useT();
  const lang = useLang();
  const [orders, setOrders] = useState<TCustomerOrder[] | null>(null);
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
          <li key={o.token}>
            <a
              className="card order-link"
              {...linkProps(`/shop/${shop.id}/orders/${encodeURIComponent(o.token)}`)}
            >
              <strong>#{o.serial}</strong>
              <span>{t(`status_${o.status}` as TWord)}</span>
              <span className="muted small">
                {when(o.createdAt, lang)} · {t(o.mealType)} · {money(o.total)}
              </span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
};
export default OrdersPage;
