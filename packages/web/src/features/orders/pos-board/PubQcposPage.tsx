import { getPickupDisplayOp } from '@shopdesk/contract';
import { Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useApiQuery } from '../../../lib/api-query';
import { useErrorText } from '../../../lib/error-text';
import type { TPageProps } from '../../../shell/lazy-page';

const POLL_MS = 5_000;

/**
 * /pub/qcpos?token=…: the customer-facing pickup display, opened through the board's signed,
 * expiring link. Order numbers only: preparing, and ready (completed in the last 30 minutes). It polls
 * every 5 s: a public screen needs no second live channel.
 */
const PubQcposPage = (_props: TPageProps) => {
  const { t } = useTranslation('posBoard');
  const errorText = useErrorText();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const query = useApiQuery(
    getPickupDisplayOp,
    { query: { token } },
    {
      enabled: token !== '',
      refetchInterval: POLL_MS,
      refetchIntervalInBackground: true,
      staleTime: 0,
      retry: false,
    },
  );
  // opened without its link's token, the page says how to open it, in the page's language
  if (!token) return <Result status="warning" title={t('pubNoLink')} subTitle={t('pubNoLinkHint')} />;
  if (query.isError && !query.data) return <Result status="403" title={errorText(query.error)} />;
  if (!query.data) return <Spin size="large" style={{ margin: 'auto' }} />;
  const { shopName, preparing, ready } = query.data;
  const column = (title: string, numbers: number[], color: string, testId: string) => (
    <section
      data-testid={testId}
      style={{ flex: 1, background: '#fff', borderRadius: 16, padding: 24, borderTop: `8px solid ${color}` }}
    >
      <h2 style={{ margin: '0 0 16px', fontSize: 36, color }}>{title}</h2>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 16 }}>
        {numbers.length === 0 ? (
          <span style={{ fontSize: 48, color: '#bfbfbf' }}>{t('pubNone')}</span>
        ) : (
          numbers.map((n) => (
            <span
              key={n}
              style={{ fontSize: 56, fontWeight: 700, minWidth: 120, fontVariantNumeric: 'tabular-nums' }}
            >
              {n}
            </span>
          ))
        )}
      </div>
    </section>
  );
  return (
    <div style={{ flex: 1, display: 'flex', flexDirection: 'column', gap: 16 }}>
      <h1 style={{ margin: 0, fontSize: 32, textAlign: 'center' }}>{shopName}</h1>
      <div style={{ display: 'flex', gap: 16, flexWrap: 'wrap', flex: 1 }}>
        {column(t('preparing'), preparing, '#1677ff', 'pub-preparing')}
        {column(t('ready'), ready, '#389e0d', 'pub-ready')}
      </div>
      <p style={{ textAlign: 'center', color: '#8c8c8c', margin: 0 }}>{t('pubUpdated')}</p>
    </div>
  );
};
export default PubQcposPage;
