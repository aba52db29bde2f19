import type { TPortalShopOverviewRow } from '@shopdesk/contract';
import { Alert, Flex, Input, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useErrorText } from '../../../lib/error-text';
import { useReportList } from '../../reports/platform-reports/report-kit';
import { usePortalOverview } from './portal-queries';

/** /portals/shops (gaa): every shop that is in an entrance, with the entrances it is in. */
const PortalShopsOverviewPage = () => {
  const { t } = useTranslation('portals');
  const errorText = useErrorText();
  const { list, draft, setDraft } = useReportList(['q'] as const);
  const query = { q: list.filters.q || undefined, offset: (list.page - 1) * list.size, limit: list.size };
  const rows = usePortalOverview(query);
  return (
    <Flex vertical gap={16}>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t('overviewIntro')} <Link to="/portals">{t('back')}</Link>
      </Typography.Paragraph>
      <Input.Search
        allowClear
        style={{ maxWidth: 320 }}
        placeholder={t('searchShops')}
        value={draft}
        onChange={(e) => setDraft(e.target.value)}
        onSearch={(v) => list.update({ filters: { q: v } })}
      />
      {rows.isError ? <Alert type="error" showIcon role="alert" title={errorText(rows.error)} /> : null}
      <Table<TPortalShopOverviewRow>
        rowKey="shopId"
        data-testid="portal-overview"
        loading={rows.isFetching}
        dataSource={rows.data?.rows ?? []}
        locale={{ emptyText: t('noShops') }}
        {...list.table(rows.data?.total ?? 0, (total) => t('total', { total }))}
        columns={[
          { key: 'id', title: t('shopId'), dataIndex: 'shopId', width: 100 },
          { key: 'name', title: t('shopName'), dataIndex: 'name' },
          {
            key: 'state',
            title: t('state'),
            width: 170,
            render: (_, s) => (s.online ? <Tag color="green">{t('online')}</Tag> : <Tag>{t('closed')}</Tag>),
          },
          {
            key: 'portals',
            title: t('portals'),
            render: (_, s) => (
              <Space size={4} wrap>
                {s.portals.map((p) => (
                  <Link key={p.key} to={`/portals/${p.key}/shops/${s.shopId}`}>
                    <Tag color={p.visible ? 'blue' : undefined}>
                      {p.name}
                      {p.visible ? '' : ` (${t('visibleOff')})`}
                    </Tag>
                  </Link>
                ))}
              </Space>
            ),
          },
        ]}
      />
    </Flex>
  );
};

export default PortalShopsOverviewPage;
