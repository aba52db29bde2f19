import { AppstoreAddOutlined, ExportOutlined } from '@ant-design/icons';
import { PORTAL_MESSAGES, REPORT_TIME_ZONE, type TPortal } from '@shopdesk/contract';
import { Button, Flex, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ListPageTop } from '../../../components/ListPageTop';
import { useErrorText } from '../../../lib/error-text';
import { useMessageText } from '../../../lib/message-text';
import { notify } from '../../../lib/notify';
import { useReportList } from '../../reports/platform-reports/report-kit';
import { publicPortalUrl, usePortalMutations, usePortals } from './portal-queries';

/** /portals (gaa): the entrance portals, searched and paged; each opens its form, shops, public page. */
const PortalsPage = () => {
  const { t } = useTranslation('portals');
  const say = useMessageText();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const { list, draft, setDraft } = useReportList(['q'] as const);
  const query = { q: list.filters.q || undefined, offset: (list.page - 1) * list.size, limit: list.size };
  const portals = usePortals(query);
  const { remove } = usePortalMutations();

  const doRemove = async (p: TPortal) => {
    try {
      await remove.mutateAsync({ params: { portalKey: p.key } });
      notify.success(say(PORTAL_MESSAGES.deleted));
    } catch (err) {
      notify.error(errorText(err));
    }
  };

  return (
    <Flex vertical gap={16}>
      <ListPageTop
        intro={t('intro')}
        shops={{ to: '/portals/shops', label: t('shops') }}
        create={{ to: '/portals/new', label: t('create') }}
        search={{
          placeholder: t('search'),
          draft,
          setDraft,
          onSearch: (v) => list.update({ filters: { q: v } }),
        }}
        error={portals.isError ? portals.error : null}
      />
      <Table<TPortal>
        rowKey="key"
        data-testid="portals"
        loading={portals.isFetching}
        dataSource={portals.data?.rows ?? []}
        locale={{ emptyText: t('empty') }}
        scroll={{ x: 860 }}
        {...list.table(portals.data?.total ?? 0, (total) => t('total', { total }))}
        columns={[
          {
            key: 'name',
            title: t('name'),
            render: (_, p) => (
              <Space>
                <span
                  aria-hidden
                  style={{
                    width: 14,
                    height: 14,
                    borderRadius: 3,
                    background: p.primaryColor,
                    display: 'inline-block',
                  }}
                />
                <Link to={`/portals/${p.key}/shops`}>{p.name}</Link>
              </Space>
            ),
          },
          {
            key: 'key',
            title: t('key'),
            width: 160,
            render: (_, p) => <Typography.Text code>{p.key}</Typography.Text>,
          },
          {
            key: 'shops',
            title: t('shops'),
            width: 140,
            render: (_, p) => t('shopCount', { visible: p.visibleCount, count: p.shopCount }),
          },
          {
            key: 'published',
            title: t('published'),
            width: 100,
            render: (_, p) =>
              p.published ? <Tag color="green">{t('publishedOn')}</Tag> : <Tag>{t('publishedOff')}</Tag>,
          },
          {
            key: 'updated',
            title: t('updatedAt'),
            width: 170,
            render: (_, p) => dayjs(p.updatedAt).tz(REPORT_TIME_ZONE).format('YYYY-MM-DD HH:mm'),
          },
          {
            key: 'actions',
            title: t('actions'),
            width: 330,
            render: (_, p) => (
              <Space size={4} wrap>
                <Button size="small" onClick={() => navigate(`/portals/${p.key}/edit`)}>
                  {t('edit')}
                </Button>
                <Button size="small" onClick={() => navigate(`/portals/${p.key}/shops`)}>
                  {t('manageShops')}
                </Button>
                <Button
                  size="small"
                  icon={<AppstoreAddOutlined />}
                  onClick={() => navigate(`/portals/${p.key}/add-shops`)}
                >
                  {t('addShops')}
                </Button>
                <Button size="small" icon={<ExportOutlined />} href={publicPortalUrl(p.key)} target="_blank">
                  {t('preview')}
                </Button>
                <Popconfirm
                  title={t('deleteConfirm', { name: p.name })}
                  okText={t('yes')}
                  cancelText={t('no')}
                  onConfirm={() => doRemove(p)}
                >
                  <Button size="small" danger>
                    {t('delete')}
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

export default PortalsPage;
