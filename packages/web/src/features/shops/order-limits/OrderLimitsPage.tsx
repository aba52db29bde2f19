import { ArrowLeftOutlined, DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { ORDER_LIMIT_PAGE_DEFAULTS, type TOrderLimit, type TOrderLimitData } from '@shopdesk/contract';
import { Button, Card, Flex, Popconfirm, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiClientError } from '../../../lib/api';
import { errorText } from '../../../lib/error-text';
import { notify } from '../../../lib/notify';
import type { TPageProps } from '../../../shell/lazy-page';
import { ForbiddenPage, NotFoundPage } from '../../../shell/StatusPages';
import { useShop } from '../shop-profile/shop-profile-queries';
import { SHOP_LIST_PATHS, useShopPage } from '../shop-profile/use-shop-page';
import { useLimitText } from '../shop-time/limit-text';
import { useMealLabel } from '../shop-time/OrderLimitFields';
import { draftOf, type TLimitDraft } from '../shop-time/order-limit-form';
import { useOrderLimits, useOrderLimitWrites } from '../shop-time/order-limit-queries';
import { OrderLimitDialog } from './OrderLimitDialog';

/**
 * Order-limit list (spec 002 §2 screen 8): /gaa, /si and /eaa business/{id}/order-limits. Edit and
 * delete per row, one add/edit dialog; a new limit starts as eat_in, all days, 12:00–18:00, 30 minutes,
 * 5 orders (spec 002 §9).
 */
const OrderLimitsPage = ({ route }: TPageProps) => {
  const { t } = useTranslation('shopTime');
  const navigate = useNavigate();
  const { type, id } = useShopPage(route);
  const accountId = id ?? 0;
  const shop = useShop(type, accountId);
  const list = useOrderLimits(type, accountId);
  const writes = useOrderLimitWrites(type, accountId);
  const mealLabel = useMealLabel();
  const text = useLimitText();
  const [dialog, setDialog] = useState<{ id: number | null; draft: TLimitDraft } | null>(null);

  const status = list.error instanceof ApiClientError ? list.error.status : null;
  if (id === null || status === 404) return <NotFoundPage />;
  if (status === 403) return <ForbiddenPage />;

  const submit = async (limitId: number | null, data: TOrderLimitData) => {
    try {
      if (limitId === null) await writes.create(data);
      else await writes.update(limitId, data);
      notify.success(limitId === null ? t('limitCreated') : t('limitUpdated'));
      return true;
    } catch (err) {
      // spec 002 §8: a failed create or update shows the server's message
      notify.apiError(err);
      return false;
    }
  };
  const remove = async (row: TOrderLimit) => {
    try {
      await writes.remove(row.id);
      notify.success(t('limitDeleted'));
    } catch (err) {
      notify.apiError(err);
    }
  };

  return (
    <Flex vertical gap={16}>
      <Flex gap={8} align="center" wrap>
        <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(SHOP_LIST_PATHS[type])}>
          {t('backToList')}
        </Button>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {shop.data ? `${shop.data.businessData.businessName}（${accountId}）` : `#${accountId}`}
        </Typography.Title>
      </Flex>
      <Card
        title={t('limitsTitle')}
        extra={
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setDialog({ id: null, draft: draftOf(ORDER_LIMIT_PAGE_DEFAULTS) })}
          >
            {t('addLimit')}
          </Button>
        }
      >
        <Table<TOrderLimit>
          rowKey="id"
          loading={list.isLoading}
          dataSource={list.data?.orderLimits ?? []}
          pagination={false}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: list.isError ? errorText(list.error) : t('noLimits') }}
          columns={[
            { title: t('colMeal'), key: 'meal', render: (_, r) => mealLabel(r.meal_type) },
            { title: t('colWeekdays'), key: 'days', render: (_, r) => text.days(r.period_session) },
            {
              title: t('colTime'),
              key: 'time',
              render: (_, r) => `${r.time_session.start} – ${r.time_session.end}`,
            },
            { title: t('colSession'), key: 'session', render: (_, r) => text.session(r.session_time) },
            { title: t('colMax'), key: 'max', render: (_, r) => text.orders(r.max_num_of_order) },
            {
              title: t('colActions'),
              key: 'actions',
              render: (_, r) => (
                <Space>
                  <Button icon={<EditOutlined />} onClick={() => setDialog({ id: r.id, draft: draftOf(r) })}>
                    {t('edit')}
                  </Button>
                  <Popconfirm
                    title={t('deleteConfirm')}
                    okText={t('yes')}
                    cancelText={t('no')}
                    onConfirm={() => remove(r)}
                  >
                    <Button danger icon={<DeleteOutlined />}>
                      {t('delete')}
                    </Button>
                  </Popconfirm>
                </Space>
              ),
            },
          ]}
        />
      </Card>
      <OrderLimitDialog
        start={dialog}
        saving={writes.saving}
        limits={list.data?.orderLimits ?? []}
        onSubmit={submit}
        onClose={() => setDialog(null)}
      />
    </Flex>
  );
};

export default OrderLimitsPage;
