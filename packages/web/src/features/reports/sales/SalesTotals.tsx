import { Alert, Button, Card, Flex, Form, Statistic } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../lib/error-text';
import { ExportButtons } from './sales-fields';

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

/** Above a sales table: the load error if any, then the totals with the export buttons for the applied range. */
export const SalesResultHead = (props: {
  error: unknown;
  totals: { orders: number; revenue: number; discount: number } | undefined;
  exports: Parameters<typeof ExportButtons>[0];
}) => {
  const errorText = useErrorText();
  return (
    <>
      {props.error ? <Alert type="error" showIcon role="alert" title={errorText(props.error)} /> : null}
      <SalesTotals totals={props.totals} extra={<ExportButtons {...props.exports} />} />
    </>
  );
};

/** The 查詢 button that sends a sales filter form. */
export const SearchButton = () => {
  const { t } = useTranslation('sales');
  return (
    <Form.Item>
      <Button type="primary" htmlType="submit" data-testid="sales-search">
        {t('search')}
      </Button>
    </Form.Item>
  );
};
