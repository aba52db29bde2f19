import { PlusOutlined } from '@ant-design/icons';
import type { TCampaign } from '@shopdesk/contract';
import { Alert, Button, Flex, Input, Space, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useErrorText } from '../../lib/error-text';
import { useReportList } from '../platform-reports/report-kit';
import { CampaignProgress, CampaignStatus } from './CampaignProgress';
import { useCampaigns } from './coupon-queries';

/** /send-coupons (si): the SI's campaigns, newest first, with their sending progress. */
const CampaignsPage = () => {
  const { t } = useTranslation('coupons');
  const errorText = useErrorText();
  const navigate = useNavigate();
  const { list, draft, setDraft } = useReportList(['q'] as const);
  const query = { q: list.filters.q || undefined, offset: (list.page - 1) * list.size, limit: list.size };
  const campaigns = useCampaigns(query);

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Paragraph type="secondary" style={{ margin: 0, maxWidth: 760 }}>
          {t('intro')}
        </Typography.Paragraph>
        <Space>
          <Link to="/send-coupons/shops">{t('shops')}</Link>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/send-coupons/new')}>
            {t('create')}
          </Button>
        </Space>
      </Flex>
      <Input.Search
        allowClear
        style={{ maxWidth: 320 }}
        placeholder={t('search')}
        value={draft}
        onChange={(e) => setDraft(e.target.value)}
        onSearch={(v) => list.update({ filters: { q: v } })}
      />
      {campaigns.isError ? (
        <Alert type="error" showIcon role="alert" title={errorText(campaigns.error)} />
      ) : null}
      <Table<TCampaign>
        rowKey="id"
        data-testid="campaigns"
        loading={campaigns.isLoading}
        dataSource={campaigns.data?.rows ?? []}
        locale={{ emptyText: t('empty') }}
        scroll={{ x: 960 }}
        {...list.table(campaigns.data?.total ?? 0, (total) => t('total', { total }))}
        columns={[
          {
            key: 'name',
            title: t('name'),
            render: (_, c) => <Link to={`/send-coupons/${c.id}/edit`}>{c.name}</Link>,
          },
          { key: 'period', title: t('period'), width: 200, render: (_, c) => `${c.start} ~ ${c.end}` },
          { key: 'discount', title: t('discount'), render: (_, c) => c.description },
          {
            key: 'shops',
            title: t('shops'),
            width: 90,
            render: (_, c) => (
              <Link to={`/send-coupons/${c.id}/shops`}>{t('shopCount', { count: c.shopCount })}</Link>
            ),
          },
          { key: 'status', title: t('status'), width: 90, render: (_, c) => <CampaignStatus c={c} /> },
          { key: 'progress', title: t('progress'), width: 240, render: (_, c) => <CampaignProgress c={c} /> },
        ]}
      />
    </Flex>
  );
};

export default CampaignsPage;
