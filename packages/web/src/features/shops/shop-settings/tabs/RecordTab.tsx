import type { TAuditRow } from '@shopdesk/contract';
import { Alert, Flex, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useErrorText } from '../../../../lib/error-text';
import { notify } from '../../../../lib/notify';
import type { SettingsTabProps } from '../tab-types';
import { RecordDiff } from './record/RecordDiff';
import { categoryLabel, recordColumns } from './record/record-columns';
import { type TRecordFilter, useRecords, useRevertRecord } from './record/record-queries';

const PAGE_SIZES = [15, 25, 50];

/** The filter as it sits in the URL: "resource:business" or "action:update" (list state in the URL). */
const readFilter = (text: string | null): TRecordFilter => {
  const [kind, value] = (text ?? '').split(':');
  if (!value) return null;
  if (kind === 'resource') return { kind, value };
  if (kind === 'action' && (value === 'create' || value === 'update' || value === 'delete'))
    return { kind, value };
  return null;
};

/**
 * Record tab (spec 001 §2.8): the shop's audit records, newest first; one filter at a time, shown as a
 * closable tag; each row expands to the old and new value; a gaa may revert a change from its row (ours).
 */
const RecordTab = ({ accountId, userType }: SettingsTabProps) => {
  const { t } = useTranslation('shopSettings');
  const errorText = useErrorText();
  const [search, setSearch] = useSearchParams();
  const filter = readFilter(search.get('rf'));
  const page = Math.max(1, Number(search.get('rp')) || 1);
  const size = PAGE_SIZES.includes(Number(search.get('rs'))) ? Number(search.get('rs')) : PAGE_SIZES[0]!;
  const records = useRecords(accountId, filter, page, size);
  const revert = useRevertRecord(accountId);

  const update = (changes: Record<string, string | null>) =>
    setSearch(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(changes)) v === null ? next.delete(k) : next.set(k, v);
        return next;
      },
      { replace: true },
    );
  const setFilter = (f: TRecordFilter) => update({ rf: f ? `${f.kind}:${f.value}` : null, rp: null });
  const onRevert = (row: TAuditRow) =>
    revert.mutate(
      { params: { id: accountId, recordId: row.id } },
      {
        onSuccess: () => notify.success(t('reverted', { item: row.displayName })),
        onError: (err) => notify.error(errorText(err)),
      },
    );

  if (records.error) return <Alert type="error" showIcon message={errorText(records.error)} />;
  const data = records.data;
  const columns = recordColumns({
    t,
    offset: (page - 1) * size,
    filter,
    resourceCodes: data?.resourceCodes ?? [],
    setFilter,
    onRevert: userType === 'gaa' ? onRevert : undefined,
    reverting: revert.isPending ? Number(revert.variables?.params.recordId) : undefined,
  });
  return (
    <Flex vertical gap={12}>
      {filter && (
        <div>
          <Tag closable onClose={() => setFilter(null)} data-testid="record-filter-tag">
            {filter.kind === 'resource'
              ? t('filterCategory', { value: categoryLabel(t, filter.value) })
              : t('filterAction', { value: t(`action.${filter.value}`) })}
          </Tag>
        </div>
      )}
      <Table<TAuditRow>
        rowKey="id"
        size="middle"
        loading={records.isFetching}
        columns={columns}
        dataSource={data?.records ?? []}
        locale={{ emptyText: t('noRecords') }}
        expandable={{ expandedRowRender: (row) => <RecordDiff row={row} /> }}
        pagination={{
          current: page,
          pageSize: size,
          total: data?.total ?? 0,
          pageSizeOptions: PAGE_SIZES,
          showSizeChanger: true,
          onChange: (p, s) => update({ rp: String(s === size ? p : 1), rs: String(s) }),
        }}
        scroll={{ x: 900 }}
        data-testid="record-table"
      />
    </Flex>
  );
};
export default RecordTab;
