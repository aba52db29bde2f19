import type { TStorefrontMenu, TStorefrontShop } from '@shopdesk/contract';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { api, type ShopApiError } from '../api';
import { previewPrice, productsById, type TMenuProduct } from '../cart-pricing';
import { pick, setLang, useLang, useT } from '../i18n';
import { useCart, useMealChoice } from '../meal-choice';
import { MenuHead, menuStop } from '../menu-head';
import { localMenu } from '../menu-names';
import { linkProps } from '../router';
import { money } from '../shop-data';
import { loadOrderTokens, type TCart } from '../store';

// the checkout form (with the card form) loads with the first item in the cart: an old phone reading the
// menu fetches the least
const Checkout = lazy(() => import('../pages/Checkout').then((m) => ({ default: m.Checkout })));

type TUpdateCart = (change: (c: TCart) => TCart) => void;

/** A line's key, as the Web2.0 product sheet makes it (no note): the same product and options are one line. */
const lineKey = (productId: number, optionIds: number[]) =>
  `${productId}:${[...optionIds].sort((a, b) => a - b).join(',')}:`;

/** The options a single-choice required group starts with: its first one not sold out (shown in its select). */
const firstChoices = (p: TMenuProduct) =>
  p.optionGroups
    .filter((g) => g.min >= 1 && g.max === 1)
    .map((g) => g.options.find((o) => !o.soldOut)?.id)
    .filter((id): id is number => id !== undefined);

/**
 * One product row: name, price, its option groups as plain controls (a select for a single choice,
 * checkboxes otherwise) and a quantity stepper for the line of the chosen options.
 */
const ProductRow = ({
  p,
  cart,
  updateCart,
  calorie,
}: {
  p: TMenuProduct;
  cart: TCart;
  updateCart: TUpdateCart;
  calorie: boolean;
}) => {
  const t = useT();
  const [chosen, setChosen] = useState<number[]>(() => firstChoices(p));
  const key = lineKey(p.id, chosen);
  const qty = cart.lines.find((l) => l.key === key)?.quantity ?? 0;
  // the counts the contract's priceOrder checks (min/max of each group), before a line is added
  const complete = p.optionGroups.every((g) => {
    const n = g.options.filter((o) => chosen.includes(o.id)).length;
    return n >= g.min && n <= g.max;
  });
  const setQty = (q: number) =>
    updateCart((c) => {
      const rest = c.lines.filter((l) => l.key !== key);
      if (q <= 0) return { ...c, lines: rest };
      const line = c.lines.find((l) => l.key === key);
      return {
        ...c,
        lines: line
          ? c.lines.map((l) => (l.key === key ? { ...l, quantity: q } : l))
          : [...c.lines, { key, productId: p.id, optionIds: chosen, quantity: q }],
      };
    });
  const inGroup = (groupId: number) =>
    new Set(p.optionGroups.find((g) => g.id === groupId)?.options.map((o) => o.id) ?? []);
  return (
    <li className={p.soldOut ? 'classic-item sold' : 'classic-item'} data-testid="classic-product">
      <div className="classic-row">
        <span className="classic-name">
          {p.name}
          {p.soldOut && <span className="badge">{t('soldOut')}</span>}
          {p.description && <small className="muted classic-desc">{p.description}</small>}
        </span>
        <span className="classic-price">
          {money(p.price)}
          {calorie && p.calories !== null && (
            <small className="muted">
              {' '}
              {p.calories} {t('calories')}
            </small>
          )}
        </span>
        <span className="qty small">
          <button
            type="button"
            disabled={qty === 0}
            onClick={() => setQty(qty - 1)}
            aria-label={`${t('less')} ${p.name}`}
          >
            −
          </button>
          <output aria-label={`${t('quantity')} ${p.name}`}>{qty}</output>
          <button
            type="button"
            disabled={p.soldOut || !complete || qty >= 99}
            onClick={() => setQty(qty + 1)}
            aria-label={`${t('more')} ${p.name}`}
          >
            +
          </button>
        </span>
      </div>
      {!p.soldOut &&
        p.optionGroups.map((g) =>
          g.max === 1 ? (
            <label key={g.id} className="classic-opt">
              <span>{g.name}</span>
              <select
                value={String(g.options.find((o) => chosen.includes(o.id))?.id ?? '')}
                onChange={(e) => {
                  const mine = inGroup(g.id);
                  const id = Number(e.target.value);
                  setChosen((c) => [...c.filter((x) => !mine.has(x)), ...(id ? [id] : [])]);
                }}
              >
                {g.min === 0 && <option value="">—</option>}
                {g.options.map((o) => (
                  <option key={o.id} value={o.id} disabled={o.soldOut}>
                    {o.name}
                    {o.priceDelta ? ` +${o.priceDelta}` : ''}
                    {o.soldOut ? ` (${t('soldOut')})` : ''}
                  </option>
                ))}
              </select>
            </label>
          ) : (
            <fieldset key={g.id} className="classic-opt">
              <legend>
                {g.name}{' '}
                <small className="muted">
                  {g.min > 0 ? t('chooseAtLeast', { n: g.min }) : t('optional')} ·{' '}
                  {t('chooseAtMost', { n: g.max })}
                </small>
              </legend>
              {g.options.map((o) => {
                const on = chosen.includes(o.id);
                const full = g.options.filter((x) => chosen.includes(x.id)).length >= g.max;
                return (
                  <label key={o.id} className="opt">
                    <input
                      type="checkbox"
                      checked={on}
                      disabled={o.soldOut || (!on && full)}
                      onChange={() => setChosen((c) => (on ? c.filter((x) => x !== o.id) : [...c, o.id]))}
                    />
                    <span>
                      {o.name}
                      {o.priceDelta ? ` +${o.priceDelta}` : ''}
                    </span>
                  </label>
                );
              })}
            </fieldset>
          ),
        )}
    </li>
  );
};

