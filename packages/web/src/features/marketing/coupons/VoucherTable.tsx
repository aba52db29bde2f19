import { REPORT_TIME_ZONE, type TCampaign, type TVoucher, type TVoucherState } from '@shopdesk/contract';
import { Card, Table, Tag } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { inProgress, useVouchers } from './coupon-queries';

const STATE_COLOR: Record<TVoucherState, string> = {
  queued: 'default',
  sent: 'blue',
  failed: 'red',
  redeemed: 'green',
  expired: 'orange',
};
export const VoucherState = ({ state }: { state: TVoucherState }) => {
  const { t } = useTranslation('coupons');
  return <Tag color={STATE_COLOR[state]}>{t(`states.${state}`)}</Tag>;
};
export const localTime = (iso: string | null) =>
  iso ? dayjs(iso).tz(REPORT_TIME_ZONE).format('YYYY-MM-DD HH:mm') : '—';

/** A sent campaign's vouchers (used ones first), each opening its voucher page. */
export const VoucherTable = ({ campaign }: { campaign: TCampaign }) => {
  const { t } = useTranslation('coupons');
  const [page, setPage] = useState(1);
  const size = 20;
  const vouchers = useVouchers(campaign.id, { offset: (page - 1) * size, limit: size }, inProgress(campaign));
  return (
    <Card title={t('vouchers')} size="small">
      <Table<TVoucher>
        rowKey="id"
        size="small"
        data-testid="vouchers"
        loading={vouchers.isLoading}
        dataSource={vouchers.data?.rows ?? []}
        locale={{ emptyText: t('noVouchers') }}
        pagination={{
          current: page,
          pageSize: size,
          total: vouchers.data?.total ?? 0,
          onChange: setPage,
          showSizeChanger: false,
          showTotal: (total) => t('total', { total }),
        }}
        columns={[
          {
            key: 'code',
            title: t('code'),
            render: (_, v) => (
              <Link to={`/send-coupons/${campaign.id}/vouchers/${v.id}`}>
                <code>{v.code}</code>
              </Link>
            ),
          },
          { key: 'customer', title: t('customer'), dataIndex: 'customerName' },
          { key: 'shop', title: t('shop'), dataIndex: 'shopName' },
          { key: 'state', title: t('state'), render: (_, v) => <VoucherState state={v.state} /> },
          { key: 'used', title: t('usedCount'), dataIndex: 'usedCount', width: 100 },
          { key: 'sentAt', title: t('sentAt'), render: (_, v) => localTime(v.sentAt) },
        ]}
      />
    </Card>
  );
};
