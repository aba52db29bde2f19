import { PlusOutlined } from '@ant-design/icons';
import { BANNED_MESSAGES, SUMMARY_ORDER_PAGE_SIZES, type TBannedCustomer } from '@shopdesk/contract';
import { Alert, Button, Flex, Grid, Input, Modal, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ShopSelect } from '../../../components/ShopSelect';
import { useErrorText } from '../../../lib/error-text';
import { useMessageText } from '../../../lib/message-text';
import { notify } from '../../../lib/notify';
import type { TPageProps } from '../../../shell/lazy-page';
import { useShopKind } from '../../../shell/variant';
import { AddBannedDialog } from '../../orders/order-summary/AddBannedDialog';
import { taipeiTime, useBannedList, useRemoveBanned } from '../../orders/order-summary/order-summary-queries';
import { useSession } from '../../platform/session/session-context';
import { useUrlListState } from '../../shops/shop-lists/use-url-list-state';

const FILTER_KEYS = ['shopId', 'phone'] as const;

/**
 * /sales/banned-list (spec 000 §2; gaa and eaa): the customers the caller's shops refuse, newest first,
 * by shop and phone; unblock after a confirmation, add by hand. Order intake refuses whoever is listed.
 */
const BannedListPage = (_props: TPageProps) => {
  const { t } = useTranslation('orderSummary');
  const text = useMessageText();
  const errorText = useErrorText();
  const type = useSession().user?.type ?? 'eaa';
  const list = useUrlListState({ filterKeys: FILTER_KEYS, sizes: SUMMARY_ORDER_PAGE_SIZES });
  const shopId = list.filters.shopId ? Number(list.filters.shopId) : undefined;
  const [phone, setPhone] = useState(list.filters.phone);
  const [adding, setAdding] = useState(false);
  const [modal, holder] = Modal.useModal();
  const remove = useRemoveBanned();
  const banned = useBannedList(type, {
    offset: list.offset,
    limit: list.size,
    shopId,
    phone: list.filters.phone || undefined,
    kind: useShopKind(),
  });

  const unblock = (row: TBannedCustomer) =>
    modal.confirm({
      title: t('unblock'),
      content: t('unblockConfirm', {
        name: row.customerName || row.phone,
        phone: row.phone,
        shop: row.shopName,
      }),
      okText: t('unblock'),
      okButtonProps: { danger: true },
      cancelText: t('cancel'),
      onOk: async () => {
        try {
          await remove.mutateAsync({ params: { type: type as 'gaa' | 'eaa', id: row.id } });
          notify.success(text(BANNED_MESSAGES.unblocked));
        } catch (err) {
          notify.error(errorText(err));
        }
      },
    });

  const screens = Grid.useBreakpoint();
  const columns: TableColumnsType<TBannedCustomer> = [
    { key: 'shop', title: t('colShop'), dataIndex: 'shopName', ellipsis: true },
    { key: 'phone', title: t('colPhone'), dataIndex: 'phone', width: 140 },
    { key: 'name', title: t('colName'), dataIndex: 'customerName', width: 120 },
    { key: 'reason', title: t('colReason'), dataIndex: 'reason', ellipsis: true },
    // who blocked and when: from 1200 px (docs/decisions/reports.md "columns per width")
    {
      key: 'by',
      title: t('colBy'),
      dataIndex: 'createdBy',
      width: 150,
      ellipsis: true,
      responsive: ['xl'],
    },
    {
      key: 'when',
      title: t('colWhen'),
      width: 150,
      responsive: ['xl'],
      render: (_, r) => taipeiTime(r.createdAt),
    },
    {
      key: 'actions',
      title: t('colActions'),
      width: 110,
      render: (_, r) => (
        <Button size="small" danger onClick={() => unblock(r)} aria-label={`${t('unblock')} ${r.phone}`}>
          {t('unblock')}
        </Button>
      ),
    },
  ];

  return (
    <>
      {holder}
      <Flex gap={12} wrap align="center" style={{ marginBottom: 16 }}>
        <ShopSelect
          type={type}
          value={shopId}
          valueLabel={shopId ? banned.data?.rows[0]?.shopName : undefined}
          onChange={(v) => list.update({ filters: { shopId: v ? String(v) : '' } })}
        />
        <Input.Search
          allowClear
          aria-label={t('phoneFilter')}
          placeholder={t('phoneFilter')}
          style={{ width: 220 }}
          value={phone}
          onChange={(e) => setPhone(e.target.value)}
          onSearch={(v) => list.update({ filters: { phone: v } })}
        />
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => setAdding(true)}
          style={{ marginLeft: 'auto' }}
        >
          {t('add')}
        </Button>
      </Flex>
      {banned.isError ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={errorText(banned.error)}
          style={{ marginBottom: 12 }}
        />
      ) : null}
      <Table<TBannedCustomer>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={banned.data?.rows ?? []}
        loading={banned.isFetching}
        scroll={screens.md === false ? { x: 600 } : undefined}
        locale={{ emptyText: t('bannedEmpty') }}
        {...list.table(banned.data?.total ?? 0, (total) => t('total', { total }))}
      />
      <AddBannedDialog type={type} open={adding} shopId={shopId} onClose={() => setAdding(false)} />
    </>
  );
};

export default BannedListPage;
