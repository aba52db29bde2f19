import { LINE_JOB_STATUSES, lineDeliveriesOp, REPORT_TIME_ZONE, type TDeliveryRow } from '@shopdesk/contract';
import { keepPreviousData } from '@tanstack/react-query';
import { Alert, Button, Flex, InputNumber, Select, Table, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useApiQuery } from '../../../lib/api-query';
import { useErrorText } from '../../../lib/error-text';

const PAGE_SIZES = [15, 25, 50];
type TStatus = (typeof LINE_JOB_STATUSES)[number];
const STATUS_COLOR: Record<TStatus, string> = {
  pending: 'gold',
  running: 'blue',
  done: 'green',
  dead: 'red',
};

const positive = (raw: string | null, fallback?: number) => {
  const n = Number(raw);
  return raw && Number.isInteger(n) && n > 0 ? n : fallback;
};
const time = (v: string | null) => (v ? dayjs(v).tz(REPORT_TIME_ZONE).format('YYYY-MM-DD HH:mm:ss') : '—');

/**
 * /other/line-deliveries (gaa, hidden "other tools" menu; ours, docs/decisions/chat.md ): the recent
 * LINE pushes and webhook events of the durable outbox, newest first: shop, what, state, attempts, last
 * error. Filters (shop id, state), page and size live in the URL.
 */
const DeliveriesPage = () => {
  const { t } = useTranslation('line');
  const errorText = useErrorText();
  const [search, setSearch] = useSearchParams();
  const page = positive(search.get('page'), 1)!;
  const size = PAGE_SIZES.includes(Number(search.get('size'))) ? Number(search.get('size')) : PAGE_SIZES[0]!;
  const accountId = positive(search.get('accountId'));
  const rawStatus = search.get('status');
  const status = (LINE_JOB_STATUSES as readonly string[]).includes(rawStatus ?? '')
    ? (rawStatus as TStatus)
    : undefined;
  const query = { offset: (page - 1) * size, limit: size, accountId, status };
  const log = useApiQuery(
    lineDeliveriesOp,
    { query },
    { queryKey: ['line-deliveries', query], placeholderData: keepPreviousData, staleTime: 0 },
  );
  const set = (next: Record<string, string | number | undefined>) => {
    const merged: Record<string, string> = {};
    const all = { accountId, status, size, page: 1, ...next };
    for (const [k, v] of Object.entries(all)) if (v !== undefined && String(v) !== '') merged[k] = String(v);
    setSearch(merged);
  };

  return (
    <Flex vertical gap={16}>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t('logHint')}
      </Typography.Paragraph>
      <Flex gap={8} wrap align="center">
        <InputNumber
          id="delivery_accountId"
          min={1}
          placeholder={t('logShopId')}
          value={accountId ?? null}
          style={{ width: 140 }}
          onChange={(v) => set({ accountId: v ?? undefined })}
        />
        <Select<TStatus | ''>
          id="delivery_status"
          style={{ width: 160 }}
          value={status ?? ''}
          onChange={(v) => set({ status: v || undefined })}
          options={[
            { value: '', label: t('logAllStatus') },
            ...LINE_JOB_STATUSES.map((s) => ({ value: s, label: t(`st_${s}`) })),
          ]}
        />
        <Button onClick={() => void log.refetch()}>{t('logRefresh')}</Button>
      </Flex>
      {log.isError ? <Alert type="error" showIcon title={errorText(log.error)} /> : null}
      <Table<TDeliveryRow>
        rowKey="id"
        loading={log.isFetching}
        dataSource={log.data?.rows ?? []}
        locale={{ emptyText: t('logEmpty') }}
        scroll={{ x: 1100 }}
        pagination={{
          current: page,
          pageSize: size,
          total: log.data?.total ?? 0,
          pageSizeOptions: PAGE_SIZES,
          showSizeChanger: true,
          showTotal: (total) => t('logTotal', { total }),
          onChange: (nextPage, nextSize) => set({ page: nextSize !== size ? 1 : nextPage, size: nextSize }),
        }}
        columns={[
          { title: t('colTime'), dataIndex: 'createdAt', width: 180, render: time },
          { title: t('colShop'), dataIndex: 'accountId', width: 80, render: (v: number | null) => v ?? '—' },
          {
            title: t('colKind'),
            dataIndex: 'kind',
            width: 120,
            render: (k: string) =>
              k === 'line.push' ? t('kind_push') : k === 'line.event' ? t('kind_event') : k,
          },
          {
            title: t('colSummary'),
            dataIndex: 'summary',
            render: (s: string) => <Typography.Text ellipsis={{ tooltip: s }}>{s}</Typography.Text>,
          },
          {
            title: t('colStatus'),
            dataIndex: 'status',
            width: 100,
            render: (s: string) => (
              <Tag color={STATUS_COLOR[s as TStatus] ?? 'default'}>
                {(LINE_JOB_STATUSES as readonly string[]).includes(s) ? t(`st_${s as TStatus}`) : s}
              </Tag>
            ),
          },
          { title: t('colAttempts'), dataIndex: 'attempts', width: 90, align: 'right' },
          {
            title: t('colError'),
            dataIndex: 'lastError',
            width: 280,
            render: (e: string | null) =>
              e ? (
                <Typography.Text type="danger" ellipsis={{ tooltip: e }} style={{ maxWidth: 260 }}>
                  {e}
                </Typography.Text>
              ) : (
                '—'
              ),
          },
        ]}
      />
    </Flex>
  );
};

export default DeliveriesPage;
