import { PlusOutlined } from '@ant-design/icons';
import { formatShopQuery, GAA_PAGE_SIZES, type TGaaShopRow } from '@shopdesk/contract';
import { Alert, Flex, Grid, Table, type TableColumnsType, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiClientError } from '../../../lib/api';
import { useErrorText } from '../../../lib/error-text';
import { useVariant } from '../../../shell/variant';
import { ActionCell } from './ActionCell';
import { GAA_FILTER_KEYS, GaaShopSearch } from './GaaShopSearch';
import { GoLiveRadio } from './GoLiveRadio';
import { useGaaActions } from './gaa-actions';
import { RouteButton } from './RouteButton';
import { ShopTags } from './ShopTags';
import { SiSelect } from './SiSelect';
import { ShopDialogs, type TShopDialog } from './shop-dialogs';
import { useGaaShops } from './shop-list-queries';
import { columnOrder, sortFromTable } from './table-sort';
import { useUrlListState } from './use-url-list-state';

const DEFAULT_SORT = '-accountId'; // spec 002 §2 screen 1

/** spec 002 §2 screen 1: the gaa shop list (also the retail tree's, with type=retail and an add button). */
const GaaShopListPage = () => {
  const { t } = useTranslation('shopLists');
  const errorText = useErrorText();
  const retail = useVariant().variant === 'retail';
  const list = useUrlListState({ filterKeys: GAA_FILTER_KEYS, sizes: GAA_PAGE_SIZES });
  const { filters } = list;
  const [dialog, setDialog] = useState<TShopDialog | null>(null);
  const { actionsOf, holder } = useGaaActions(setDialog);

  const shops = useGaaShops({
    offset: list.offset,
    limit: list.size,
    sort: list.sort,
    query:
      formatShopQuery({ id: filters.id, name: filters.name, siName: filters.si, eaaName: filters.eaa }) ||
      undefined,
    queryByTag: filters.tags || undefined,
    type: retail ? 'retail' : 'catering',
  });

  const order = (key: string) => columnOrder(list.sort, key, DEFAULT_SORT);
  // Columns per width (docs/decisions/shops.md "columns per width"): all of them from 1200 px (1440 without
  // scrolling); on a tablet id, name (with SI and owner as a second line), status, tax id and actions;
  // on a phone id, name and actions.
  const screens = Grid.useBreakpoint();
  const people = screens.xl !== true;
  const columns: TableColumnsType<TGaaShopRow> = [
    {
      key: 'accountId',
      title: t('colId'),
      dataIndex: 'id',
      width: 84,
      sorter: true,
      sortOrder: order('accountId'),
      // The default is descending, so the first click on it must give ascending.
      sortDirections: ['descend', 'ascend'],
    },
    {
      key: 'name',
      title: t('colName'),
      sorter: true,
      sortOrder: order('name'),
      render: (_, shop) => (
        <>
          <Typography.Text strong>{shop.name}</Typography.Text>
          {people && (shop.siAccountName || shop.eaaAccountName) ? (
            <Typography.Text
              type="secondary"
              ellipsis
              style={{ display: 'block', fontSize: 12 }}
              data-testid="shop-people"
            >
              {[shop.siAccountName && `SI ${shop.siAccountName}`, shop.eaaAccountName]
                .filter(Boolean)
                .join(' · ')}
            </Typography.Text>
          ) : null}
          <ShopTags shop={shop} />
        </>
      ),
    },
    {
      key: 'isInitialized',
      title: t('colStatus'),
      sorter: true,
      sortOrder: order('isInitialized'),
      width: 136,
      responsive: ['md'],
      render: (_, shop) => <GoLiveRadio shop={shop} />,
    },
    {
      key: 'siName',
      title: t('colSi'),
      sorter: true,
      sortOrder: order('siName'),
      width: 170,
      responsive: ['xl'],
      render: (_, shop) => <SiSelect shop={shop} />,
    },
    {
      key: 'eaaName',
      title: t('colEaa'),
      sorter: true,
      sortOrder: order('eaaName'),
      width: 180,
      responsive: ['xl'],
      render: (_, shop) =>
        shop.eaaAccountName ? (
          <Flex vertical style={{ minWidth: 0 }}>
            <Typography.Text ellipsis>{shop.eaaAccountName}</Typography.Text>
            <Typography.Text type="secondary" ellipsis style={{ fontSize: 12 }}>
              {shop.eaaAccountEmail}
            </Typography.Text>
          </Flex>
        ) : (
          <Typography.Text type="secondary">—</Typography.Text>
        ),
    },
    {
      key: 'invoice',
      title: t('colInvoice'),
      dataIndex: 'invoice',
      width: 108,
      responsive: ['md'],
      sorter: true,
      sortOrder: order('invoice'),
    },
    {
      key: 'actions',
      title: t('colActions'),
      width: 164,
      fixed: 'right',
      render: (_, shop) => <ActionCell actions={actionsOf(shop)} inline={1} />,
    },
  ];

  const data = shops.data?.data;
  // spec 002 §8 "Search failure": 資料庫忙碌中，請稍候嘗試。 — a refused filter shows the server's reason.
  const failure = shops.error
    ? shops.error instanceof ApiClientError && shops.error.status === 400
      ? errorText(shops.error)
      : t('searchFailed')
    : null;

  return (
    <Flex vertical gap={0}>
      {retail ? (
        <Flex justify="flex-end" style={{ marginBottom: 12 }}>
          <RouteButton to="/gaa/business/wizard" type="primary" icon={<PlusOutlined />}>
            {t('addShop')}
          </RouteButton>
        </Flex>
      ) : null}
      <GaaShopSearch filters={filters} onSearch={(f) => list.update({ filters: f })} />
      {failure ? (
        <Alert type="error" showIcon title={failure} style={{ marginBottom: 12 }} role="alert" />
      ) : null}
      <Table<TGaaShopRow>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={data?.shops ?? []}
        loading={shops.isFetching}
        tableLayout="fixed"
        // a phone scrolls sideways; wider screens show the columns chosen above without scrolling
        scroll={screens.md === false ? { x: 520 } : undefined}
        locale={{ emptyText: t('empty') }}
        pagination={{
          current: list.page,
          pageSize: list.size,
          total: data?.total ?? 0,
          showQuickJumper: true,
          showSizeChanger: true,
          pageSizeOptions: GAA_PAGE_SIZES.map(String),
          showTotal: (total) => t('total', { total }),
        }}
        onChange={(p, _filters, sorter, extra) => {
          if (extra.action === 'sort') list.update({ sort: sortFromTable(sorter), page: 1 });
          else if (p.pageSize !== list.size) list.update({ size: p.pageSize });
          else list.update({ page: p.current });
        }}
      />
      <ShopDialogs dialog={dialog} userType="gaa" onClose={() => setDialog(null)} />
      {holder}
    </Flex>
  );
};

export default GaaShopListPage;
