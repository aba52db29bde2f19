import { EAA_PAGE_SIZES, type TEaaShopRow } from '@shopdesk/contract';
import { Alert, Flex, Grid, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useVariant } from '../../../shell/variant';
import { ActionCell } from './ActionCell';
import { EaaStatusSwitch } from './EaaStatusSwitch';
import { useEaaActions } from './role-actions';
import { ShopDialogs, type TShopDialog } from './shop-dialogs';
import { useEaaShops } from './shop-list-queries';
import { useUrlListState } from './use-url-list-state';

const NO_FILTERS = [] as const;

/** spec 002 §2 screen 3: the eaa shop list, the shops the caller owns (the server scopes them). */
const EaaShopListPage = () => {
  const { t } = useTranslation('shopLists');
  const retail = useVariant().variant === 'retail';
  // spec 002 §2 screen 3, §9: at 767 px or less, no size selector and small buttons.
  const narrow = Grid.useBreakpoint().md === false;
  const list = useUrlListState({ filterKeys: NO_FILTERS, sizes: EAA_PAGE_SIZES });
  const [dialog, setDialog] = useState<TShopDialog | null>(null);
  const actionsOf = useEaaActions(setDialog);
  const shops = useEaaShops({ offset: list.offset, limit: list.size, type: retail ? 'retail' : 'catering' });

  const actions = (shop: TEaaShopRow) => (
    <ActionCell
      actions={actionsOf({ id: shop.accountId, name: shop.name })}
      small={narrow}
      inline={narrow ? 0 : 2}
    />
  );
  const columns: TableColumnsType<TEaaShopRow> = [
    { key: 'accountId', title: t('colId'), dataIndex: 'accountId', width: narrow ? 64 : 90 },
    { key: 'name', title: t('colName'), dataIndex: 'name' },
    { key: 'invoice', title: t('colInvoice'), dataIndex: 'invoice', width: narrow ? 96 : 110 },
    narrow
      ? {
          // On a phone the switch and one menu of actions stay in view on the right.
          key: 'actions',
          title: t('colActions'),
          width: 130,
          fixed: 'right',
          render: (_, shop) => (
            <Flex gap={8} align="center">
              <EaaStatusSwitch shop={shop} small />
              {actions(shop)}
            </Flex>
          ),
        }
      : {
          key: 'online',
          title: t('colOnline'),
          width: 100,
          render: (_, shop) => <EaaStatusSwitch shop={shop} small={false} />,
        },
    ...(narrow
      ? []
      : [
          {
            key: 'actions',
            title: t('colActions'),
            width: 260,
            render: (_: unknown, shop: TEaaShopRow) => actions(shop),
          },
        ]),
  ];

  return (
    <>
      {shops.isError ? (
        <Alert type="error" showIcon title={t('searchFailed')} role="alert" style={{ marginBottom: 12 }} />
      ) : null}
      <Table<TEaaShopRow>
        rowKey="accountId"
        size={narrow ? 'small' : 'middle'}
        columns={columns}
        dataSource={shops.data?.shops ?? []}
        loading={shops.isFetching}
        scroll={{ x: narrow ? 480 : 720 }}
        locale={{ emptyText: t('empty') }}
        {...list.table(shops.data?.total ?? 0, (total) => t('total', { total }), {
          showSizeChanger: !narrow,
          size: narrow ? 'small' : 'medium',
        })}
      />
      <ShopDialogs dialog={dialog} userType="eaa" onClose={() => setDialog(null)} />
    </>
  );
};

export default EaaShopListPage;
