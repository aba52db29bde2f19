import { formatShopQuery, queryShopsOp, type TGaaShopRow } from '@shopdesk/contract';
import { keepPreviousData } from '@tanstack/react-query';
import { Alert, Flex, Input, Table, type TableColumnsType, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useApiQuery } from '../../../lib/api-query';
import { useErrorText } from '../../../lib/error-text';
import type { TPageProps } from '../../../shell/lazy-page';
import { useUrlListState } from '../../shops/shop-lists/use-url-list-state';
import { GalleryHeader } from './GalleryHeader';

const SIZES = [10, 20, 50] as const;
const FILTERS = ['q'] as const;

/** /table-list (gaa): the list table with its state in the URL, paged by the server (the shops). */
const TableListPage = (_props: TPageProps) => {
  const { t } = useTranslation('gallery');
  const errorText = useErrorText();
  const list = useUrlListState({ filterKeys: FILTERS, sizes: SIZES });
  const q = list.filters.q;
  const [draft, setDraft] = useState(q);
  useEffect(() => setDraft(q), [q]);
  const query = {
    offset: (list.page - 1) * list.size,
    limit: list.size,
    query: formatShopQuery({ name: q }),
  };
  const shops = useApiQuery(
    queryShopsOp,
    { query },
    { queryKey: ['gallery', 'shops', query], placeholderData: keepPreviousData },
  );
  const columns: TableColumnsType<TGaaShopRow> = [
    { key: 'id', title: 'ID', dataIndex: 'accountId', width: 80 },
    {
      key: 'name',
      title: t('shopName'),
      render: (_, r) => <Link to={`/gaa/business/${r.accountId}/info`}>{r.name}</Link>,
    },
    { key: 'si', title: 'SI', render: (_, r) => r.siAccountName ?? '—' },
    { key: 'owner', title: t('owner'), render: (_, r) => r.eaaAccountName ?? '—' },
    {
      key: 'live',
      title: t('live'),
      render: (_, r) =>
        r.isInitialized ? <Tag color="green">{t('online')}</Tag> : <Tag>{t('offline')}</Tag>,
    },
  ];
  return (
    <Flex vertical gap={16}>
      <GalleryHeader
        usage={t('tableUsage')}
        source="features/shops/shop-lists/use-url-list-state.ts · GET /gaa/shops/query"
      />
      <Input.Search
        allowClear
        style={{ maxWidth: 320 }}
        placeholder={t('searchShop')}
        value={draft}
        maxLength={40}
        onChange={(e) => setDraft(e.target.value)}
        onSearch={(v) => list.update({ filters: { q: v } })}
        data-testid="gallery-search"
      />
      {shops.isError ? <Alert type="error" showIcon role="alert" title={errorText(shops.error)} /> : null}
      <Table
        data-testid="gallery-table"
        rowKey="accountId"
        size="middle"
        loading={shops.isFetching}
        columns={columns}
        dataSource={shops.data?.data.shops ?? []}
        {...list.table(shops.data?.data.total ?? 0, (total) => t('total', { total }))}
      />
    </Flex>
  );
};

export default TableListPage;
