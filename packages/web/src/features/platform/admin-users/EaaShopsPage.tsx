import { setEaaShopsOp } from '@shopdesk/contract';
import { Alert, Button, Card, Flex, Modal, Skeleton, Space, Table, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useApiMutation } from '../../../lib/api-query';
import { useErrorText } from '../../../lib/error-text';
import { notify } from '../../../lib/notify';
import type { TPageProps } from '../../../shell/lazy-page';
import { RouteButton } from '../../shops/shop-lists/RouteButton';
import { idParam, useAdminType, useInvalidateAdmin, useManagedUser } from './admin-queries';
import { ShopPicker } from './ShopPicker';
import { UserStatusTag } from './UserStatusTag';

type TShop = { id: number; name: string };

/**
 * /eaa-accounts/{eaaId}/shops (gaa, si): the shops a store owner owns (an si sees only its own
 * shops here), with shops to add (searched among the caller's) and to take away. An si keeps at least one,
 * or it could no longer see the owner.
 */
const EaaShopsPage = (_props: TPageProps) => {
  const { t } = useTranslation('adminUsers');
  const errorText = useErrorText();
  const type = useAdminType();
  const id = idParam(useParams().eaaId);
  const user = useManagedUser(type, id);
  const save = useApiMutation(setEaaShopsOp);
  const invalidate = useInvalidateAdmin();
  const [adding, setAdding] = useState<number[]>([]);
  const [modal, holder] = Modal.useModal();
  const row = user.data?.user;

  if (user.isError) return <Alert type="error" showIcon role="alert" title={errorText(user.error)} />;
  if (!row || id === undefined) return <Skeleton active />;
  const owned = row.shops.map((s) => s.id);

  const put = async (shopIds: number[]) => {
    try {
      await save.mutateAsync({ params: { type, userId: id }, body: { shopIds } });
      notify.success(t('shopsSaved'));
      await invalidate();
      return true;
    } catch (err) {
      notify.error(errorText(err));
      return false;
    }
  };
  const add = async () => {
    if (await put([...owned, ...adding.filter((s) => !owned.includes(s))])) setAdding([]);
  };
  const takeAway = (shop: TShop) =>
    modal.confirm({
      title: t('removeShopTitle', { shop: shop.name, name: row.name }),
      content: t('removeShopBody'),
      okText: t('removeShop'),
      okButtonProps: { danger: true },
      cancelText: t('cancel'),
      onOk: () => put(owned.filter((s) => s !== shop.id)),
    });
  const lastForSi = type === 'si' && owned.length <= 1;

  return (
    <Flex vertical gap={16}>
      {holder}
      <Space wrap>
        <Typography.Text strong>{t('ownerOf', { name: row.name, email: row.email })}</Typography.Text>
        <UserStatusTag user={row} />
        <RouteButton size="small" to={`/eaa-accounts/${row.id}/edit`}>
          {t('edit')}
        </RouteButton>
        <RouteButton size="small" to="/eaa-accounts">
          {t('back')}
        </RouteButton>
      </Space>
      <Card size="small" title={t('addShops')}>
        <Flex gap={8} wrap>
          <div style={{ flex: '1 1 360px', minWidth: 0 }}>
            <ShopPicker type={type} value={adding} onChange={setAdding} exclude={owned} />
          </div>
          <Button type="primary" disabled={adding.length === 0} loading={save.isPending} onClick={add}>
            {t('add')}
          </Button>
        </Flex>
        <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0' }}>
          {t('shopPickerHelp')}
        </Typography.Paragraph>
      </Card>
      <Table<TShop>
        rowKey="id"
        size="middle"
        dataSource={row.shops}
        pagination={false}
        locale={{ emptyText: t('noShops') }}
        data-testid="owner-shops"
        columns={[
          { key: 'id', title: t('shopId'), dataIndex: 'id', width: 90 },
          {
            key: 'name',
            title: t('shopName'),
            render: (_, s) => <Link to={`/${type}/business/${s.id}/info`}>{s.name}</Link>,
          },
          {
            key: 'actions',
            title: t('actions'),
            width: 120,
            render: (_, s) => (
              <Tooltip title={lastForSi ? t('lastShopSi') : undefined}>
                <Button
                  size="small"
                  danger
                  disabled={lastForSi}
                  onClick={() => takeAway(s)}
                  aria-label={`${t('removeShop')} ${s.name}`}
                >
                  {t('removeShop')}
                </Button>
              </Tooltip>
            ),
          },
        ]}
      />
    </Flex>
  );
};

export default EaaShopsPage;
