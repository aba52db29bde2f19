import {
  ClearOutlined,
  DeleteOutlined,
  EditOutlined,
  PlusOutlined,
  SaveOutlined,
  UndoOutlined,
} from '@ant-design/icons';
import {
  PRINTER_SERVERS,
  PRINTER_TYPES,
  PRINTER_VOICE_LABELS,
  PRINTER_VOICES,
  PRINTER_VOLUME_LABELS,
  PRINTER_VOLUMES,
  type TPrinter,
} from '@shopdesk/contract';
import { Alert, Button, Card, Input, Popconfirm, Select, Space, Table, Tooltip, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../lib/error-text';
import { notify } from '../../../lib/notify';
import { DirtyScope, useDirtyReport } from '../../shops/shop-settings/dirty/dirty-scope';
import { SaveBar } from '../../shops/shop-settings/dirty/SaveBar';
import type { SettingsTabProps } from '../../shops/shop-settings/tab-types';
import { PrinterState } from './PrinterState';
import { checkDraft, draftOf, newDraft, type TPrinterDraft } from './printer-draft';
import { usePrinterWrites, useShopPrinters } from './printer-queries';

const NEW = 'new';
type TRow = TPrinter | (Omit<TPrinter, 'did'> & { did: typeof NEW });
type TEditing = { did: string; draft: TPrinterDraft };

/**
 * The Printer tab (spec 001 §2.5, §4 "Printer row"): one row in edit at a time (請先儲存編輯中的設定
 * otherwise), save returns to view, cancel restores the saved copy, the new-printer row shows or hides,
 * the secret is stars outside edit. The tab is flagged unsaved while a row is in edit.
 */
const PrinterTable = ({ accountId }: { accountId: number }) => {
  const { t, i18n } = useTranslation('printers');
  const lang = i18n.language === 'en' ? 'en' : 'zh';
  const list = useShopPrinters(accountId);
  const writes = usePrinterWrites(accountId);
  const [editing, setEditing] = useState<TEditing | null>(null);

  const begin = (did: string, draft: TPrinterDraft) => {
    if (editing) return notify.warning(t('editFirst'));
    setEditing({ did, draft });
  };
  const change = (patch: Partial<TPrinterDraft>) =>
    setEditing((e) => (e ? { ...e, draft: { ...e.draft, ...patch } } : e));
  const save = async (): Promise<boolean> => {
    if (!editing) return false;
    const isNew = editing.did === NEW;
    const checked = checkDraft(editing.draft, isNew);
    if (!checked.ok) {
      notify.error(checked.message);
      return false;
    }
    try {
      if (isNew) await writes.create(checked.body);
      else await writes.update(editing.did, checked.body);
      notify.success(t(isNew ? 'created' : 'updated'));
      setEditing(null);
      return true;
    } catch (err) {
      notify.card('error', t(isNew ? 'createFailed' : 'updateFailed'), errorText(err));
      return false;
    }
  };
  // the row in edit is the tab's one pending edit: the save bar saves it as its own button does, or drops it
  useDirtyReport(editing !== null, { save, reset: () => setEditing(null) });
  const act = async (
    run: () => Promise<unknown>,
    ok: 'deleted' | 'purged',
    fail: 'deleteFailed' | 'purgeFailed',
  ) => {
    try {
      await run();
      notify.success(t(ok));
    } catch (err) {
      notify.card('error', t(fail), errorText(err));
    }
  };

  const rows: TRow[] = list.data?.printers ?? [];
  const shown: TRow[] =
    editing?.did === NEW
      ? [
          ...rows,
          {
            ...(rows[0] ?? ({} as TPrinter)),
            did: NEW,
            state: 'unknown',
            is_online: false,
            queueLength: 0,
            lastPrintAt: null,
            stateAt: null,
            accountId,
            ...editing.draft,
          },
        ]
      : rows;
  const inEdit = (r: TRow) => editing?.did === r.did;
  const cell = (r: TRow, edit: () => ReactNode, view: ReactNode) => (inEdit(r) && editing ? edit() : view);
  const d = editing?.draft;

  return (
    <Card
      size="small"
      title={t('title')}
      role="region"
      aria-label={t('title')}
      extra={
        editing?.did === NEW ? (
          <Button icon={<UndoOutlined />} onClick={() => setEditing(null)}>
            {t('hideNew')}
          </Button>
        ) : (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => begin(NEW, newDraft())}>
            {t('add')}
          </Button>
        )
      }
    >
      {list.error && <Alert type="error" showIcon title={t('loadFailed', { id: accountId })} />}
      <Table<TRow>
        rowKey="did"
        size="small"
        loading={list.isLoading}
        dataSource={shown}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('empty') }}
        onRow={(r) => ({ 'data-testid': `printer-row-${r.did === NEW ? NEW : r.sn}` }) as object}
        columns={[
          { title: t('colState'), key: 'state', render: (_, r) => <PrinterState state={r.state} /> },
          {
            title: t('colId'),
            key: 'id',
            render: (_, r) =>
              r.did === NEW ? (
                '—'
              ) : (
                <Typography.Text copyable={{ text: r.did }}>{r.did.slice(0, 8)}</Typography.Text>
              ),
          },
          {
            title: t('colType'),
            key: 'type',
            render: (_, r) =>
              cell(
                r,
                () => (
                  <Select
                    aria-label={t('colType')}
                    value={d!.printer_type}
                    onChange={(v) => change({ printer_type: v })}
                    options={PRINTER_TYPES.map((v) => ({ value: v, label: v }))}
                    style={{ width: 90 }}
                  />
                ),
                r.printer_type,
              ),
          },
          {
            title: t('colName'),
            key: 'name',
            render: (_, r) =>
              cell(
                r,
                () => (
                  <Input
                    aria-label={t('colName')}
                    value={d!.name}
                    onChange={(e) => change({ name: e.target.value })}
                  />
                ),
                r.name,
              ),
          },
          {
            title: t('colSn'),
            key: 'sn',
            render: (_, r) =>
              cell(
                r,
                () => (
                  <Input
                    aria-label={t('colSn')}
                    value={d!.sn}
                    onChange={(e) => change({ sn: e.target.value })}
                  />
                ),
                r.sn,
              ),
          },
          {
            title: t('colSecret'),
            key: 'secret',
            render: (_, r) =>
              cell(
                r,
                () => (
                  <Input.Password
                    aria-label={t('colSecret')}
                    value={d!.secret}
                    placeholder={r.did === NEW ? '' : t('secretKeep')}
                    onChange={(e) => change({ secret: e.target.value })}
                    autoComplete="new-password"
                  />
                ),
                <span title={t('colSecret')}>******</span>,
              ),
          },
          {
            title: t('colServer'),
            key: 'server',
            render: (_, r) =>
              cell(
                r,
                () => (
                  <Select
                    aria-label={t('colServer')}
                    value={d!.server}
                    onChange={(v) => change({ server: v })}
                    options={PRINTER_SERVERS.map((v) => ({ value: v, label: v }))}
                    style={{ width: 80 }}
                  />
                ),
                r.server,
              ),
          },
          {
            title: t('colVoice'),
            key: 'voice',
            render: (_, r) =>
              cell(
                r,
                () => (
                  <Select
                    aria-label={t('colVoice')}
                    value={d!.voice_id}
                    onChange={(v) => change({ voice_id: v })}
                    options={PRINTER_VOICES.map((v) => ({ value: v, label: PRINTER_VOICE_LABELS[v][lang] }))}
                    style={{ width: 100 }}
                  />
                ),
                PRINTER_VOICE_LABELS[r.voice_id][lang],
              ),
          },
          {
            title: t('colVolume'),
            key: 'volume',
            render: (_, r) =>
              cell(
                r,
                () => (
                  <Select
                    aria-label={t('colVolume')}
                    value={d!.volume}
                    onChange={(v) => change({ volume: v })}
                    options={PRINTER_VOLUMES.map((v) => ({
                      value: v,
                      label: PRINTER_VOLUME_LABELS[v][lang],
                    }))}
                    style={{ width: 100 }}
                  />
                ),
                PRINTER_VOLUME_LABELS[r.volume][lang],
              ),
          },
          {
            title: t('colActions'),
            key: 'actions',
            render: (_, r) =>
              inEdit(r) ? (
                <Space>
                  <Tooltip title={t('save')}>
                    <Button
                      type="primary"
                      icon={<SaveOutlined />}
                      loading={writes.saving}
                      onClick={save}
                      aria-label={t('save')}
                    />
                  </Tooltip>
                  <Tooltip title={t('cancel')}>
                    <Button
                      icon={<UndoOutlined />}
                      onClick={() => setEditing(null)}
                      aria-label={t('cancel')}
                    />
                  </Tooltip>
                </Space>
              ) : (
                <Space>
                  <Tooltip title={t('edit')}>
                    <Button
                      icon={<EditOutlined />}
                      onClick={() => begin(r.did, draftOf(r as TPrinter))}
                      aria-label={t('edit')}
                    />
                  </Tooltip>
                  <Popconfirm
                    title={t('purgeConfirm')}
                    okText={t('yes')}
                    cancelText={t('no')}
                    onConfirm={() => act(() => writes.purge(r.did), 'purged', 'purgeFailed')}
                  >
                    <Tooltip title={t('purge')}>
                      <Button icon={<ClearOutlined />} aria-label={t('purge')} />
                    </Tooltip>
                  </Popconfirm>
                  <Popconfirm
                    title={t('deleteConfirm')}
                    okText={t('yes')}
                    cancelText={t('no')}
                    onConfirm={() => act(() => writes.remove(r.did), 'deleted', 'deleteFailed')}
                  >
                    <Tooltip title={t('delete')}>
                      <Button danger icon={<DeleteOutlined />} aria-label={t('delete')} />
                    </Tooltip>
                  </Popconfirm>
                </Space>
              ),
          },
        ]}
      />
    </Card>
  );
};

const PrinterTab = ({ accountId, setPending }: SettingsTabProps) => (
  <DirtyScope onPendingChange={setPending}>
    <PrinterTable accountId={accountId} />
    <SaveBar />
  </DirtyScope>
);

export default PrinterTab;
