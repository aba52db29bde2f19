import { DeleteOutlined } from '@ant-design/icons';
import { POS_PASSWORD_MASK, POS_USERS_MAX, type TPosUser } from '@shopdesk/contract';
import { Alert, Button, Flex, Popconfirm, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../lib/error-text';
import { notify } from '../../../lib/notify';
import { PosUserAddRow } from './PosUserAddRow';
import { usePosUserMutations, usePosUsers } from './pos-users-queries';

/** Who lists a shop's order-machine users: the portals, and a shop manager with the `user` acl (spec 002 §3). */
export type TPosUsersCaller = 'gaa' | 'si' | 'eaa' | 'line';

/**
 * Order-machine users of one shop (spec 002 §2 screen 5): username and a masked password (the server never
 * returns passwords), delete per row, and an add row hidden at 100 users or more (spec 002 §5, §9). Shown in
 * the shop lists' dialog and on a shop manager's page.
 */
export const PosUsersPanel = ({
  shopId,
  userType,
  enabled = true,
}: {
  shopId: number;
  userType: TPosUsersCaller;
  enabled?: boolean;
}) => {
  const { t } = useTranslation('posUsers');
  const errorText = useErrorText();
  const list = usePosUsers(userType, shopId, enabled);
  const { add, remove } = usePosUserMutations(userType, shopId);
  const users = list.data?.users ?? [];
  const max = list.data?.max ?? POS_USERS_MAX;
  const full = users.length >= max;

  // spec 002 §8: 新增成功！ / 無法新增使用者 (with the server's reason beneath).
  const onAdd = async (values: { username: string; password: string }) => {
    try {
      await add.mutateAsync({ body: { ...values, shopId } });
      notify.success(t('added'));
      return true;
    } catch (err) {
      notify.card('error', t('addFailed'), errorText(err));
      return false;
    }
  };

  // spec 002 §8: 已刪除。 / 無法刪除使用者
  const onDelete = async (username: string) => {
    try {
      await remove.mutateAsync({ params: { username } });
      notify.success(t('deleted'));
    } catch (err) {
      notify.card('error', t('deleteFailed'), errorText(err));
    }
  };

  return (
    <Flex vertical gap={16}>
      {list.isError ? <Alert type="error" showIcon title={errorText(list.error)} /> : null}
      <Table<TPosUser>
        rowKey="username"
        size="small"
        loading={list.isLoading}
        dataSource={users}
        pagination={false}
        scroll={{ y: 360 }}
        locale={{ emptyText: t('empty') }}
        columns={[
          { title: t('colUsername'), dataIndex: 'username' },
          { title: t('colPassword'), key: 'password', render: () => POS_PASSWORD_MASK },
          {
            title: t('colActions'),
            key: 'actions',
            width: 100,
            render: (_, row) => (
              <Popconfirm
                title={t('deleteConfirm', { username: row.username })}
                okText={t('confirm')}
                cancelText={t('cancel')}
                okButtonProps={{ danger: true }}
                onConfirm={() => onDelete(row.username)}
              >
                <Button
                  danger
                  size="small"
                  icon={<DeleteOutlined />}
                  aria-label={`${t('delete')} ${row.username}`}
                >
                  {t('delete')}
                </Button>
              </Popconfirm>
            ),
          },
        ]}
      />
      <Typography.Text type="secondary">{t('count', { total: users.length, max })}</Typography.Text>
      {list.isSuccess && !full ? <PosUserAddRow pending={add.isPending} onAdd={onAdd} /> : null}
      {list.isSuccess && full ? <Alert type="info" showIcon title={t('full', { max })} /> : null}
    </Flex>
  );
};
