import type { TStorefrontShop } from '@shopdesk/contract';
import { type TLang, useLang, useT } from '../i18n';
import { RichText } from '../RichText';

type TPeriod = TStorefrontShop['hours']['general'][number];
const DAYS: Record<TLang, string[]> = {
  zh: ['週日', '週一', '週二', '週三', '週四', '週五', '週六'],
  en: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'],
};
const hhmm = (c: string) => `${c.slice(0, 2)}:${c.slice(2, 4)}`;

const Hours = ({ title, periods }: { title: string; periods: TPeriod[] }) => {
  const t = useT();
  const lang = useLang();
  const byDay = DAYS[lang].map((name, d) => ({
    name,
    spans: periods
      .filter((p) => p.openDay === d)
      .map((p) =>
        p.openTime === '0000' && p.closeTime === '0000'
          ? t('allDay')
          : `${hhmm(p.openTime)}–${hhmm(p.closeTime)}`,
      ),
  }));
  return (
    <div className="card">
      <h2>{title}</h2>
      {periods.length === 0 ? (
        <p className="muted">{t('closedAllWeek')}</p>
      ) : (
        <table className="hours">
          <tbody>
            {byDay.map((d) => (
              <tr key={d.name}>
                <th scope="row">{d.name}</th>
                <td>{d.spans.length > 0 ? d.spans.join('、') : '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
};

/** /shop/{id}/info: opening hours, address, phone and the announcement (the console's rich text). */
const InfoPage = ({ shop }: { shop: TStorefrontShop }) => {
  const t = useT();
  return (
    <section aria-labelledby="info-title">
      <h1 id="info-title">{shop.name}</h1>
      <div className="card">
        {shop.address && (
          <p>
            <strong>{t('addressLabel')}</strong>{' '}
            <a
              href={`https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(shop.address)}`}
              rel="noopener"
            >
              {shop.address}
            </a>
          </p>
        )}
        {shop.phone && (
          <p>
            <strong>{t('phoneLabel')}</strong>{' '}
            <a href={`tel:${shop.phone.replace(/[^\d+#]/g, '')}`}>{shop.phone}</a>
          </p>
        )}
        {shop.storeInfo && <p className="muted">{shop.storeInfo}</p>}
      </div>
      {shop.content && (
        <div className="card">
          <h2>{t('announcement')}</h2>
          <RichText value={shop.content} />
        </div>
      )}
      <Hours title={t('hours')} periods={shop.hours.general} />
      {shop.mealTypes.to_go.on && shop.hours.togo.length > 0 && (
        <Hours title={t('hoursToGo')} periods={shop.hours.togo} />
      )}
      {shop.mealTypes.delivery.on && shop.hours.delivery.length > 0 && (
        <Hours title={t('hoursDelivery')} periods={shop.hours.delivery} />
      )}
    </section>
  );
};
export default InfoPage;
