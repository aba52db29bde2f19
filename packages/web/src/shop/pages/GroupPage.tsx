import {
  GROUP_CART,
  type TGroupCart,
  type TGroupCheckout,
  type TStorefrontMenu,
  type TStorefrontShop,
} from '@shopdesk/contract';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { api, type ShopApiError } from '../api';
import { previewPrice, type TMenuProduct } from '../cart-pricing';
import { groupApi } from '../group-api';
import { useGT } from '../group-i18n';
import { loadGroupMe, newGroupKey, saveGroupMe, type TGroupMe } from '../group-store';
import { pick, useLang, useT } from '../i18n';
import { localMenu } from '../menu-names';
import { linkProps } from '../router';
import { money } from '../shop-data';
import { loadCart, loadOrderTokens, saveCart, type TCart } from '../store';
import { Checkout } from './Checkout';
import { GroupList } from './GroupList';
import { GroupProducts } from './GroupProducts';
import { GroupShare } from './GroupShare';
import { ProductSheet } from './ProductSheet';

/** How often the list is asked again while the group cart is open ("live enough" for a table of friends). */
const POLL_MS = 3_000;

/**
 * /shop/{id}/group/{token}: 團購 (is_groupbuy). A participant gives a name, then adds items from the cart's
 * menu; everyone sees who ordered what; the opener checks out once through the ordinary checkout
 * (docs/decisions/customer-app.md "Group orders").
 */
