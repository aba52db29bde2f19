import {
  REGISTRATION_STATUS_LABELS,
  REGISTRATION_STATUSES,
  REPORT_TIME_ZONE,
  type TRegistration,
  type TRegistrationStatus,
  ZRegistrationStatus,
} from '@shopdesk/contract';
import { Alert, Flex, Input, Segmented, Table } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useErrorText } from '../../../lib/error-text';
import { useMessageText } from '../../../lib/message-text';
import { useReportList } from '../../reports/platform-reports/report-kit';
import { useRegistrations } from './registration-queries';
import { StatusTag } from './StatusTag';

/** /registrations (gaa): the applications, newest first, by status (with counts) and search, paged. */
const RegistrationsPage = () => {
  const { t } = useTranslation('registrations');
  const say = useMessageText();
  const errorText = useErrorText();
  const { list, draft, setDraft } = useReportList(['q', 'status'] as const);
  const parsed = ZRegistrationStatus.safeParse(list.filters.status);
  const status: TRegistrationStatus | undefined = parsed.success ? parsed.data : undefined;
  const query = {
    status,
    q: list.filters.q || undefined,
    offset: (list.page - 1) * list.size,
    limit: list.size,
  };
  const regs = useRegistrations(query);
  const counts = regs.data?.counts;
  const all = counts ? Object.values(counts).reduce((a, b) => a + b, 0) : undefined;

  return (
    <Flex vertical gap={16}>
      <Flex gap={12} wrap align="center">
        <Segmented
          value={status ?? 'all'}
          onChange={(v) => list.update({ filters: { status: v === 'all' ? '' : String(v) } })}
          options={[
            { value: 'all', label: `${t('filterAll')}${all === undefined ? '' : ` (${all})`}` },
            ...REGISTRATION_STATUSES.map((s) => ({
              value: s,
              label: `${say(REGISTRATION_STATUS_LABELS[s])}${counts ? ` (${counts[s]})` : ''}`,
            })),
          ]}
        />
        <Input.Search
          allowClear
          style={{ maxWidth: 340 }}
          placeholder={t('search')}
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          onSearch={(v) => list.update({ filters: { q: v } })}
        />
      </Flex>
      {regs.isError ? <Alert type="error" showIcon role="alert" title={errorText(regs.error)} /> : null}
      <Table<TRegistration>
        rowKey="id"
        data-testid="registrations"
        loading={regs.isFetching}
        dataSource={regs.data?.rows ?? []}
        locale={{ emptyText: t('empty') }}
        scroll={{ x: 900 }}
        {...list.table(regs.data?.total ?? 0, (total) => t('total', { total }))}
        columns={[
          { key: 'id', title: t('id'), dataIndex: 'id', width: 80 },
          {
            key: 'created',
            title: t('createdAt'),
            width: 160,
            render: (_, r) => dayjs(r.createdAt).tz(REPORT_TIME_ZONE).format('YYYY-MM-DD HH:mm'),
          },
          {
            key: 'shop',
            title: t('shopName'),
            render: (_, r) => <Link to={`/registrations/${r.id}`}>{r.shopName}</Link>,
          },
          { key: 'contact', title: t('contact'), render: (_, r) => `${r.contactName} · ${r.phone}` },
          { key: 'plan', title: t('plan'), dataIndex: 'planName', width: 120 },
          { key: 'si', title: t('si'), width: 120, render: (_, r) => r.siName ?? '—' },
          {
            key: 'status',
            title: t('status'),
            width: 100,
            render: (_, r) => <StatusTag status={r.status} />,
          },
        ]}
      />
    </Flex>
  );
};

export default RegistrationsPage;
