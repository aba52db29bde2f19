import { EditOutlined, SaveOutlined } from '@ant-design/icons';
import { EINVOICE_LIMITS, formatTaipeiTime, type TInvoiceResponse } from '@shopdesk/contract';
import { Alert, Button, Card, Descriptions, Flex, Input, Space, Switch, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../lib/error-text';
import { notify } from '../../../lib/notify';
import { useShop } from '../../shops/shop-profile/shop-profile-queries';
import { DirtyScope, useDirtyReport } from '../../shops/shop-settings/dirty/dirty-scope';
import { SaveBar } from '../../shops/shop-settings/dirty/SaveBar';
import type { SettingsTabProps } from '../../shops/shop-settings/tab-types';
import { ApplicationDialog } from './ApplicationDialog';
import { useInvoice, useInvoiceWrites } from './einvoice-queries';

type TInvoiceRow = TInvoiceResponse['recent'][number];
const STATUS_COLOR = { issued: 'green', voided: 'default', no_number: 'red', waiting: 'gold' } as const;
const STATUS_TEXT = {
  issued: 'issued',
  voided: 'voided',
  no_number: 'noNumber',
  waiting: 'waiting',
} as const;

const run = async (work: () => Promise<unknown>, ok: string, failTitle: string) => {
  try {
    await work();
    notify.success(ok);
  } catch (err) {
    notify.card('error', failTitle, errorText(err));
  }
};

/**
 * The EInvoice tab (spec 001 §2.7): the invoice panel once a setting exists (master switch, editable title,
 * printer serial and device id with a pen / save toggle, read-only store, tax id and sets left, fetch 10
 * sets, the QC / QP / iDoo auto-issue switches, iDoo disabled); otherwise a note and the 電子發票申請 button,
 * whose popup comes pre-filled with what the shop already has (name, tax id, address). The spec opens the
 * popup by itself; it then covered the tab bar, blank, before the owner had asked (docs/decisions/payments.md).
 */
const InvoicePanel = ({ accountId, userType }: Omit<SettingsTabProps, 'setPending'>) => {
  const { t } = useTranslation('einvoice');
  const data = useInvoice(accountId);
  const writes = useInvoiceWrites(accountId);
  const [applying, setApplying] = useState(false);
  const [title, setTitle] = useState<string | null>(null);
  const [printer, setPrinter] = useState<{ sn: string; did: string } | null>(null);
  // each open edit is one pending field of the tab's save bar: its save is the pen's save, its discard closes it
  const saveWith = (work: () => Promise<unknown>) => async () => {
    try {
      await work();
      notify.success(t('updated'));
      return true;
    } catch (err) {
      notify.card('error', t('settingFailed'), errorText(err));
      return false;
    }
  };
  useDirtyReport(title !== null, {
    save: saveWith(async () => {
      if (title === null) return;
      await writes.setTitle(title);
      setTitle(null);
    }),
    reset: () => setTitle(null),
  });
  useDirtyReport(printer !== null, {
    save: saveWith(async () => {
      if (printer === null) return;
      await writes.setPrinter(printer.sn, printer.did);
      setPrinter(null);
    }),
    reset: () => setPrinter(null),
  });
  const s = data.data?.setting;
  const shop = useShop(userType, accountId).data?.businessData;

  if (data.isLoading) return <Card loading />;
  if (data.isError) return <Alert type="error" showIcon title={errorText(data.error)} />;
  const dialog = (
    <ApplicationDialog
      accountId={accountId}
      open={applying}
      onClose={() => setApplying(false)}
      canPickPrinter={userType === 'gaa'}
      initial={{
        appointedStoreName: shop?.businessName ?? '',
        address: shop?.businessAddress ?? '',
        number: shop?.invoice ?? '',
      }}
    />
  );
  if (!s)
    return (
      <Card size="small" title={t('title')}>
        {dialog}
        <Flex gap={12} align="center">
          <Alert type="info" showIcon title={t('notApplied')} />
          <Button type="primary" onClick={() => setApplying(true)}>
            {t('apply')}
          </Button>
        </Flex>
      </Card>
    );

  return (
    <Flex vertical gap={16}>
      <Card
        size="small"
        title={t('title')}
        extra={
          <Space>
            <span>{t('master')}</span>
            <Switch
              aria-label={t('master')}
              checked={s.isInvoiceEnable}
              onChange={(on) =>
                run(() => writes.setSwitch(on), t(on ? 'switchedOn' : 'switchedOff'), t('updateFailed'))
              }
            />
          </Space>
        }
      >
        <Descriptions size="small" column={{ xs: 1, md: 2 }} bordered>
          <Descriptions.Item label={t('shortName')}>
            {title === null ? (
              <Space>
                <span data-testid="invoice-title">{s.shortName}</span>
                <Button
                  size="small"
                  icon={<EditOutlined />}
                  aria-label={t('shortName')}
                  onClick={() => setTitle(s.shortName)}
                />
              </Space>
            ) : (
              <Space.Compact>
                <Input
                  aria-label={t('shortName')}
                  value={title}
                  maxLength={EINVOICE_LIMITS.title * 2}
                  onChange={(e) => setTitle(e.target.value)}
                />
                <Button
                  icon={<SaveOutlined />}
                  aria-label={t('save')}
                  onClick={() =>
                    run(
                      async () => {
                        await writes.setTitle(title);
                        setTitle(null);
                      },
                      t('updated'),
                      t('settingFailed'),
                    )
                  }
                />
              </Space.Compact>
            )}
          </Descriptions.Item>
          <Descriptions.Item label={t('storeName')}>{s.name}</Descriptions.Item>
          <Descriptions.Item label={t('taxId')}>{s.sellerTaxId}</Descriptions.Item>
          <Descriptions.Item label={t('remaining')}>
            <Space>
              <span data-testid="invoice-sets">{s.count}</span>
              <span>
                （{t('remainingNumbers')} {s.remainingNumbers}）
              </span>
              <Button
                size="small"
                loading={writes.fetching}
                onClick={() => run(() => writes.fetchSets(s.id), t('fetched'), t('updateFailed'))}
              >
                {t('fetch')}
              </Button>
            </Space>
          </Descriptions.Item>
          <Descriptions.Item label={t('printer')} span={2}>
            {printer === null ? (
              <Space>
                <span>
                  {t('printerSn')} {s.printerSn} · {t('printerDid')} {s.printerDid}
                </span>
                <Button
                  size="small"
                  icon={<EditOutlined />}
                  aria-label={t('printer')}
                  onClick={() => setPrinter({ sn: s.printerSn, did: s.printerDid })}
                />
              </Space>
            ) : (
              <Space wrap>
                <Input
                  aria-label={t('printerSn')}
                  value={printer.sn}
                  onChange={(e) => setPrinter({ ...printer, sn: e.target.value })}
                  style={{ width: 140 }}
                />
                <Input
                  aria-label={t('printerDid')}
                  value={printer.did}
                  onChange={(e) => setPrinter({ ...printer, did: e.target.value })}
                  style={{ width: 320 }}
                />
                <Button
                  icon={<SaveOutlined />}
                  aria-label={t('save')}
                  onClick={() =>
                    run(
                      async () => {
                        await writes.setPrinter(printer.sn, printer.did);
                        setPrinter(null);
                      },
                      t('updated'),
                      t('settingFailed'),
                    )
                  }
                />
              </Space>
            )}
          </Descriptions.Item>
          <Descriptions.Item label={t('autoIssue')} span={2}>
            <Space size="large">
              <Space>
                {t('qc')}
                <Switch
                  aria-label={`${t('autoIssue')} ${t('qc')}`}
                  checked={s.is_qc_invoice}
                  onChange={(v) =>
                    run(() => writes.setAuto('is_qc_invoice', v), t('updated'), t('settingFailed'))
                  }
                />
              </Space>
              <Space>
                {t('qp')}
                <Switch
                  aria-label={`${t('autoIssue')} ${t('qp')}`}
                  checked={s.is_qp_invoice}
                  onChange={(v) =>
                    run(() => writes.setAuto('is_qp_invoice', v), t('updated'), t('settingFailed'))
                  }
                />
              </Space>
              <Space>
                {t('idoo')}
                <Switch aria-label={`${t('autoIssue')} ${t('idoo')}`} checked={s.is_co_invoice} disabled />
              </Space>
            </Space>
            <div style={{ color: 'rgba(0,0,0,0.45)', marginTop: 4 }}>{t('autoIssueHint')}</div>
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <Card size="small" title={t('recent')}>
        <Table
          rowKey={(r) => `${r.orderId}`}
          size="small"
          pagination={false}
          dataSource={data.data?.recent ?? []}
          columns={[
            { title: t('colNumber'), dataIndex: 'number', render: (n: string | null) => n ?? '—' },
            { title: t('colOrder'), dataIndex: 'orderId' },
            { title: t('colAmount'), dataIndex: 'amount' },
            {
              title: t('colStatus'),
              dataIndex: 'status',
              render: (v: TInvoiceRow['status']) => <Tag color={STATUS_COLOR[v]}>{t(STATUS_TEXT[v])}</Tag>,
            },
            {
              title: t('colProof'),
              key: 'proof',
              render: (_: unknown, r: TInvoiceRow) =>
                r.proofPrintedAt ? (
                  `${t('proofPrinted')} ${formatTaipeiTime(r.proofPrintedAt).slice(5, 16)}`
                ) : r.carrier && r.status === 'issued' ? (
                  t('proofCarrier')
                ) : r.status === 'waiting' ? (
                  <Button
                    size="small"
                    type="primary"
                    loading={writes.issuing === r.orderId}
                    onClick={() => run(() => writes.issue(r.orderId), t('issuedOk'), t('issueFailed'))}
                  >
                    {t('issueNow')}
                  </Button>
                ) : (
                  '—'
                ),
            },
          ]}
        />
      </Card>
    </Flex>
  );
};

const EInvoiceTab = ({ accountId, userType, setPending }: SettingsTabProps) => (
  <DirtyScope onPendingChange={setPending}>
    <InvoicePanel accountId={accountId} userType={userType} />
    <SaveBar />
  </DirtyScope>
);

export default EInvoiceTab;
