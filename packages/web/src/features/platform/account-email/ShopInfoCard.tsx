import { REPORT_TIME_ZONE, type TShopInfoEmailPreview } from '@shopdesk/contract';
import { Card, Descriptions, Grid, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';

const URL_KEYS = ['menuUrl', 'orderUrl', 'infoUrl', 'shoppingUrl', 'webhookUrl'] as const;

/** The shop info the e-mail carries: name, binding code and its expiry in Taipei time (spec 000 §9), URLs. */
export const ShopInfoCard = ({ shop }: { shop: TShopInfoEmailPreview }) => {
  const { t } = useTranslation('mail');
  // Narrow screens (phones) stack label above value so the URLs keep their width.
  const wide = Grid.useBreakpoint().md ?? true;
  const expires = shop.codeExpiresAt
    ? dayjs(shop.codeExpiresAt).tz(REPORT_TIME_ZONE).format('YYYY-MM-DD HH:mm:ss')
    : '—';
  return (
    <Card title={t('shopInfo')}>
      <Descriptions
        column={1}
        bordered
        size="small"
        layout={wide ? 'horizontal' : 'vertical'}
        styles={{ label: wide ? { width: 200 } : {} }}
        items={[
          { key: 'name', label: t('name'), children: `${shop.name} (#${shop.accountId})` },
          {
            key: 'code',
            label: t('code'),
            children: shop.code ? (
              <Typography.Text copyable strong>
                {shop.code}
              </Typography.Text>
            ) : (
              t('codeNone')
            ),
          },
          { key: 'expires', label: t('codeExpires'), children: expires },
          ...URL_KEYS.map((key) => ({
            key,
            label: t(key),
            children: (
              <Typography.Link
                href={shop.urls[key]}
                target="_blank"
                rel="noreferrer"
                copyable={{ text: shop.urls[key] }}
              >
                {shop.urls[key]}
              </Typography.Link>
            ),
          })),
        ]}
      />
    </Card>
  );
};
