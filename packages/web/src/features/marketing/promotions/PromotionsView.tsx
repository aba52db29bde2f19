import { ArrowLeftOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { TPromotion, TPromotionInputRaw } from '@shopdesk/contract';
import { Button, Card, Dropdown, Flex, Input, Popconfirm, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiClientError } from '../../../lib/api';
import { errorText } from '../../../lib/error-text';
import { notify } from '../../../lib/notify';
import { ForbiddenPage, NotFoundPage } from '../../../shell/StatusPages';
import { useShop } from '../../shops/shop-profile/shop-profile-queries';
import { SHOP_LIST_PATHS } from '../../shops/shop-profile/use-shop-page';
import { ConfigPromotionDialog } from './ConfigPromotionDialog';
import { PromotionSwitch } from './PromotionSwitch';
import { DEFAULT_SIZE, usePromotionListState } from './promotion-list-state';
import { type TPromotionPortal, usePromotions, usePromotionWrites } from './promotion-queries';
import { SimplePromotionDialog } from './SimplePromotionDialog';

const BACK: Record<TPromotionPortal, string> = { gaa: SHOP_LIST_PATHS.gaa, eaa: '/eaa/business/promotions' };

/** The page's back button and title (the shop's name is loaded only for it). */
const PageHeading = ({ type, businessId }: { type: TPromotionPortal; businessId: number }) => {
  const { t } = useTranslation('promotions');
  const navigate = useNavigate();
  const shop = useShop(type, businessId);
  return (
    <Flex gap={8} align="center" wrap>
      <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(BACK[type])}>
        {t('backToList')}
      </Button>
      <Typography.Title level={4} style={{ margin: 0 }}>
        {t('title')}：
        {shop.data ? `${shop.data.businessData.businessName}（${businessId}）` : `#${businessId}`}
      </Typography.Title>
    </Flex>
  );
};

type Props = {
  type: TPromotionPortal;
  /** The shop's account id: the {businessId} of /gaa|eaa/shops/{businessId}/promotions; null = no valid id. */
  businessId: number | null;
  /** Inside the settings page's Promotion tab: no back button and no title; search and page in local state. */
  embedded?: boolean;
};

/**
 * A shop's promotions (spec 002 §2 screen 7): search, enable switch, name, period, description, delete; two
 * create dialogs (simple and configuration). Shown by PromotionsPage (search and page in the URL) and by the
 * settings page's Promotion tab (search and page kept by the tab, so the settings page's URL stays its own).
 */
export const PromotionsView = ({ type, businessId: id, embedded = false }: Props) => {
  const { t } = useTranslation('promotions');
  const businessId = id ?? 0;
  const { keyword, page, size, setQuery, sizes } = usePromotionListState(embedded);
  const list = usePromotions(type, businessId, { keyword, offset: (page - 1) * size, limit: size });
  const writes = usePromotionWrites(type, businessId);
  const [dialog, setDialog] = useState<'simple' | 'config' | null>(null);

  const status = list.error instanceof ApiClientError ? list.error.status : null;
  if (id === null || status === 404) return <NotFoundPage />;
  if (status === 403) return <ForbiddenPage />;

  const create = async (p: TPromotionInputRaw) => {
    try {
      await writes.create(p);
      notify.success(t('created'));
      return true;
    } catch (err) {
      // spec 002 §8: a failed create shows the server's message
      notify.apiError(err);
      return false;
    }
  };
  const remove = async (row: TPromotion) => {
    try {
      await writes.remove(row.id);
      notify.success(t('deleted'));
    } catch (err) {
      notify.apiError(err);
    }
  };

  return (
    <Flex vertical gap={16} data-testid="promotions-view">
      {!embedded && <PageHeading type={type} businessId={businessId} />}
      <Card
        title={
          <Input.Search
            allowClear
            defaultValue={keyword}
            placeholder={t('search')}
            maxLength={50}
            style={{ maxWidth: 320 }}
            onSearch={(v) => setQuery({ keyword: v.trim() || undefined, page: undefined })}
            data-testid="promotion-search"
          />
        }
        extra={
          <Dropdown
            menu={{
              items: [
                { key: 'simple', label: t('createSimple') },
                { key: 'config', label: t('createConfig') },
              ],
              onClick: ({ key }) => setDialog(key as 'simple' | 'config'),
            }}
          >
            <Button type="primary" icon={<PlusOutlined />} data-testid="promotion-create">
              {t('create')}
            </Button>
          </Dropdown>
        }
      >
        <Table<TPromotion>
          rowKey="id"
          loading={list.isLoading}
          dataSource={list.data?.promotions ?? []}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: list.isError ? errorText(list.error) : t('empty') }}
          pagination={{
            current: page,
            pageSize: size,
            total: list.data?.total ?? 0,
            pageSizeOptions: sizes.map(String),
            showSizeChanger: true,
            onChange: (p, s) =>
              setQuery({
                page: p > 1 ? String(p) : undefined,
                size: s === DEFAULT_SIZE ? undefined : String(s),
              }),
          }}
          columns={[
            {
              title: t('colEnabled'),
              key: 'enabled',
              width: 80,
              render: (_, r) => <PromotionSwitch row={r} onChange={writes.setEnabled} />,
            },
            { title: t('colName'), dataIndex: 'displayName', key: 'name' },
            {
              title: t('colPeriod'),
              key: 'period',
              render: (_, r) => t('periodText', { start: r.duration.start, end: r.duration.end }),
            },
            {
              title: t('colDescription'),
              dataIndex: 'description',
              key: 'description',
              render: (d: string) => (
                <span style={{ whiteSpace: 'pre-wrap' }}>{d.split('；').join('\n')}</span>
              ),
            },
            { title: t('colUsed'), dataIndex: 'usedCount', key: 'used', width: 80, align: 'right' },
            {
              title: t('colActions'),
              key: 'actions',
              width: 100,
              render: (_, r) => (
                <Popconfirm
                  title={t('deleteConfirm')}
                  okText={t('yes')}
                  cancelText={t('no')}
                  onConfirm={() => remove(r)}
                >
                  <Button danger icon={<DeleteOutlined />} data-testid={`promotion-delete-${r.id}`}>
                    {t('delete')}
                  </Button>
                </Popconfirm>
              ),
            },
          ]}
        />
      </Card>
      <SimplePromotionDialog
        open={dialog === 'simple'}
        saving={writes.saving}
        onSubmit={create}
        onClose={() => setDialog(null)}
      />
      <ConfigPromotionDialog
        open={dialog === 'config'}
        saving={writes.saving}
        onSubmit={create}
        onClose={() => setDialog(null)}
      />
    </Flex>
  );
};
