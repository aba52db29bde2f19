import { removeSiAccountOp, type TSiAccountRow } from '@shopdesk/contract';
import { Alert, Button, Grid, Modal, Space, Table, type TableColumnsType, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useApiMutation } from '../../../lib/api-query';
import { useErrorText } from '../../../lib/error-text';
import { notify } from '../../../lib/notify';
import type { TPageProps } from '../../../shell/lazy-page';
import { RouteButton } from '../../shops/shop-lists/RouteButton';
import { taipeiDate, useAdminListState, useInvalidateAdmin, useSiAccounts } from './admin-queries';
import { ListToolbar } from './ListToolbar';
import { SiShopCounts } from './SiShopCounts';

/**
 * /si-accounts (gaa): the integrators, paged and searched on the server, with their shop and
 * user counts (each a link: the gaa shop list filtered by the SI, the SI's users). An SI with shops
 * cannot be removed: the server's reason says how many.
 */
const SiAccountsPage = (_props: TPageProps) => {
  const { t } = useTranslation('adminUsers');
  const errorText = useErrorText();
  const list = useAdminListState();
  const { status: _s, ...query } = list.query;
  const accounts = useSiAccounts(query);
  const remove = useApiMutation(removeSiAccountOp);
  const invalidate = useInvalidateAdmin();
  const [modal, holder] = Modal.useModal();
  const screens = Grid.useBreakpoint();

  const confirmRemove = (si: TSiAccountRow) =>
    modal.confirm({
      title: t('removeTitle', { name: si.displayName }),
      content: t('removeBody'),
      okText: t('remove'),
      okButtonProps: { danger: true },
      cancelText: t('cancel'),
      onOk: async () => {
        try {
          await remove.mutateAsync({ params: { siId: si.id } });
          notify.success(t('removed', { name: si.displayName }));
          await invalidate();
        } catch (err) {
          modal.error({ title: t('removeFailed'), content: errorText(err), okText: t('confirm') });
        }
      },
    });

  const columns: TableColumnsType<TSiAccountRow> = [
    {
      key: 'name',
      title: t('siKey'),
      width: 150,
      render: (_, si) => <Typography.Text code>{si.name}</Typography.Text>,
    },
    { key: 'display', title: t('displayName'), dataIndex: 'displayName', ellipsis: true },
    { key: 'contact', title: t('contactName'), dataIndex: 'contactName', width: 130, responsive: ['lg'] },
    { key: 'email', title: t('siEmail'), dataIndex: 'email', ellipsis: true, responsive: ['md'] },
    {
      key: 'shops',
      title: t('shopCount'),
      width: 130,
      align: 'right',
      render: (_, si) => <SiShopCounts si={si} />,
    },
    {
      key: 'users',
      title: t('userCount'),
      width: 90,
      align: 'right',
      render: (_, si) => <Link to={`/si-accounts/${si.id}/si-users`}>{si.userCount}</Link>,
    },
    {
      key: 'created',
      title: t('created'),
      width: 110,
      responsive: ['xl'],
      render: (_, si) => taipeiDate(si.createdAt),
    },
    {
      key: 'actions',
      title: t('actions'),
      width: 220,
      render: (_, si) => (
        <Space size={4} wrap>
          <RouteButton size="small" to={`/si-accounts/${si.id}/edit`} aria-label={`${t('edit')} ${si.name}`}>
            {t('edit')}
          </RouteButton>
          <RouteButton
            size="small"
            to={`/si-accounts/${si.id}/si-users`}
            aria-label={`${t('siUsers')} ${si.name}`}
          >
            {t('siUsers')}
          </RouteButton>
          <Button
            size="small"
            danger
            onClick={() => confirmRemove(si)}
            aria-label={`${t('remove')} ${si.name}`}
          >
            {t('remove')}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <>
      {holder}
      <ListToolbar
        list={list}
        placeholder={t('searchSi')}
        withStatus={false}
        newTo="/si-accounts/new"
        newLabel={t('addSi')}
      />
      {accounts.isError ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={errorText(accounts.error)}
          style={{ marginBottom: 12 }}
        />
      ) : null}
      <Table<TSiAccountRow>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={accounts.data?.rows ?? []}
        loading={accounts.isFetching}
        locale={{ emptyText: t('empty') }}
        scroll={screens.md === false ? { x: 720 } : undefined}
        data-testid="si-accounts"
        {...list.table(accounts.data?.total ?? 0, (total) => t('total', { count: total }))}
      />
    </>
  );
};

export default SiAccountsPage;