const GroupPage = ({ shop, token }: { shop: TStorefrontShop; token: string }) => {
  const t = useT();
  const gt = useGT();
  const lang = useLang();
  const [me, setMe] = useState<TGroupMe | null>(() => loadGroupMe(token));
  const [cart, setCart] = useState<TGroupCart | null>(null);
  const [error, setError] = useState<ShopApiError | null>(null);
  const [read, setMenu] = useState<TStorefrontMenu | null>(null);
  // the names in the chosen language (the read menu carries both)
  const menu = useMemo(() => (read ? localMenu(read, lang) : null), [read, lang]);
  const [sheet, setSheet] = useState<TMenuProduct | null>(null);
  const [step, setStep] = useState<'group' | 'checkout'>('group');
  const [nameDraft, setNameDraft] = useState('');

  const refresh = useCallback(
    () =>
      groupApi.read(token, me?.key ?? null).then(
        (r) => {
          setCart(r.cart);
          setError(null);
        },
        (e: ShopApiError) => setError(e),
      ),
    [token, me?.key],
  );
  // the list is read again every few seconds while the cart is open and the page is shown
  const open = cart === null || (cart.status === 'open' && !cart.expired);
  useEffect(() => {
    void refresh();
    if (!open) return;
    const timer = setInterval(() => {
      if (document.visibilityState !== 'hidden') void refresh();
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [refresh, open]);

  const mealType = cart?.mealType ?? null;
  useEffect(() => {
    if (!mealType) return;
    let live = true;
    api.menu(shop.id, mealType).then(
      (m) => live && setMenu(m),
      (e: ShopApiError) => live && setError(e),
    );
    return () => {
      live = false;
    };
  }, [shop.id, mealType]);

  // the opener's checkout: the saved customer fields of this shop, the group's lines as the cart's lines
  const [own, setOwn] = useState<TCart>(() => loadCart(shop.id));
  const updateOwn = useCallback(
    (change: (c: TCart) => TCart) =>
      setOwn((c) => {
        const next = change(c);
        saveCart(shop.id, next);
        return next;
      }),
    [shop.id],
  );
  const lines = useMemo(
    () =>
      (cart?.lines ?? []).map((l) => ({
        key: String(l.id),
        productId: l.productId,
        optionIds: l.optionIds,
        quantity: l.quantity,
        participant: l.participant,
        ...(l.note ? { note: l.note } : {}),
      })),
    [cart?.lines],
  );
  const checkoutCart: TCart = { ...own, name: own.name || me?.name || '', lines };
  const updateCheckout = useCallback(
    // only the customer's fields are kept: the lines are the group's, the own cart's lines stay as they were
    (change: (c: TCart) => TCart) => updateOwn((c) => ({ ...change({ ...c, lines }), lines: c.lines })),
    [updateOwn, lines],
  );
  const preview = useMemo(
    () =>
      menu && mealType && lines.length > 0
        ? previewPrice(menu, mealType, lines, loadOrderTokens(shop.id).length)
        : null,
    [menu, mealType, lines, shop.id],
  );

  if (error && !cart)
    return (
      <p className="alert" role="alert">
        {pick(error, lang)}
      </p>
    );
  if (!cart || !menu || !mealType)
    return (
      <p className="center muted" role="status">
        {t('loading')}
      </p>
    );

  if (step === 'checkout' && cart.isOpener && me && open)
    return (
      <Checkout
        shop={shop}
        menu={menu}
        mealType={mealType}
        cart={checkoutCart}
        updateCart={updateCheckout}
        preview={preview}
        onBack={() => setStep('group')}
        onMenuStale={() => void refresh()}
        fixedLines
        // one checkout per group cart: its own Idempotency-Key, so a retry answers the same order
        place={(body, _key) => {
          const { items: _items, ...rest } = body;
          return groupApi.checkout(shop.id, token, me.key, rest as TGroupCheckout, `group:${token}`);
        }}
      />
    );

  const join = () => {
    const name = nameDraft.trim();
    if (!name) return;
    const next = { key: me?.key ?? newGroupKey(), name };
    saveGroupMe(token, next);
    setMe(next);
  };
  const add = async (optionIds: number[], quantity: number, note: string) => {
    if (!sheet || !me) return;
    setSheet(null);
    try {
      const r = await groupApi.add(token, me.key, {
        name: me.name,
        productId: sheet.id,
        quantity,
        optionIds,
        ...(note ? { note } : {}),
      });
      setCart(r.cart);
      setError(null);
    } catch (e) {
      setError(e as ShopApiError);
    }
  };
  const remove = async (lineId: number) => {
    if (!me) return;
    try {
      setCart((await groupApi.remove(token, me.key, lineId)).cart);
    } catch (e) {
      setError(e as ShopApiError);
    }
  };
  const cancel = async () => {
    if (!me) return;
    try {
      setCart((await groupApi.cancel(token, me.key)).cart);
    } catch (e) {
      setError(e as ShopApiError);
    }
  };

  const closedText =
    cart.status === 'checked_out'
      ? gt('checkedOut', { serial: cart.order?.serial ?? '' })
      : cart.status === 'cancelled'
        ? gt('cancelled')
        : cart.expired
          ? gt('expired')
          : null;

  return (
    <section className="group-order" aria-labelledby="group-title">
      <h1 id="group-title">
        {gt('joinTitle', { name: cart.openerName })} · {t(mealType)}
      </h1>
      {closedText && (
        <p className="notice" role="status" data-testid="group-closed">
          {closedText}{' '}
          {cart.order?.token && (
            <a {...linkProps(`/shop/${shop.id}/orders/${encodeURIComponent(cart.order.token)}`)}>
              {gt('viewOrder')}
            </a>
          )}
        </p>
      )}
      {error && (
        <p className="alert" role="alert">
          {pick(error, lang)}
        </p>
      )}
      {open && cart.isOpener && <GroupShare shop={shop} token={token} />}
      {open && !me && (
        <form
          className="card form"
          onSubmit={(e) => {
            e.preventDefault();
            join();
          }}
        >
          <label className="fld">
            <span>{gt('yourName')}</span>
            <input
              value={nameDraft}
              maxLength={GROUP_CART.nameMax}
              autoComplete="name"
              onChange={(e) => setNameDraft(e.target.value)}
              data-testid="group-join-name"
            />
          </label>
          <button type="submit" className="btn primary" disabled={!nameDraft.trim()} data-testid="group-join">
            {gt('join')}
          </button>
        </form>
      )}
      {open && me && (
        <>
          <p className="muted small" data-testid="group-me">
            {gt('orderingAs', { name: me.name })}
          </p>
          <GroupProducts menu={menu} singleColumn={shop.form.singleColumn} onPick={setSheet} />
        </>
      )}
      <GroupList cart={cart} menu={menu} onRemove={open ? (id) => void remove(id) : undefined} />
      {open && cart.isOpener && (
        <>
          <button type="button" className="btn small" onClick={() => void cancel()}>
            {gt('cancel')}
          </button>
          <div className="cartbar">
            <button
              type="button"
              className="btn primary wide"
              disabled={cart.lines.length === 0}
              onClick={() => setStep('checkout')}
              data-testid="group-checkout"
            >
              <span>{gt('checkout')}</span>
              <span>{preview?.ok ? money(preview.order.subtotal - preview.discount) : ''}</span>
            </button>
          </div>
        </>
      )}
      {open && !cart.isOpener && <p className="muted small">{gt('onlyOpener', { name: cart.openerName })}</p>}
      {sheet && (
        <ProductSheet
          product={sheet}
          calorie={shop.form.calorie}
          noteShown={!shop.form.hideProductNote}
          onClose={() => setSheet(null)}
          onAdd={(optionIds, quantity, note) => void add(optionIds, quantity, note)}
        />
      )}
    </section>
  );
};

export default GroupPage;
