import {
  deliveryMinimumLine,
  openNowWord,
  TEST_ORDER_MESSAGES,
  type TMealType,
  type TStorefrontShop,
  tableKnown,
} from '@shopdesk/contract';
import type { ReactNode } from 'react';
import { staffPreviewOf } from './api';
import { pick, type TLang, useLang, useT } from './i18n';
import { MissingPage } from './pages/Missing';
import { NoticeText } from './RichText';

/**
 * What stops a menu visit before the menu, for both layouts: a table link to a table that is not one of the
 * shop's table QR codes, a shop not live (spec 002 §2: only staff test orders), no meal type offered.
 */
export const menuStop = (
  shop: TStorefrontShop,
  { mealType, table, forced }: { mealType: TMealType | null; table: string | null; forced: boolean },
  t: ReturnType<typeof useT>,
  lang: TLang,
): ReactNode => {
  if (forced && mealType !== 'delivery' && mealType && !tableKnown(shop.tables, mealType, table))
    return <MissingPage kind="table" shopId={shop.id} />;
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
  return null;
};

/** The menu's head, for both layouts: the meal type (tabs, or fixed by a table link), open now, the notice. */
export const MenuHead = ({
  shop,
  mealType,
  table,
  forced,
  offered,
  onChoose: chooseMeal,
}: {
  shop: TStorefrontShop;
  mealType: TMealType;
  table: string | null;
  forced: boolean;
  offered: TMealType[];
  onChoose: (m: TMealType) => void;
}) => {
  const t = useT();
  // a shop whose system is off or which is offline takes no order of any meal type: no "open now", and no
  // hint to try another meal type (the menu's refusal says why)
  const shopWideStop = shop.systemClosed || !shop.online;
  const lang = useLang();
  const minimum = deliveryMinimumLine(shop.form.deliveryAmountMin, shop.form.deliveryQtyMin);
  const noticeKey = `${mealType}_${shop.openNow[mealType] ? 'online' : 'offline'}_notice`;
  return (
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
      {!shopWideStop && (
        <p className={shop.openNow[mealType] ? 'status ok' : 'status muted'}>
          {t(openNowWord(shop, mealType))}
        </p>
      )}
      {shop.notices[noticeKey] && (
        <p className="notice">
          <NoticeText stored={shop.notices[noticeKey]} />
        </p>
      )}
      {mealType === 'delivery' && !shop.form.hideDeliveryThreshold && minimum && (
        <p className="muted small" data-testid="delivery-minimum">
          {pick(minimum, lang)}
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
};
