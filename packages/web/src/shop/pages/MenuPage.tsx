import {
  menuImageSrcset,
  TEST_ORDER_MESSAGES,
  type TMealType,
  type TStorefrontMenu,
  type TStorefrontShop,
  tableKnown,
} from '@shopdesk/contract';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { api, type ShopApiError, staffPreviewOf } from '../api';
import { previewPrice, productsById, type TMenuProduct, unitPrice } from '../cart-pricing';
import { pick, useLang, useT } from '../i18n';
import { NoticeText } from '../RichText';
import { navigate, useLocation } from '../router';
import { MEAL_TYPES, money } from '../shop-data';
import { loadCart, loadOrderTokens, saveCart, type TCart } from '../store';
import { Checkout } from './Checkout';
import { GroupStart } from './GroupStart';
import { MissingPage } from './Missing';
import { ProductSheet } from './ProductSheet';

const isMealType = (v: string | null): v is TMealType => MEAL_TYPES.includes(v as TMealType);

/** The cart of a shop, kept in localStorage across reloads. */
export const useCart = (shopId: number) => {
  const [cart, setCart] = useState<TCart>(() => loadCart(shopId));
  const update = useCallback(
    (change: (c: TCart) => TCart) =>
      setCart((c) => {
        const next = change(c);
        saveCart(shopId, next);
        return next;
      }),
    [shopId],
  );
  return [cart, update] as const;
};

/**
 * /shop/{id}/menu: the menu by class, the product sheet with its option groups, the cart and
 * the checkout. A table link (?mealType=eat_in&table=5&v=2) fixes the meal type and the table number.
 */
