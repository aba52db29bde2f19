import { AppstoreAddOutlined } from '@ant-design/icons';
import { arrayMove } from '@dnd-kit/sortable';
import { PORTAL_MESSAGES, type TPortalShop } from '@shopdesk/contract';
import { Alert, Button, Flex, Input, Popconfirm, Space, Switch, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { useErrorText } from '../../../lib/error-text';
import { useMessageText } from '../../../lib/message-text';
import { notify } from '../../../lib/notify';
import { DragHandle, SortableItems, SortableTableRow } from '../../menus/menus/sortable';
import { useReportList } from '../../reports/platform-reports/report-kit';
import { PortalHeader } from './PortalHeader';
import { PortalNotFound, portalMissing } from './PortalNotFound';
import { usePortal, usePortalMutations, usePortalShops } from './portal-queries';

/**
 * /portals/{portalKey}/shops (gaa): the portal's shops in display order; drag ⠿ to reorder (saved at
 * once, the public page follows), show / hide, remove, edit.
 */
const PortalShopsPage = () => {
  const { t } = useTranslation('portals');
  const say = useMessageText();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const portalKey = useParams().portalKey!;
  const { list, draft, setDraft } = useReportList(['q'] as const);
  const query = { q: list.filters.q || undefined, offset: (list.page - 1) * list.size, limit: list.size };
  const portal = usePortal(portalKey);
  const shops = usePortalShops(portalKey, query);
  const { updateShop, removeShop, reorder } = usePortalMutations();
  // the rows as dragged, until the saved order comes back from the server (new data ends it)
  const [dragged, setDragged] = useState<{ from: unknown; rows: TPortalShop[] } | null>(null);
  const rows = dragged && dragged.from === shops.data ? dragged.rows : (shops.data?.rows ?? []);
  const ids = rows.map((r) => r.shopId);

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

  const move = async (from: number, to: number) => {
    const next = arrayMove(rows, from, to);
    setDragged({ from: shops.data, rows: next });
    try {
      await reorder.mutateAsync({ params: { portalKey }, body: { shopIds: next.map((r) => r.shopId) } });
      notify.success(say(PORTAL_MESSAGES.reordered));
    } catch (err) {
      setDragged(null);
      notify.error(errorText(err));
    }
  };

  if (portalMissing(portal.error)) return <PortalNotFound portalKey={portalKey} />;
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
      <Typography.Text type="secondary">{t('dragHint')}</Typography.Text>
      {shops.isError ? <Alert type="error" showIcon role="alert" title={errorText(shops.error)} /> : null}
      <SortableItems ids={ids} onMove={(from, to) => void move(from, to)}>
        <Table<TPortalShop>
          rowKey="shopId"
          data-testid="portal-shops"
          loading={shops.isFetching || reorder.isPending}
          dataSource={rows}
          components={{ body: { row: SortableTableRow } }}
          locale={{ emptyText: t('noShops') }}
          scroll={{ x: 760 }}
          {...list.table(shops.data?.total ?? 0, (total) => t('total', { total }))}
          columns={[
            { key: 'drag', width: 48, render: () => <DragHandle /> },
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
              render: (_, s) =>
                s.online ? <Tag color="green">{t('online')}</Tag> : <Tag>{t('closed')}</Tag>,
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
      </SortableItems>
    </Flex>
  );
};

export default PortalShopsPage;
