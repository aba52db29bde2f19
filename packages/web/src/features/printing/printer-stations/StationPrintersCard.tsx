import { SyncOutlined } from '@ant-design/icons';
import type { TStationPrinter } from '@shopdesk/contract';
import { Alert, Button, Card, Checkbox, Select, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../lib/error-text';
import { notify } from '../../../lib/notify';
import { PrinterState } from '../printers/PrinterState';
import { type TStationWrites, useStationPrinters, useStations } from './station-queries';

/**
 * The printers card (spec 002 §2.11): each printer of the shop with the stations it prints for and whether
 * it prints the whole order (origin printer). Sync (§4) registers the printers with the printer service
 * again and reads them back: 同步成功！ or 同步失敗 (§8).
 */
export const StationPrintersCard = ({ accountId, writes }: { accountId: number; writes: TStationWrites }) => {
  const { t } = useTranslation('printerStations');
  const errorText = useErrorText();
  const printers = useStationPrinters(accountId);
  const stations = useStations(accountId);
  const rows = printers.data?.printers ?? [];
  const origins = rows.filter((p) => p.isOrigin).map((p) => p.did);
  const run = async (call: () => Promise<unknown>) => {
    try {
      await call();
    } catch (err) {
      notify.apiError(err);
    }
  };
  const sync = async () => {
    try {
      await writes.sync();
      notify.success(t('synced'));
    } catch {
      notify.error(t('syncFailed'));
    }
    await printers.refetch();
  };
  return (
    <Card
      title={t('printersCard')}
      extra={
        <Button icon={<SyncOutlined />} loading={writes.syncing} onClick={sync} disabled={rows.length === 0}>
          {t('sync')}
        </Button>
      }
    >
      {printers.isError && <Alert type="error" showIcon role="alert" title={errorText(printers.error)} />}
      <Table<TStationPrinter>
        rowKey="did"
        size="small"
        loading={printers.isLoading}
        dataSource={rows}
        pagination={false}
        locale={{ emptyText: t('noPrinters') }}
        onRow={(p) => ({ 'data-testid': `station-printer-${p.printerName}` }) as object}
        columns={[
          { title: t('colPrinter'), dataIndex: 'printerName' },
          {
            title: t('colModel'),
            key: 'model',
            render: (_, p) => (
              <>
                {p.model} <Tag>{p.type === 'label' ? t('labelPrinter') : t('receiptPrinter')}</Tag>
              </>
            ),
          },
          { title: t('colState'), key: 'state', render: (_, p) => <PrinterState state={p.state} /> },
          {
            title: t('colStations'),
            key: 'stations',
            render: (_, p) => (
              <Select<number[]>
                mode="multiple"
                aria-label={`${t('colStations')} ${p.printerName}`}
                style={{ minWidth: 240 }}
                value={p.stations.map((s) => s.stationId)}
                options={(stations.data?.stations ?? []).map((s) => ({ value: s.stationId, label: s.name }))}
                onChange={(ids) => run(() => writes.assign(p.did, ids))}
              />
            ),
          },
          {
            title: t('colOrigin'),
            key: 'origin',
            render: (_, p) => (
              <Checkbox
                aria-label={`${t('colOrigin')} ${p.printerName}`}
                checked={p.isOrigin}
                onChange={(e) =>
                  run(() =>
                    writes.setOrigins(
                      e.target.checked ? [...origins, p.did] : origins.filter((d) => d !== p.did),
                    ),
                  )
                }
              />
            ),
          },
        ]}
      />
    </Card>
  );
};
