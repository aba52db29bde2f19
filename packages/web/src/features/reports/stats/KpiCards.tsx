import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { deltaPct, type TKpi } from '@shopdesk/contract';
import { Card, Col, Row, Statistic, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

const Delta = ({ current, previous }: { current: number; previous: number }) => {
  const { t } = useTranslation('stats');
  const d = deltaPct(current, previous);
  if (d === null) return <Typography.Text type="secondary">{t('noPrevious')}</Typography.Text>;
  const up = d >= 0;
  return (
    <Typography.Text type={up ? 'success' : 'danger'} data-delta>
      {up ? <ArrowUpOutlined /> : <ArrowDownOutlined />} {Math.abs(d)}% {t('vsPrevious')}
    </Typography.Text>
  );
};

/** Revenue, orders and average ticket with the change against the previous period. */
export const KpiCards = ({ current, previous }: { current: TKpi; previous: TKpi }) => {
  const { t } = useTranslation('stats');
  const cards = [
    { key: 'revenue', title: t('revenue'), value: current.revenue, prev: previous.revenue, prefix: 'NT$' },
    { key: 'orders', title: t('orders'), value: current.orders, prev: previous.orders },
    {
      key: 'avgTicket',
      title: t('avgTicket'),
      value: current.avgTicket,
      prev: previous.avgTicket,
      prefix: 'NT$',
    },
  ];
  return (
    <Row gutter={[16, 16]}>
      {cards.map((c) => (
        <Col xs={24} md={8} key={c.key}>
          <Card size="small" data-kpi={c.key}>
            <Statistic title={c.title} value={c.value} prefix={c.prefix} groupSeparator="," />
            <Delta current={c.value} previous={c.prev} />
          </Card>
        </Col>
      ))}
    </Row>
  );
};
