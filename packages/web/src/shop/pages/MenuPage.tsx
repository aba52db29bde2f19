import { menuImageSrcset, type TStorefrontMenu, type TStorefrontShop } from '@shopdesk/contract';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { api, type ShopApiError } from '../api';
import { previewPrice, productsById, type TMenuProduct, unitPrice } from '../cart-pricing';
import { pick, useLang, useT } from '../i18n';
import { useCart, useMealChoice } from '../meal-choice';
import { MenuHead, menuStop } from '../menu-head';
import { localMenu } from '../menu-names';
import { pageMenu, pageMenuUsed } from '../prerendered';
import { money } from '../shop-data';
import { loadOrderTokens } from '../store';
import { GroupStart } from './GroupStart';
import { ProductSheet } from './ProductSheet';

// the checkout (with the card form and the pricing rules) loads when the cart is opened: the menu comes first
/**
 * The product images of the first screen load at once, not lazily: the first with high priority (the largest
 * paint), the others low, after the script (as the server's first screen, storefront/shop-page-markup.ts).
 */
const FIRST_SCREEN_IMAGES = 4;

const Checkout = lazy(() => import('./Checkout').then((m) => ({ default: m.Checkout })));

/**
 * /shop/{id}/menu: the menu by class, the product sheet with its option groups, the cart and
 * the checkout. A table link (?mealType=eat_in&table=5&v=2) fixes the meal type and the table number.
 */
export const MenuPage = ({ shop }: { shop: TStorefrontShop }) => {
  const t = useT();
  const lang = useLang();
  const [cart, updateCart] = useCart(shop.id);
  const { mealType, table, forced, offered, chooseMeal } = useMealChoice(shop, cart, updateCart);

  const [read, setMenu] = useState<
    { state: 'loading' } | { state: 'ok'; menu: TStorefrontMenu } | { state: 'error'; error: ShopApiError }
  >(() => {
    const inPage = pageMenu(shop.id, mealType);
    return inPage ? { state: 'ok', menu: inPage } : { state: 'loading' };
  });
  // the names in the chosen language (the read menu carries both)
  const menu = useMemo(
    () => (read.state === 'ok' ? { ...read, menu: localMenu(read.menu, lang) } : read),
    [read, lang],
  );
  // the menu the page came with is the first read: not asked again on mount
  const fromPage = useRef(menu.state === 'ok');
  const [reload, setReload] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `reload` asks for the menu again (sold out)
  useEffect(() => {
    if (!mealType) return;
    if (fromPage.current) {
      fromPage.current = false;
      pageMenuUsed();
      return;
    }
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

  const stop = menuStop(shop, { mealType, table, forced }, t, lang);
  if (stop || !mealType) return stop;
  const shopWideStop = shop.systemClosed || !shop.online;
  const header = (
    <>
      <MenuHead
        shop={shop}
        mealType={mealType}
        table={table}
        forced={forced}
        offered={offered}
        onChoose={chooseMeal}
      />
      {/* 團購 (is_groupbuy): 開團, a shared cart of this meal type (GroupStart) */}
      {shop.form.groupbuy && !forced && !shopWideStop && (
        <GroupStart shop={shop} mealType={mealType} defaultName={cart.name} />
      )}
    </>
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
      <Suspense
        fallback={
          <p className="center muted" role="status">
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
          onBack={() => setStep('menu')}
          onMenuStale={() => setReload((n) => n + 1)}
        />
      </Suspense>
    );

  const m = menu.menu;
  let image = 0;
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
            {c.products.map((p) => {
              const n = p.imageUrl ? image++ : image;
              return (
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
                        sizes={
                          shop.form.singleColumn ? '96px' : '(max-width: 720px) calc(50vw - 37px), 323px'
                        }
                        alt=""
                        fetchPriority={n === 0 ? 'high' : 'low'}
                        loading={n < FIRST_SCREEN_IMAGES ? 'eager' : 'lazy'}
                        decoding="async"
                        width={320}
                        height={240}
                      />
                    )}
                    <span className="pname">{p.name}</span>
                    {p.description && shop.form.singleColumn && (
                      <span className="pdesc">{p.description}</span>
                    )}
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
              );
            })}
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
