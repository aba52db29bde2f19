import { GAA_PAGE_SIZES, type TSiShopRow } from '@shopdesk/contract';
import { Alert, Flex, Input, Table, type TableColumnsType } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useVariant } from '../../../shell/variant';
import { ActionCell } from './ActionCell';
import { useSiActions } from './role-actions';
import { useSiShops } from './shop-list-queries';
import { columnOrder, sortFromTable } from './table-sort';
import { useUrlListState } from './use-url-list-state';

const FILTER_KEYS = ['q'] as const;
const DEFAULT_SORT = '-accountId';

/** spec 002 §2 screen 2: the si shop list, its SI account's shops only (the server scopes them). */
const SiShopListPage = () => {
  const { t } = useTranslation('shopLists');
  const retail = useVariant().variant === 'retail';
  // spec 002 §9: 15/25/50 for si as for gaa.
  const list = useUrlListState({ filterKeys: FILTER_KEYS, sizes: GAA_PAGE_SIZES });
  const [text, setText] = useState(list.filters.q);
  useEffect(() => setText(list.filters.q), [list.filters.q]);
  const actionsOf = useSiActions();
  const shops = useSiShops({
    offset: list.offset,
    limit: list.size,
    sort: list.sort,
    keyword: list.filters.q || undefined,
    type: retail ? 'retail' : 'catering',
  });
  const order = (key: string) => columnOrder(list.sort, key, DEFAULT_SORT);

  const columns: TableColumnsType<TSiShopRow> = [
    {
      key: 'accountId',
      title: t('colId'),
      dataIndex: 'accountId',
      width: 100,
      sorter: true,
      sortOrder: order('accountId'),
      sortDirections: ['descend', 'ascend'],
    },
    {
      key: 'shopId',
      title: t('colShopId'),
      dataIndex: 'shopId',
      width: 130,
      sorter: true,
      sortOrder: order('shopId'),
    },
    { key: 'name', title: t('colName'), dataIndex: 'name', sorter: true, sortOrder: order('name') },
    {
      key: 'invoice',
      title: t('colInvoice'),
      dataIndex: 'invoice',
      width: 120,
      sorter: true,
      sortOrder: order('invoice'),
    },
    {
      key: 'actions',
      title: t('colActions'),
      width: 250,
      render: (_, s) => (
        <ActionCell actions={actionsOf({ id: s.accountId, name: s.name, siAccountId: s.siAccountId })} />
      ),
    },
  ];

  return (
    <Flex vertical gap={16}>
      <Input.Search
        allowClear
        enterButton={t('search')}
        placeholder={t('searchKeyword')}
        aria-label={t('searchKeyword')}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onSearch={(value) => list.update({ filters: { q: value } })}
        style={{ maxWidth: 420 }}
        role="search"
      />
      {shops.isError ? <Alert type="error" showIcon title={t('searchFailed')} role="alert" /> : null}
      <Table<TSiShopRow>
        rowKey="accountId"
        columns={columns}
        dataSource={shops.data?.data.shops ?? []}
        loading={shops.isFetching}
        scroll={{ x: 800 }}
        locale={{ emptyText: t('empty') }}
        pagination={{
          current: list.page,
          pageSize: list.size,
          total: shops.data?.data.total ?? 0,
          showSizeChanger: true,
          showQuickJumper: true,
          pageSizeOptions: GAA_PAGE_SIZES.map(String),
          showTotal: (total) => t('total', { total }),
        }}
        onChange={(p, _f, sorter, extra) => {
          if (extra.action === 'sort') list.update({ sort: sortFromTable(sorter), page: 1 });
          else if (p.pageSize !== list.size) list.update({ size: p.pageSize });
          else list.update({ page: p.current });
        }}
      />
    </Flex>
  );
};

export default SiShopListPage;
