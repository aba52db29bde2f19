import { menuImageSrcset, PRODUCT_NOTE_MAX } from '@shopdesk/contract';
import { useEffect, useRef, useState } from 'react';
import { type TMenuProduct, unitPrice } from '../cart-pricing';
import { useT } from '../i18n';
import { money } from '../shop-data';

/** A product's option groups with their min / max choices (the contract's rule is re-checked on send). */
export const ProductSheet = ({
  product,
  calorie,
  noteShown,
  onClose,
  onAdd,
}: {
  product: TMenuProduct;
  calorie: boolean;
  /** The shop takes a note per item (is_not_comment_product_display off). */
  noteShown: boolean;
  onClose: () => void;
  onAdd: (optionIds: number[], quantity: number, note: string) => void;
}) => {
  const t = useT();
  const [chosen, setChosen] = useState<number[]>(() =>
    // a required single choice starts on its first option that is not sold out
    product.optionGroups.flatMap((g) =>
      g.min === 1 && g.max === 1 ? (g.options.find((o) => !o.soldOut)?.id ?? []) : [],
    ),
  );
  const [qty, setQty] = useState(1);
  // the day's stock left caps the quantity (intake refuses more: NOT_ENOUGH_STOCK)
  const maxQty = Math.max(1, Math.min(99, product.stockLeft ?? 99));
  const [note, setNote] = useState('');
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = dialog.current;
    if (d && !d.open) {
      d.showModal?.();
      // the sheet itself takes the focus, not its first field: on a phone a focused note field opens the
      // keyboard over the photo and the options before the customer asked for it
      d.focus();
    }
  }, []);
  const toggle = (groupId: number, optionId: number) => {
    const g = product.optionGroups.find((x) => x.id === groupId)!;
    const ids = new Set(g.options.map((o) => o.id));
    setChosen((c) => {
      const inGroup = c.filter((id) => ids.has(id));
      if (c.includes(optionId)) return c.filter((id) => id !== optionId);
      if (g.max === 1) return [...c.filter((id) => !ids.has(id)), optionId];
      if (inGroup.length >= g.max) return c;
      return [...c, optionId];
    });
  };
  const unmet = product.optionGroups.filter((g) => {
    const n = g.options.filter((o) => chosen.includes(o.id)).length;
    return n < g.min || n > g.max;
  });
  const rule = (min: number, max: number) =>
    min === 1 && max === 1
      ? t('chooseOne')
      : [
          min > 0 ? t('chooseAtLeast', { n: min }) : t('optional'),
          max > 0 ? t('chooseAtMost', { n: max }) : '',
        ]
          .filter(Boolean)
          .join('，');
  return (
    <dialog
      ref={dialog}
      className="sheet"
      tabIndex={-1}
      aria-labelledby="sheet-title"
      onClose={onClose}
      onCancel={onClose}
    >
      <div className="sheet-body">
        {product.imageUrl && (
          <img
            src={product.imageUrl}
            srcSet={menuImageSrcset(product.imageUrl)}
            sizes="(max-width: 640px) 100vw, 640px"
            alt=""
            width={640}
            height={480}
            decoding="async"
          />
        )}
        <h2 id="sheet-title">{product.name}</h2>
        {product.description && <p className="muted">{product.description}</p>}
        <p className="pprice">
          {money(product.price)}
          {calorie && product.calories !== null && (
            <small className="muted">
              {' '}
              · {product.calories} {t('calories')}
            </small>
          )}
        </p>
        {product.optionGroups.map((g) => (
          <fieldset key={g.id} className="group">
            <legend>
              {g.name} <small className={unmet.includes(g) ? 'warn' : 'muted'}>{rule(g.min, g.max)}</small>
            </legend>
            {g.options.map((o) => (
              <label key={o.id} className={o.soldOut ? 'opt sold' : 'opt'}>
                <input
                  type={g.max === 1 ? 'radio' : 'checkbox'}
                  name={`g${g.id}`}
                  checked={chosen.includes(o.id)}
                  disabled={o.soldOut}
                  onChange={() => toggle(g.id, o.id)}
                  onClick={() => {
                    // a radio of an optional group can be unchosen again
                    if (g.max === 1 && g.min === 0 && chosen.includes(o.id)) toggle(g.id, o.id);
                  }}
                />
                <span>{o.name}</span>
                <span className="muted">
                  {o.soldOut
                    ? t('soldOut')
                    : o.priceDelta !== 0
                      ? `${o.priceDelta > 0 ? '+' : ''}${o.priceDelta}`
                      : ''}
                </span>
              </label>
            ))}
          </fieldset>
        ))}
        {noteShown && (
          <label className="field">
            <span>{t('itemNote')}</span>
            <input
              data-testid="item-note-input"
              value={note}
              maxLength={PRODUCT_NOTE_MAX}
              placeholder={t('itemNoteHint')}
              onChange={(e) => setNote(e.target.value)}
            />
          </label>
        )}
        <div className="qty">
          <button
            type="button"
            onClick={() => setQty((q) => Math.max(1, q - 1))}
            aria-label={`${t('less')} ${t('quantity')}`}
          >
            −
          </button>
          <output aria-live="polite">{qty}</output>
          <button
            type="button"
            onClick={() => setQty((q) => Math.min(maxQty, q + 1))}
            disabled={qty >= maxQty}
            aria-label={`${t('more')} ${t('quantity')}`}
          >
            +
          </button>
          {product.stockLeft != null && qty >= product.stockLeft && (
            <small className="muted" data-testid="sheet-stock-left">
              {t('onlyLeft', { n: String(product.stockLeft) })}
            </small>
          )}
        </div>
      </div>
      <div className="sheet-actions">
        <button type="button" className="btn" onClick={onClose}>
          {t('close')}
        </button>
        <button
          type="button"
          className="btn primary"
          disabled={unmet.length > 0}
          onClick={() => onAdd(chosen, qty, noteShown ? note.trim() : '')}
        >
          {t('add')} · {money(unitPrice(product, chosen) * qty)}
        </button>
      </div>
    </dialog>
  );
};
