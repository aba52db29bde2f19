import { TEST_ORDER_MESSAGES, type TStorefrontShop } from '@shopdesk/contract';
import { staffPreviewOf } from '../api';
import { pick, useLang, useT } from '../i18n';
import { NoticeText, RichText } from '../RichText';
import { linkProps } from '../router';
import { MEAL_TYPES } from '../shop-data';

/** /shop/{id}: the shop's front door: its meal types, whether it is open, the announcement. */
export const LandingPage = ({ shop }: { shop: TStorefrontShop }) => {
  const t = useT();
  const offered = MEAL_TYPES.filter((m) => shop.mealTypes[m].on);
  const lang = useLang();
  // spec 002 §2 go-live status: a shop not live takes only staff test orders (a staff preview link)
  const staff = Boolean(staffPreviewOf(shop.id));
  const notLive = !shop.live && !staff;
  const ordering = shop.online && !shop.systemClosed && !notLive;
  return (
    <section className="landing">
      <h1>{shop.name}</h1>
      {shop.address && <p className="muted">{shop.address}</p>}
      {staff && (
        <p className="alert test-banner" data-testid="staff-preview">
          {pick(TEST_ORDER_MESSAGES.previewBanner, lang)}
        </p>
      )}
      {notLive && (
        <p className="alert" role="alert" data-testid="not-live">
          {pick(TEST_ORDER_MESSAGES.notLiveYet, lang)}
        </p>
      )}
      {!ordering && !notLive && (
        <p className="alert" role="alert">
          {t('notOrdering')}
        </p>
      )}
      {ordering && (
        <div className="meal-choices">
          {offered.map((m) => {
            const noticeKey = `${m}_${shop.openNow[m] ? 'online' : 'offline'}_notice`;
            return (
              <a key={m} className="meal-choice" {...linkProps(`/shop/${shop.id}/menu?mealType=${m}`)}>
                <strong>{t(m)}</strong>
                <span className={shop.openNow[m] ? 'ok' : 'muted'}>
                  {shop.openNow[m]
                    ? t('openNow')
                    : shop.reservationDays > 0
                      ? t('closedNow')
                      : t('closedNoAhead')}
                </span>
                {shop.notices[noticeKey] && (
                  <small className="notice">
                    <NoticeText stored={shop.notices[noticeKey]} />
                  </small>
                )}
              </a>
            );
          })}
        </div>
      )}
      {shop.content && (
        <div className="card">
          <h2>{t('announcement')}</h2>
          <RichText value={shop.content} />
        </div>
      )}
    </section>
  );
};
