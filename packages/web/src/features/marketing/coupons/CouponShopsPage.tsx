import { Alert, Flex, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../lib/error-text';
import { LineTag } from './CampaignShopsPage';
import { useSiCouponShops } from './coupon-queries';

/** /send-coupons/shops (si): the SI's shops as campaign audiences: LINE account, customers, campaigns. */
const CouponShopsPage = () => {
  const { t } = useTranslation('coupons');
  const errorText = useErrorText();
  const shops = useSiCouponShops();
  return (
    <Flex vertical gap={16}>
      <Typography.Paragraph type="secondary" style={{ margin: 0, maxWidth: 760 }}>
        {t('allShopsIntro')}
      </Typography.Paragraph>
      {shops.isError ? <Alert type="error" showIcon role="alert" title={errorText(shops.error)} /> : null}
      <Table
        rowKey="shopId"
        data-testid="coupon-shops"
        loading={shops.isLoading}
        dataSource={shops.data?.rows ?? []}
        pagination={{ pageSize: 20, showSizeChanger: false }}
        columns={[
          { key: 'id', title: 'ID', dataIndex: 'shopId', width: 90 },
          { key: 'name', title: t('shops'), dataIndex: 'name' },
          { key: 'line', title: t('hasLine'), render: (_, s) => <LineTag has={s.hasLine} /> },
          { key: 'customers', title: t('customers'), dataIndex: 'customers' },
          { key: 'campaigns', title: t('campaigns'), dataIndex: 'campaigns' },
        ]}
      />
    </Flex>
  );
};

export default CouponShopsPage;
