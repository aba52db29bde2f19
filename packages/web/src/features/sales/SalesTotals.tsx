import { Card, Flex, Statistic } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The totals of the whole filtered range (computed by SQL on the server), beside the export buttons. */
export const SalesTotals = (props: {
  totals: { orders: number; revenue: number; discount: number } | undefined;
  extra?: ReactNode;
}) => {
  const { t } = useTranslation('sales');
  return (
    <Card size="small" data-testid="sales-totals">
      <Flex wrap gap={48} align="center" justify="space-between">
        <Flex gap={48} wrap>
          <Statistic
            title={t('totalOrders')}
            value={props.totals?.orders ?? '-'}
            data-testid="totals-orders"
          />
          <Statistic title={t('totalRevenue')} prefix="NT$" value={props.totals?.revenue ?? '-'} />
          <Statistic title={t('totalDiscount')} prefix="NT$" value={props.totals?.discount ?? '-'} />
        </Flex>
        <Flex vertical align="end" gap={4}>
          {props.extra}
          <span style={{ color: 'rgba(0,0,0,0.45)', fontSize: 12 }}>
            {t('totalsNote')} · {t('exportHint')}
          </span>
        </Flex>
      </Flex>
    </Card>
  );
};