export const MenuPage = ({ shop }: { shop: TStorefrontShop }) => {
  const t = useT();
  const lang = useLang();
  const { query } = useLocation();
  const [cart, updateCart] = useCart(shop.id);
  const queryMeal = query.get('mealType');
  const queryTable = query.get('table')?.trim().slice(0, 20) || null;
  // a table link wins; then the cart's choice; then the shop's default; then the first offered
  const offered = MEAL_TYPES.filter((m) => shop.mealTypes[m].on);
  const forced = queryTable !== null && isMealType(queryMeal);
  const mealType: TMealType | null =
    (isMealType(queryMeal) ? queryMeal : null) ??
    (cart.mealType && shop.mealTypes[cart.mealType].on ? cart.mealType : null) ??
    (isMealType(shop.defaultMealType) && shop.mealTypes[shop.defaultMealType].on
      ? shop.defaultMealType
      : null) ??
    offered[0] ??
    null;
  const table = forced ? queryTable : cart.table;

  useEffect(() => {
    if (mealType !== cart.mealType || table !== cart.table) updateCart((c) => ({ ...c, mealType, table }));
  }, [mealType, table, cart.mealType, cart.table, updateCart]);
  // spec 000 §3 isPickup: the pick-up-cup rich menu's 自取 area opens ?mealType=to_go&pickUp=1
  const queryPickUp = query.get('pickUp') === '1' && shop.form.pickUp && mealType === 'to_go';
  useEffect(() => {
    if (queryPickUp && !cart.pickUp) updateCart((c) => ({ ...c, pickUp: true }));
  }, [queryPickUp, cart.pickUp, updateCart]);

  const [menu, setMenu] = useState<
    { state: 'loading' } | { state: 'ok'; menu: TStorefrontMenu } | { state: 'error'; error: ShopApiError }
  >({ state: 'loading' });
  const [reload, setReload] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `reload` asks for the menu again (sold out)
  useEffect(() => {
    if (!mealType) return;
    let live = true;
    setMenu((m) => (m.state === 'ok' ? m : { state: 'loading' }));
    api.menu(shop.id, mealType).then(
      (m) => live && setMenu({ state: 'ok', menu: m }),
      (error: ShopApiError) => live && setMenu({ state: 'error', error }),
    );
    return () => {
      live = false;
    };
  }, [shop.id, mealType, reload]);

  const [sheet, setSheet] = useState<TMenuProduct | null>(null);
  const [step, setStep] = useState<'menu' | 'checkout'>('menu');

  const chooseMeal = (m: TMealType) => {
    updateCart((c) => ({ ...c, mealType: m, table: null }));
    navigate(`/shop/${shop.id}/menu?mealType=${m}`, { replace: true });
  };

  const products = useMemo(() => (menu.state === 'ok' ? productsById(menu.menu) : new Map()), [menu]);
  const preview = useMemo(
    () =>
      menu.state === 'ok' && mealType && cart.lines.length > 0
        ? previewPrice(
            menu.menu,
            mealType,
            cart.lines.filter((l) => products.has(l.productId)),
            loadOrderTokens(shop.id).length,
          )
        : null,
    [menu, mealType, cart.lines, products, shop.id],
  );
  const count = cart.lines.reduce((n, l) => n + l.quantity, 0);

  // a table link to a table that is not one of the shop's table QR codes
  if (forced && mealType !== 'delivery' && mealType && !tableKnown(shop.tables, mealType, table))
    return <MissingPage kind="table" shopId={shop.id} />;
  // spec 002 §2 go-live status: a shop not live takes only staff test orders (a staff preview link)
  if (!shop.live && !staffPreviewOf(shop.id))
    return (
      <p className="alert" role="alert" data-testid="not-live">
        {pick(TEST_ORDER_MESSAGES.notLiveYet, lang)}
      </p>
    );
  if (!mealType)
    return (
      <p className="alert" role="alert">
        {t('notOrdering')}
      </p>
    );

  // a shop whose system is off or which is offline takes no order of any meal type: no "open now", and no
  // hint to try another meal type (the menu's refusal says why)
  const shopWideStop = shop.systemClosed || !shop.online;
  const noticeKey = `${mealType}_${shop.openNow[mealType] ? 'online' : 'offline'}_notice`;
  const header = (
    <div className="menu-head">
      {forced ? (
        <p className="meal-fixed">
          <strong>
            {t(mealType)}
            {table ? ` · ${t('table')} ${table}` : ''}
          </strong>
          <small className="muted"> {t('forcedByTable')}</small>
        </p>
      ) : (
        <div className="tabs" role="tablist" aria-label={t('menu')}>
          {offered.map((m) => (
            <button
              key={m}
              type="button"
              role="tab"
              aria-selected={m === mealType}
              className={m === mealType ? 'tab on' : 'tab'}
              onClick={() => chooseMeal(m)}
            >
              {t(m)}
            </button>
          ))}
        </div>
      )}
      {/* 團購 (is_groupbuy): 開團, a shared cart of this meal type (GroupStart) */}
      {shop.form.groupbuy && !forced && !shopWideStop && (
        <GroupStart shop={shop} mealType={mealType} defaultName={cart.name} />
      )}
      {!shopWideStop && (
        <p className={shop.openNow[mealType] ? 'status ok' : 'status muted'}>
          {shop.openNow[mealType]
            ? t('openNow')
            : shop.reservationDays > 0
              ? t('closedNow')
              : t('closedNoAhead')}
        </p>
      )}
      {shop.notices[noticeKey] && (
        <p className="notice">
          <NoticeText stored={shop.notices[noticeKey]} />
        </p>
      )}
      {mealType === 'delivery' &&
        !shop.form.hideDeliveryThreshold &&
        (shop.form.deliveryAmountMin > 0 || shop.form.deliveryQtyMin > 0) && (
          <p className="muted small">
            {t('deliveryMin', { amt: shop.form.deliveryAmountMin, qty: shop.form.deliveryQtyMin })}
          </p>
        )}
      {/* with logistics on, deliveryAmtTh is the free-delivery amount (spec 000 §3) */}
      {mealType === 'delivery' &&
        !shop.form.hideDeliveryThreshold &&
        (shop.form.freeDeliveryFrom ?? 0) > 0 && (
          <p className="muted small" data-testid="free-delivery">
            {t('freeDelivery', { amt: shop.form.freeDeliveryFrom ?? 0 })}
          </p>
        )}
    </div>
  );

  if (menu.state === 'error')
    return (
      <section>
        {header}
        <p className="alert" role="alert">
          {pick({ zh: menu.error.zh, en: menu.error.en }, lang)}
        </p>
        {!forced && !shopWideStop && offered.length > 1 && <p className="muted">{t('changeMealType')}</p>}
      </section>
    );
  if (menu.state === 'loading')
    return (
      <section>
        {header}
        <p className="center muted" role="status">
          {t('loading')}
        </p>
      </section>
    );

  if (step === 'checkout')
    return (
      <Checkout
        shop={shop}
        menu={menu.menu}
        mealType={mealType}
        cart={cart}
        updateCart={updateCart}
        preview={preview}
        onBack={() => setStep('menu')}
        onMenuStale={() => setReload((n) => n + 1)}
      />
    );

  const m = menu.menu;
  return (
    <section className="menu">
      {header}
      {m.promotions.length > 0 && (
        <section className="promos" aria-label={t('promotions')}>
          {m.promotions.map((p) => (
            <div key={p.id} className="promo">
              <strong>{p.name}</strong>
              {p.description && <span> {p.description}</span>}
            </div>
          ))}
        </section>
      )}
      <nav className="classes" aria-label={t('menu')}>
        {m.classes.map((c) => (
          <a key={c.id} href={`#class-${c.id}`}>
            {c.name}
          </a>
        ))}
      </nav>
      {m.classes.map((c) => (
        <section key={c.id} id={`class-${c.id}`} className="class" aria-labelledby={`class-title-${c.id}`}>
          <h2 id={`class-title-${c.id}`}>{c.name}</h2>
          <ul className={shop.form.singleColumn ? 'products one' : 'products two'} data-testid="products">
            {c.products.map((p) => (
              <li key={p.id}>
                <button
                  type="button"
                  className={p.soldOut ? 'product sold' : 'product'}
                  disabled={p.soldOut}
                  onClick={() => setSheet(p)}
                  aria-label={`${p.name} ${money(p.price)}${p.soldOut ? ` ${t('soldOut')}` : ''}`}
                >
                  {p.imageUrl && (
                    <img
                      src={p.imageUrl}
                      srcSet={menuImageSrcset(p.imageUrl)}
                      sizes="(max-width: 640px) 50vw, 320px"
                      alt=""
                      loading="lazy"
                      decoding="async"
                      width={320}
                      height={240}
                    />
                  )}
                  <span className="pname">{p.name}</span>
                  {p.description && shop.form.singleColumn && <span className="pdesc">{p.description}</span>}
                  <span className="pprice">
                    {money(p.price)}
                    {p.calories !== null && (
                      <small className="muted">
                        {' '}
                        · {p.calories} {t('calories')}
                      </small>
                    )}
                  </span>
                  {p.soldOut && <span className="badge">{t('soldOut')}</span>}
                </button>
              </li>
            ))}
          </ul>
        </section>
      ))}
      {sheet && (
        <ProductSheet
          product={sheet}
          calorie={shop.form.calorie}
          noteShown={!shop.form.hideProductNote}
          onClose={() => setSheet(null)}
          onAdd={(optionIds, quantity, note) => {
            // the same product with other options or another note is a line of its own
            const key = `${sheet.id}:${[...optionIds].sort((a, b) => a - b).join(',')}:${note}`;
            updateCart((c) => {
              const same = c.lines.find((l) => l.key === key);
              const lines = same
                ? c.lines.map((l) =>
                    l.key === key ? { ...l, quantity: Math.min(99, l.quantity + quantity) } : l,
                  )
                : [...c.lines, { key, productId: sheet.id, optionIds, quantity, ...(note ? { note } : {}) }];
              return { ...c, lines };
            });
            setSheet(null);
          }}
        />
      )}
      {count > 0 && (
        <div className="cartbar">
          <button type="button" className="btn primary wide" onClick={() => setStep('checkout')}>
            <span>
              {t('cart')} · {count} {t('items')}
            </span>
            <span>{preview?.ok ? money(preview.order.subtotal - preview.discount) : ''}</span>
          </button>
        </div>
      )}
    </section>
  );
};

export const linePrice = (p: TMenuProduct | undefined, optionIds: number[]) =>
  p ? unitPrice(p, optionIds) : 0;
