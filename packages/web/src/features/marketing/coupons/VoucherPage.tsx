import { ORDER_STATUS_LABELS, type TOrderStatus } from '@shopdesk/contract';
import { Alert, Card, Descriptions, Flex, Skeleton, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useErrorText } from '../../../lib/error-text';
import { useMessageText } from '../../../lib/message-text';
import { CampaignMissing } from './CampaignMissing';
import { routeId, useListedCampaign, useListedVoucher } from './coupon-queries';
import { localTime, VoucherState } from './VoucherTable';

/** /send-coupons/{groupId}/vouchers/{voucherId} (si): a voucher's state and the orders that used it. */
const VoucherPage = () => {
  const { t } = useTranslation('coupons');
  const errorText = useErrorText();
  const say = useMessageText();
  const params = useParams();
  const groupId = routeId(params.groupId);
  const campaign = useListedCampaign(groupId);
  const {
    detail: data,
    error,
    missing,
  } = useListedVoucher(groupId, routeId(params.voucherId), Boolean(campaign.campaign));
  if (campaign.missing) return <CampaignMissing id={params.groupId ?? ''} />;
  if (missing && campaign.campaign)
    return <CampaignMissing id={params.voucherId ?? ''} campaign={campaign.campaign} />;
  const failed = campaign.error ?? error;
  if (failed) return <Alert type="error" showIcon role="alert" title={errorText(failed)} />;
  if (!data.data) return <Skeleton active />;
  const { campaign: c, voucher: v, redemptions } = data.data;
  return (
    <Flex vertical gap={16}>
      <Card size="small">
        <Descriptions column={{ xs: 1, md: 2 }} size="small" data-testid="voucher">
          <Descriptions.Item label={t('code')}>
            <code>{v.code}</code>
          </Descriptions.Item>
          <Descriptions.Item label={t('state')}>
            <VoucherState state={v.state} />
          </Descriptions.Item>
          <Descriptions.Item label={t('campaign')}>
            <Link to={`/send-coupons/${groupId}/edit`}>{c.name}</Link>
          </Descriptions.Item>
          <Descriptions.Item label={t('discount')}>{c.description}</Descriptions.Item>
          <Descriptions.Item label={t('period')}>{`${c.start} ~ ${c.end}`}</Descriptions.Item>
          <Descriptions.Item label={t('customer')}>{v.customerName}</Descriptions.Item>
          <Descriptions.Item label={t('shop')}>{v.shopName}</Descriptions.Item>
          <Descriptions.Item label={t('sentAt')}>{localTime(v.sentAt)}</Descriptions.Item>
          <Descriptions.Item
            label={t('usedCount')}
          >{`${v.usedCount} / ${c.perCustomerLimit}`}</Descriptions.Item>
          {v.deliveryError ? (
            <Descriptions.Item label={t('deliveryError')}>{v.deliveryError}</Descriptions.Item>
          ) : null}
        </Descriptions>
      </Card>
      <Card size="small" title={t('redemptions')}>
        <Table
          rowKey="orderId"
          size="small"
          data-testid="redemptions"
          dataSource={redemptions}
          pagination={false}
          locale={{ emptyText: t('noRedemptions') }}
          columns={[
            { key: 'at', title: t('usedAt'), render: (_, r) => localTime(r.createdAt) },
            { key: 'shop', title: t('shops'), dataIndex: 'shopName' },
            { key: 'order', title: t('order'), render: (_, r) => `#${r.serial} (ID ${r.orderId})` },
            {
              key: 'status',
              title: t('orderStatus'),
              render: (_, r) =>
                r.releasedAt ? (
                  <Tag>{t('released')}</Tag>
                ) : (
                  say(ORDER_STATUS_LABELS[r.status as TOrderStatus])
                ),
            },
            { key: 'discount', title: t('discount'), render: (_, r) => `NT$${r.discount}` },
            { key: 'total', title: t('orderTotal'), render: (_, r) => `NT$${r.total}` },
          ]}
        />
      </Card>
    </Flex>
  );
};

export default VoucherPage;
