import type { TAdminUserRow } from '@shopdesk/contract';
import { Alert, Button, Grid, Space, Table, type TableColumnsType, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../lib/error-text';
import { RouteButton } from '../../shops/shop-lists/RouteButton';
import { useSession } from '../session/session-context';
import { type TAdminType, type TUserKind, taipeiDate, useAdminListState, useUserList } from './admin-queries';
import { ListToolbar } from './ListToolbar';
import { UserStatusTag } from './UserStatusTag';
import { useUserActions } from './user-actions';

/**
 * A paged, searched list of users (gaa users, one SI's users, store owners): status, invitation state,
 * and the actions an operator needs: edit, disable / enable, resend the invitation, an owner's shops.
 */
export const UserList = ({
  kind,
  type,
  siId,
  newTo,
  newLabel,
  editTo,
  shopsTo,
  header,
}: {
  kind: TUserKind;
  type: TAdminType;
  siId?: number;
  newTo?: string;
  newLabel?: string;
  editTo?: (row: TAdminUserRow) => string;
  shopsTo?: (row: TAdminUserRow) => string;
  header?: ReactNode;
}) => {
  const { t } = useTranslation('adminUsers');
  const errorText = useErrorText();
  const me = useSession().user;
  const list = useAdminListState();
  const users = useUserList(kind, type, list.query, siId);
  const actions = useUserActions(type);
  const screens = Grid.useBreakpoint();

  const columns: TableColumnsType<TAdminUserRow> = [
    {
      key: 'name',
      title: t('name'),
      ellipsis: true,
      render: (_, u) => (
        <>
          {u.name}
          {u.id === me?.id ? <Typography.Text type="secondary">{t('you')}</Typography.Text> : null}
        </>
      ),
    },
    { key: 'email', title: t('email'), dataIndex: 'email', ellipsis: true },
    { key: 'phone', title: t('phone'), dataIndex: 'phone', width: 140, responsive: ['lg'] },
    ...(kind === 'eaa'
      ? [
          {
            key: 'shops',
            title: t('shops'),
            ellipsis: true,
            render: (_: unknown, u: TAdminUserRow) =>
              u.shops.length ? u.shops.map((s) => `${s.id} ${s.name}`).join('、') : '—',
          },
        ]
      : []),
    { key: 'status', title: t('status'), width: 110, render: (_, u) => <UserStatusTag user={u} /> },
    {
      key: 'created',
      title: t('created'),
      width: 110,
      responsive: ['xl'],
      render: (_, u) => taipeiDate(u.createdAt),
    },
    {
      key: 'actions',
      title: t('actions'),
      width: kind === 'eaa' ? 300 : 240,
      render: (_, u) => (
        <Space size={4} wrap>
          {editTo ? (
            <RouteButton size="small" to={editTo(u)} aria-label={`${t('edit')} ${u.email}`}>
              {t('edit')}
            </RouteButton>
          ) : null}
          {shopsTo ? (
            <RouteButton size="small" to={shopsTo(u)} aria-label={`${t('manageShops')} ${u.email}`}>
              {t('manageShops')}
            </RouteButton>
          ) : null}
          {u.disabled ? (
            <Button
              size="small"
              onClick={() => actions.setDisabled(u, false)}
              aria-label={`${t('enable')} ${u.email}`}
            >
              {t('enable')}
            </Button>
          ) : (
            <Button
              size="small"
              danger
              onClick={() => actions.setDisabled(u, true)}
              aria-label={`${t('disable')} ${u.email}`}
            >
              {t('disable')}
            </Button>
          )}
          {!u.passwordSet && !u.disabled ? (
            <Button
              size="small"
              onClick={() => actions.resendInvite(u)}
              aria-label={`${t('resend')} ${u.email}`}
            >
              {t('resend')}
            </Button>
          ) : null}
        </Space>
      ),
    },
  ];

  return (
    <>
      {actions.holder}
      {header}
      <ListToolbar list={list} placeholder={t('search')} newTo={newTo} newLabel={newLabel} />
      {users.isError ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={errorText(users.error)}
          style={{ marginBottom: 12 }}
        />
      ) : null}
      <Table<TAdminUserRow>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={users.data?.rows ?? []}
        loading={users.isFetching}
        locale={{ emptyText: t('empty') }}
        scroll={screens.md === false ? { x: 720 } : undefined}
        data-testid="admin-users"
        {...list.table(users.data?.total ?? 0, (total) => t('total', { count: total }))}
      />
    </>
  );
};