/**
 * The classic layout (web version 1 = QC1.0; docs/decisions/customer-app.md "Web version"): one page for old
 * phones, the categories and their products with quantity steppers, and the plain checkout form at the
 * bottom. No product sheet, no floating bars, no images. The same contract, intake and rules as Web2.0: the
 * meal-type choice, the stops, the checkout (with its live check and send) are the Web2.0 app's own.
 */
const ClassicApp = ({ shop }: { shop: TStorefrontShop }) => {
  const t = useT();
  const lang = useLang();
  const [cart, updateCart] = useCart(shop.id);
  const { mealType, table, forced, offered, chooseMeal } = useMealChoice(shop, cart, updateCart);
  const [read, setMenu] = useState<
    { state: 'loading' } | { state: 'ok'; menu: TStorefrontMenu } | { state: 'error'; error: ShopApiError }
  >({ state: 'loading' });
  // the names in the chosen language (the read menu carries both)
  const menu = useMemo(
    () => (read.state === 'ok' ? { ...read, menu: localMenu(read.menu, lang) } : read),
    [read, lang],
  );
  const [reload, setReload] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `reload` asks for the menu again (sold out)
  useEffect(() => {
    if (!mealType) return;
    let live = true;
    api.menu(shop.id, mealType).then(
      (m) => live && setMenu({ state: 'ok', menu: m }),
      (error: ShopApiError) => live && setMenu({ state: 'error', error }),
    );
    return () => {
      live = false;
    };
  }, [shop.id, mealType, reload]);
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
  document.title = shop.name;

  const stop = menuStop(shop, { mealType, table, forced }, t, lang);
  const body = (() => {
    if (stop || !mealType) return stop;
    return (
      <>
        <MenuHead
          shop={shop}
          mealType={mealType}
          table={table}
          forced={forced}
          offered={offered}
          onChoose={chooseMeal}
        />
        {menu.state === 'error' && (
          <p className="alert" role="alert">
            {pick({ zh: menu.error.zh, en: menu.error.en }, lang)}
          </p>
        )}
        {menu.state === 'loading' && (
          <p className="muted" role="status">
            {t('loading')}
          </p>
        )}
        {menu.state === 'ok' &&
          menu.menu.classes.map((c) => (
            <section key={c.id} className="classic-class" aria-labelledby={`classic-class-${c.id}`}>
              <h2 id={`classic-class-${c.id}`}>{c.name}</h2>
              <ul className="classic-list" data-testid="products">
                {c.products.map((p) => (
                  <ProductRow
                    key={`${mealType}-${p.id}`}
                    p={p}
                    cart={cart}
                    updateCart={updateCart}
                    calorie={shop.form.calorie}
                  />
                ))}
              </ul>
            </section>
          ))}
        {menu.state === 'ok' && cart.lines.length === 0 && (
          <p className="muted classic-empty">{t('emptyCart')}</p>
        )}
        {menu.state === 'ok' && cart.lines.length > 0 && (
          <Suspense
            fallback={
              <p className="muted" role="status">
                {t('loading')}
              </p>
            }
          >
            <Checkout
              shop={shop}
              menu={menu.menu}
              mealType={mealType}
              cart={cart}
              updateCart={updateCart}
              preview={preview}
              onMenuStale={() => setReload((n) => n + 1)}
              embedded
            />
          </Suspense>
        )}
      </>
    );
  })();

  return (
    <div className="app classic" data-testid="classic-app">
      <header className="classic-top">
        <strong>{shop.name}</strong>
        <span className="classic-links">
          <a {...linkProps(`/shop/${shop.id}/orders`)}>{t('myOrders')}</a>
          <a {...linkProps(`/shop/${shop.id}/info`)}>{t('info')}</a>
          <button type="button" className="lang" onClick={() => setLang(lang === 'zh' ? 'en' : 'zh')}>
            {t('language')}
          </button>
        </span>
      </header>
      <main>
        {body}
        <p className="classic-foot">
          <a href={`/shop/${shop.id}/menu?v=2`}>{t('newLayout')}</a>
        </p>
      </main>
    </div>
  );
};

export default ClassicApp;
