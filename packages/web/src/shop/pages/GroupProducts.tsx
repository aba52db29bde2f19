import type { TStorefrontMenu } from '@shopdesk/contract';
import type { TMenuProduct } from '../cart-pricing';
import { useT } from '../i18n';
import { money } from '../shop-data';

/** 團購: the cart's menu by class, each product opening the product sheet (as the menu page does). */
export const GroupProducts = ({
  menu,
  singleColumn,
  onPick,
}: {
  menu: TStorefrontMenu;
  singleColumn: boolean;
  onPick: (p: TMenuProduct) => void;
}) => {
  const t = useT();
  return (
    <>
      {menu.classes.map((c) => (
        <section key={c.id} className="class" aria-labelledby={`group-class-${c.id}`}>
          <h2 id={`group-class-${c.id}`}>{c.name}</h2>
          <ul className={singleColumn ? 'products one' : 'products two'} data-testid="group-products">
            {c.products.map((p) => (
              <li key={p.id}>
                <button
                  type="button"
                  className={p.soldOut ? 'product sold' : 'product'}
                  disabled={p.soldOut}
                  onClick={() => onPick(p)}
                  aria-label={`${p.name} ${money(p.price)}${p.soldOut ? ` ${t('soldOut')}` : ''}`}
                >
                  <span className="pname">{p.name}</span>
                  <span className="pprice">{money(p.price)}</span>
                  {p.soldOut && <span className="badge">{t('soldOut')}</span>}
                </button>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </>
  );
};
