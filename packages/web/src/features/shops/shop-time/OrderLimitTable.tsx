import { DeleteOutlined, EditOutlined, PlusOutlined, SaveOutlined, UndoOutlined } from '@ant-design/icons';
import type { TOrderLimit, TShopPortal } from '@shopdesk/contract';
import { Button, Card, Flex, Popconfirm, Space, Table, Tooltip } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify';
import { useDirtyReport } from '../shop-settings/dirty/dirty-scope';
import { LimitCreateForm } from './LimitCreateForm';
import { useLimitText } from './limit-text';
import {
  MaxInput,
  MealTypeInput,
  SessionInput,
  TimeRangeInput,
  useMealLabel,
  WeekdaysInput,
} from './OrderLimitFields';
import { checkDraft, draftOf, type TLimitDraft, type TLimitErrors } from './order-limit-form';
import { useOrderLimits, useOrderLimitWrites } from './order-limit-queries';

type TEditing = { id: number; draft: TLimitDraft; errors: TLimitErrors };

/**
 * The Time tab's order-limit table (spec 001 §4, 002 §2 screen 8): rows switch to edit in place, one at a
 * time ('請先儲存編輯中的設定' otherwise); abandoning an edit drops the draft, so the row shows its saved
 * copy again. The creation form below can be shown or hidden and starts from the defaults each time.
 */
export const OrderLimitTable = ({ type, accountId }: { type: TShopPortal; accountId: number }) => {
  const { t, i18n } = useTranslation('shopTime');
  const list = useOrderLimits(type, accountId);
  const writes = useOrderLimitWrites(type, accountId);
  const mealLabel = useMealLabel();
  const text = useLimitText();
  const [editing, setEditing] = useState<TEditing | null>(null);
  const [creating, setCreating] = useState(false);
  useDirtyReport(editing !== null);

  const startEdit = (row: TOrderLimit) => {
    if (editing) return notify.warning(t('editFirst'));
    setEditing({ id: row.id, draft: draftOf(row), errors: {} });
  };
  const change = (draft: TLimitDraft) => setEditing((e) => (e ? { ...e, draft, errors: {} } : e));
  const save = async () => {
    if (!editing) return;
    const checked = checkDraft(editing.draft, i18n.language, {
      limits: list.data?.orderLimits ?? [],
      exceptId: editing.id,
    });
    if (!checked.ok) return setEditing({ ...editing, errors: checked.errors });
    try {
      await writes.update(editing.id, checked.data);
      notify.success(t('limitUpdated'));
      setEditing(null);
    } catch (err) {
      notify.apiError(err);
    }
  };
  const remove = async (row: TOrderLimit) => {
    try {
      await writes.remove(row.id);
      notify.success(t('limitDeleted'));
      if (editing?.id === row.id) setEditing(null);
    } catch (err) {
      notify.apiError(err);
    }
  };

  const isEditing = (row: TOrderLimit) => editing?.id === row.id;
  const field = (row: TOrderLimit, Input: typeof MealTypeInput, shown: ReactNode) =>
    isEditing(row) && editing ? (
      <Input draft={editing.draft} errors={editing.errors} onChange={change} />
    ) : (
      shown
    );

  return (
    <Card title={t('limitsTitle')} size="small" role="region" aria-label={t('limitsTitle')}>
      <Table<TOrderLimit>
        rowKey="id"
        size="small"
        loading={list.isLoading}
        dataSource={list.data?.orderLimits ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('noLimits') }}
        columns={[
          {
            title: t('colMeal'),
            key: 'meal',
            render: (_, r) => field(r, MealTypeInput, mealLabel(r.meal_type)),
          },
          {
            title: t('colWeekdays'),
            key: 'days',
            render: (_, r) => field(r, WeekdaysInput, text.days(r.period_session)),
          },
          {
            title: t('colTime'),
            key: 'time',
            render: (_, r) => field(r, TimeRangeInput, `${r.time_session.start} – ${r.time_session.end}`),
          },
          {
            title: t('colSession'),
            key: 'session',
            render: (_, r) => field(r, SessionInput, text.session(r.session_time)),
          },
          {
            title: t('colMax'),
            key: 'max',
            render: (_, r) => field(r, MaxInput, text.orders(r.max_num_of_order)),
          },
          {
            title: t('colActions'),
            key: 'actions',
            // kept in sight while a widened row is edited
            fixed: 'right',
            render: (_, r) =>
              isEditing(r) ? (
                <Space>
                  <Tooltip title={t('save')}>
                    <Button
                      type="primary"
                      icon={<SaveOutlined />}
                      onClick={save}
                      loading={writes.saving}
                      aria-label={t('save')}
                    />
                  </Tooltip>
                  <Tooltip title={t('discard')}>
                    <Button
                      icon={<UndoOutlined />}
                      onClick={() => setEditing(null)}
                      aria-label={t('discard')}
                    />
                  </Tooltip>
                </Space>
              ) : (
                <Space>
                  <Tooltip title={t('edit')}>
                    <Button icon={<EditOutlined />} onClick={() => startEdit(r)} aria-label={t('edit')} />
                  </Tooltip>
                  <Popconfirm
                    title={t('deleteConfirm')}
                    okText={t('yes')}
                    cancelText={t('no')}
                    onConfirm={() => remove(r)}
                  >
                    <Button danger icon={<DeleteOutlined />} aria-label={t('delete')} />
                  </Popconfirm>
                </Space>
              ),
          },
        ]}
      />
      <Flex vertical gap={12} style={{ marginTop: 12 }}>
        {creating ? (
          <LimitCreateForm type={type} accountId={accountId} onClose={() => setCreating(false)} />
        ) : (
          <Button
            icon={<PlusOutlined />}
            onClick={() => setCreating(true)}
            style={{ alignSelf: 'flex-start' }}
          >
            {t('addLimit')}
          </Button>
        )}
      </Flex>
    </Card>
  );
};
