import { ArrowLeftOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { PROMOTION_LIMITS, type TPromotion, type TPromotionInputRaw } from '@shopdesk/contract';
import { Button, Card, Dropdown, Flex, Input, Popconfirm, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import type { TPageProps } from '../../app/lazy-page';
import { ForbiddenPage, NotFoundPage } from '../../app/StatusPages';
import { ApiClientError } from '../../lib/api';
import { errorText } from '../../lib/error-text';
import { notify } from '../../lib/notify';
import { useShop } from '../shop-profile/shop-profile-queries';
import { SHOP_LIST_PATHS, useShopPage } from '../shop-profile/use-shop-page';
import { ConfigPromotionDialog } from './ConfigPromotionDialog';
import { PromotionSwitch } from './PromotionSwitch';
import { type TPromotionPortal, usePromotions, usePromotionWrites } from './promotion-queries';
import { SimplePromotionDialog } from './SimplePromotionDialog';

const BACK: Record<TPromotionPortal, string> = { gaa: SHOP_LIST_PATHS.gaa, eaa: '/eaa/business/promotions' };

/**
 * Promotions of a shop (spec 002 §2 screen 7): /gaa/business/{id}/promotion (and the retail tree's
 * /gaa/common/{id}/promotion) and /eaa/business/{id}/promotion-setting. Search, enable switch, name, period,
 * description, delete; two create dialogs (simple and configuration). Search and page live in the URL.
 */
const PromotionsPage = ({ route }: TPageProps) => {
  const { t } = useTranslation('promotions');
  const navigate = useNavigate();
  const { type: portal, id } = useShopPage(route);
  const type = portal as TPromotionPortal;
  const businessId = id ?? 0;
  const [search, setSearch] = useSearchParams();
  const keyword = search.get('keyword') ?? undefined;
  const size = PROMOTION_LIMITS.pageSizes.find((s) => String(s) === search.get('size')) ?? 15;
  const page = Math.max(1, Number(search.get('page')) || 1);
  const list = usePromotions(type, businessId, { keyword, offset: (page - 1) * size, limit: size });
  const writes = usePromotionWrites(type, businessId);
  const shop = useShop(type, businessId);
  const [dialog, setDialog] = useState<'simple' | 'config' | null>(null);

  const status = list.error instanceof ApiClientError ? list.error.status : null;
  if (id === null || status === 404) return <NotFoundPage />;
  if (status === 403) return <ForbiddenPage />;

  const setQuery = (next: Record<string, string | undefined>) => {
    const q = new URLSearchParams(search);
    for (const [k, v] of Object.entries(next))
      if (v) q.set(k, v);
      else q.delete(k);
    setSearch(q, { replace: true });
  };
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
    <Flex vertical gap={16}>
      <Flex gap={8} align="center" wrap>
        <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(BACK[type])}>
          {t('backToList')}
        </Button>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t('title')}：
          {shop.data ? `${shop.data.businessData.businessName}（${businessId}）` : `#${businessId}`}
        </Typography.Title>
      </Flex>
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
            pageSizeOptions: PROMOTION_LIMITS.pageSizes.map(String),
            showSizeChanger: true,
            onChange: (p, s) =>
              setQuery({ page: p > 1 ? String(p) : undefined, size: s === 15 ? undefined : String(s) }),
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

export default PromotionsPage;
