import { AppstoreAddOutlined } from '@ant-design/icons';
import { PORTAL_MESSAGES, type TPortalShop } from '@shopdesk/contract';
import { Alert, Button, Flex, Input, Popconfirm, Space, Switch, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { useErrorText } from '../../lib/error-text';
import { useMessageText } from '../../lib/message-text';
import { notify } from '../../lib/notify';
import { useReportList } from '../platform-reports/report-kit';
import { PortalHeader } from './PortalHeader';
import { usePortalMutations, usePortalShops } from './portal-queries';

/** /portals/{portalKey}/shops (gaa; issue 16): the portal's shops in display order; show / hide, remove, edit. */
const PortalShopsPage = () => {
  const { t } = useTranslation('portals');
  const say = useMessageText();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const portalKey = useParams().portalKey!;
  const { list, draft, setDraft } = useReportList(['q'] as const);
  const query = { q: list.filters.q || undefined, offset: (list.page - 1) * list.size, limit: list.size };
  const shops = usePortalShops(portalKey, query);
  const { updateShop, removeShop } = usePortalMutations();

  const act = async (run: () => Promise<unknown>, done: string) => {
    try {
      await run();
      notify.success(done);
    } catch (err) {
      notify.error(errorText(err));
    }
  };
  const setVisible = (s: TPortalShop, visible: boolean) =>
    act(
      () =>
        updateShop.mutateAsync({
          params: { portalKey, shopId: s.shopId },
          body: { label: s.label, displayOrder: s.displayOrder, visible },
        }),
      say(PORTAL_MESSAGES.saved),
    );

  return (
    <Flex vertical gap={16}>
      <PortalHeader
        portalKey={portalKey}
        extra={
          <Button
            type="primary"
            icon={<AppstoreAddOutlined />}
            onClick={() => navigate(`/portals/${portalKey}/add-shops`)}
          >
            {t('addShops')}
          </Button>
        }
      />
      <Input.Search
        allowClear
        style={{ maxWidth: 320 }}
        placeholder={t('searchShops')}
        value={draft}
        onChange={(e) => setDraft(e.target.value)}
        onSearch={(v) => list.update({ filters: { q: v } })}
      />
      {shops.isError ? <Alert type="error" showIcon role="alert" title={errorText(shops.error)} /> : null}
      <Table<TPortalShop>
        rowKey="shopId"
        data-testid="portal-shops"
        loading={shops.isFetching}
        dataSource={shops.data?.rows ?? []}
        locale={{ emptyText: t('noShops') }}
        scroll={{ x: 760 }}
        {...list.table(shops.data?.total ?? 0, (total) => t('total', { total }))}
        columns={[
          { key: 'order', title: t('displayOrder'), dataIndex: 'displayOrder', width: 80 },
          { key: 'id', title: t('shopId'), dataIndex: 'shopId', width: 100 },
          {
            key: 'name',
            title: t('shopName'),
            render: (_, s) => (
              <Link to={`/portals/${portalKey}/shops/${s.shopId}`}>
                {s.label ? `${s.label}（${s.name}）` : s.name}
              </Link>
            ),
          },
          {
            key: 'state',
            title: t('state'),
            width: 170,
            render: (_, s) => (s.online ? <Tag color="green">{t('online')}</Tag> : <Tag>{t('closed')}</Tag>),
          },
          {
            key: 'visible',
            title: t('visible'),
            width: 100,
            render: (_, s) => (
              <Switch
                checked={s.visible}
                aria-label={`${t('visible')} ${s.name}`}
                onChange={(on) => setVisible(s, on)}
              />
            ),
          },
          {
            key: 'actions',
            title: t('actions'),
            width: 170,
            render: (_, s) => (
              <Space size={4}>
                <Button size="small" onClick={() => navigate(`/portals/${portalKey}/shops/${s.shopId}`)}>
                  {t('edit')}
                </Button>
                <Popconfirm
                  title={t('removeConfirm', { name: s.name })}
                  okText={t('yes')}
                  cancelText={t('no')}
                  onConfirm={() =>
                    act(
                      () => removeShop.mutateAsync({ params: { portalKey, shopId: s.shopId } }),
                      say(PORTAL_MESSAGES.removed),
                    )
                  }
                >
                  <Button size="small" danger>
                    {t('remove')}
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
    </Flex>
  );
};

export default PortalShopsPage;
