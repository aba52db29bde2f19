import { DeleteOutlined, EditOutlined, PlusOutlined, SaveOutlined, UndoOutlined } from '@ant-design/icons';
import { compactToColon, isAllOpen, makePeriod, type TOpeningPeriod } from '@shopdesk/contract';
import { Button, Popconfirm, Space, Table, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify';
import { useDirtyReport } from '../shop-settings/dirty/dirty-scope';
import { draftTimes, TimesCell, type TPeriodDraft, WeekdayCell } from './PeriodRowEditor';

/** index = the row edited; -1 = a new row at the end. */
type TEditing = { index: number; draft: TPeriodDraft };
type TRow = { key: string; period: TOpeningPeriod | null; index: number };

const NEW_DRAFT: TPeriodDraft = { openDay: 1, openTime: '1100', closeTime: '2100', allOpen: false };
const draftOf = (p: TOpeningPeriod): TPeriodDraft => ({
  openDay: p.openDay,
  openTime: p.openTime,
  closeTime: p.closeTime,
  allOpen: isAllOpen(p),
});

/**
 * One service-period table (spec 001 §2.3, §4): rows toggle between display and edit (edit, save, discard,
 * delete), one row at a time. Saving a row saves the whole list through `onSave` (the server checks it).
 */
export const PeriodTable = ({
  periods,
  onSave,
  label,
}: {
  periods: readonly TOpeningPeriod[];
  onSave: (next: TOpeningPeriod[]) => Promise<boolean>;
  label: string;
}) => {
  const { t } = useTranslation('shopTime');
  const [editing, setEditing] = useState<TEditing | null>(null);
  const [saving, setSaving] = useState(false);
  useDirtyReport(editing !== null);

  const begin = (index: number, draft: TPeriodDraft) => {
    if (editing) return notify.warning(t('editFirst'));
    setEditing({ index, draft });
  };
  const commit = async (next: TOpeningPeriod[]) => {
    setSaving(true);
    const ok = await onSave(next);
    setSaving(false);
    if (ok) setEditing(null);
  };
  const save = () => {
    if (!editing) return;
    const { openTime, closeTime } = draftTimes(editing.draft);
    if (!openTime || !closeTime) return notify.warning(t('pickTimes'));
    const period = makePeriod(editing.draft.openDay, openTime, closeTime);
    const next = [...periods];
    if (editing.index < 0) next.push(period);
    else next[editing.index] = period;
    void commit(next);
  };

  const rows: TRow[] = periods.map((period, index) => ({ key: `p${index}`, period, index }));
  if (editing?.index === -1) rows.push({ key: 'new', period: null, index: -1 });
  const editingRow = (r: TRow) => editing?.index === r.index;
  const setDraft = (draft: TPeriodDraft) => setEditing((e) => (e ? { ...e, draft } : e));

  const shownTimes = (p: TOpeningPeriod) =>
    isAllOpen(p)
      ? t('allOpen')
      : `${compactToColon(p.openTime)} – ${compactToColon(p.closeTime)}${p.closeDay !== p.openDay ? t('nextDay') : ''}`;

  return (
    <>
      <Table<TRow>
        aria-label={label}
        rowKey="key"
        size="small"
        pagination={false}
        dataSource={rows}
        locale={{ emptyText: t('noPeriods') }}
        columns={[
          {
            title: t('colDay'),
            key: 'day',
            width: 130,
            render: (_, r) =>
              editingRow(r) && editing ? (
                <WeekdayCell draft={editing.draft} onChange={setDraft} />
              ) : (
                t(`weekday${r.period!.openDay as 0 | 1 | 2 | 3 | 4 | 5 | 6}`)
              ),
          },
          {
            title: `${t('colOpen')} – ${t('colClose')}`,
            key: 'times',
            render: (_, r) =>
              editingRow(r) && editing ? (
                <TimesCell draft={editing.draft} onChange={setDraft} />
              ) : (
                shownTimes(r.period!)
              ),
          },
          {
            title: t('colActions'),
            key: 'actions',
            width: 120,
            render: (_, r) =>
              editingRow(r) ? (
                <Space>
                  <Tooltip title={t('save')}>
                    <Button
                      type="primary"
                      icon={<SaveOutlined />}
                      onClick={save}
                      loading={saving}
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
                    <Button
                      icon={<EditOutlined />}
                      onClick={() => begin(r.index, draftOf(r.period!))}
                      aria-label={t('edit')}
                    />
                  </Tooltip>
                  <Popconfirm
                    title={t('deleteConfirm')}
                    okText={t('yes')}
                    cancelText={t('no')}
                    onConfirm={() => commit(periods.filter((_, i) => i !== r.index))}
                  >
                    <Button
                      danger
                      icon={<DeleteOutlined />}
                      aria-label={t('delete')}
                      disabled={editing !== null}
                    />
                  </Popconfirm>
                </Space>
              ),
          },
        ]}
      />
      <Button icon={<PlusOutlined />} onClick={() => begin(-1, NEW_DRAFT)} style={{ marginTop: 8 }}>
        {t('addPeriod')}
      </Button>
    </>
  );
};
