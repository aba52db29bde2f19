import { participantGroups, type TGroupCart, type TStorefrontMenu } from '@shopdesk/contract';
import { productsById, unitPrice } from '../cart-pricing';
import { useGT } from '../group-i18n';
import { money } from '../shop-data';

/** 團購: who ordered what, by name, with each one's subtotal and the total; own lines may be removed. */
export const GroupList = ({
  cart,
  menu,
  onRemove,
}: {
  cart: TGroupCart;
  menu: TStorefrontMenu;
  onRemove?: (lineId: number) => void;
}) => {
  const gt = useGT();
  const products = productsById(menu);
  const priceOf = (l: TGroupCart['lines'][number]) => {
    const p = products.get(l.productId);
    return p ? unitPrice(p, l.optionIds) * l.quantity : 0;
  };
  const groups = participantGroups(cart.lines);
  const total = cart.lines.reduce((s, l) => s + priceOf(l), 0);
  return (
    <section className="card group-list" aria-labelledby="group-list-title" data-testid="group-list">
      <h2 id="group-list-title">
        {gt('list')} <small className="muted">{gt('people', { n: groups.length })}</small>
      </h2>
      {groups.length === 0 && <p className="muted">{gt('nobody')}</p>}
      {groups.map((g) => (
        <div key={g.participant} className="group-person" data-testid="group-person">
          <h3>
            <span>{g.participant}</span>
            <small>{money(g.items.reduce((s, l) => s + priceOf(l), 0))}</small>
          </h3>
          <ul className="lines">
            {g.items.map((l) => {
              const p = products.get(l.productId);
              const opts =
                p?.optionGroups.flatMap((x) => x.options).filter((o) => l.optionIds.includes(o.id)) ?? [];
              return (
                <li key={l.id} className="line">
                  <div>
                    <strong>{p?.name ?? `#${l.productId}`}</strong> × {l.quantity}
                    {opts.length > 0 && (
                      <small className="muted"> {opts.map((o) => o.name).join('、')}</small>
                    )}
                    {l.note && <small className="note">「{l.note}」</small>}
                  </div>
                  <div className="line-end">
                    <span>{money(priceOf(l))}</span>
                    {l.mine && onRemove && (
                      <button
                        type="button"
                        className="btn small"
                        onClick={() => onRemove(l.id)}
                        aria-label={`${gt('remove')} ${p?.name ?? ''}`}
                      >
                        ✕
                      </button>
                    )}
                  </div>
                </li>
              );
            })}
          </ul>
        </div>
      ))}
      <p className="group-total">
        <span>{gt('total')}</span>
        <strong data-testid="group-total">{money(total)}</strong>
      </p>
    </section>
  );
};
