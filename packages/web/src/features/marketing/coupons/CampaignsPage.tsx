import type { TCampaign } from '@shopdesk/contract';
import { Flex, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListPageTop } from '../../../components/ListPageTop';
import { useReportList } from '../../reports/platform-reports/report-kit';
import { CampaignProgress, CampaignStatus } from './CampaignProgress';
import { useCampaigns } from './coupon-queries';

/** /send-coupons (si): the SI's campaigns, newest first, with their sending progress. */
const CampaignsPage = () => {
  const { t } = useTranslation('coupons');
  const { list, draft, setDraft } = useReportList(['q'] as const);
  const query = { q: list.filters.q || undefined, offset: (list.page - 1) * list.size, limit: list.size };
  const campaigns = useCampaigns(query);

  return (
    <Flex vertical gap={16}>
      <ListPageTop
        intro={t('intro')}
        shops={{ to: '/send-coupons/shops', label: t('shops') }}
        create={{ to: '/send-coupons/new', label: t('create') }}
        search={{
          placeholder: t('search'),
          draft,
          setDraft,
          onSearch: (v) => list.update({ filters: { q: v } }),
        }}
        error={campaigns.isError ? campaigns.error : null}
      />
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
