import { PlusOutlined } from '@ant-design/icons';
import type { TStation } from '@shopdesk/contract';
import { Alert, Button, Card, Flex, Popconfirm, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../lib/error-text';
import { notify } from '../../../lib/notify';
import { ReceiptModal } from './ReceiptModal';
import { StationItemsModal } from './StationItemsModal';
import { StationModal } from './StationModal';
import { type TStationWrites, useStationClasses, useStationPrinters, useStations } from './station-queries';

type TPopup = { kind: 'station' | 'items' | 'receipt'; station: TStation } | null;

/**
 * The stations table (spec 002 §2.11): adding creates 'new station N' at once (N = count + 1, the server
 * names it) and opens its popup; each row has the station, print-items, receipt and delete popups.
 */
export const StationsCard = ({ accountId, writes }: { accountId: number; writes: TStationWrites }) => {
  const { t } = useTranslation('printerStations');
  const errorText = useErrorText();
  const stations = useStations(accountId);
  const classes = useStationClasses(accountId);
  const printers = useStationPrinters(accountId);
  const [popup, setPopup] = useState<TPopup>(null);
  const [adding, setAdding] = useState(false);
  const classNames = new Map((classes.data?.classes ?? []).map((c) => [c.sku, c.names.zh]));
  const printerNames = new Map((printers.data?.printers ?? []).map((p) => [p.did, p.printerName]));
  const add = async () => {
    setAdding(true);
    try {
      const { station } = await writes.create({});
      notify.success(t('created'));
      setPopup({ kind: 'station', station });
    } catch (err) {
      notify.apiError(err);
    } finally {
      setAdding(false);
    }
  };
  const remove = async (s: TStation) => {
    try {
      await writes.remove(s.stationId);
      notify.success(t('deleted'));
    } catch (err) {
      notify.apiError(err);
    }
  };
  const close = () => setPopup(null);
  return (
    <Card
      title={t('stationsCard')}
      extra={
        <Button type="primary" icon={<PlusOutlined />} loading={adding} onClick={add}>
          {t('addStation')}
        </Button>
      }
    >
      {stations.isError && <Alert type="error" showIcon role="alert" title={errorText(stations.error)} />}
      <Table<TStation>
        rowKey="stationId"
        size="small"
        loading={stations.isLoading}
        dataSource={stations.data?.stations ?? []}
        pagination={false}
        locale={{ emptyText: t('noStations') }}
        onRow={(s) => ({ 'data-testid': `station-row-${s.name}` }) as object}
        columns={[
          { title: t('colName'), dataIndex: 'name' },
          { title: t('colTimes'), dataIndex: 'times', width: 100 },
          {
            title: t('colClasses'),
            key: 'classes',
            render: (_, s) => (
              <Flex wrap gap={4}>
                {s.stationHasClass.map((sku) => (
                  <Tag key={sku} color="blue">
                    {classNames.get(sku) ?? sku}
                  </Tag>
                ))}
              </Flex>
            ),
          },
          {
            title: t('colPrinter'),
            key: 'printers',
            render: (_, s) => s.printerDids.map((d) => printerNames.get(d) ?? d).join('、'),
          },
          {
            title: t('colActions'),
            key: 'actions',
            render: (_, s) => (
              <Flex wrap gap={4}>
                <Button size="small" onClick={() => setPopup({ kind: 'station', station: s })}>
                  {t('edit')}
                </Button>
                <Button size="small" onClick={() => setPopup({ kind: 'items', station: s })}>
                  {t('printItems')}
                </Button>
                <Button size="small" onClick={() => setPopup({ kind: 'receipt', station: s })}>
                  {t('receipt')}
                </Button>
                <Popconfirm
                  title={t('deleteConfirm', { name: s.name })}
                  okText={t('delete')}
                  cancelText={t('cancel')}
                  onConfirm={() => remove(s)}
                >
                  <Button size="small" danger>
                    {t('delete')}
                  </Button>
                </Popconfirm>
              </Flex>
            ),
          },
        ]}
      />
      {popup?.kind === 'station' && <StationModal station={popup.station} writes={writes} onClose={close} />}
      {popup?.kind === 'items' && (
        <StationItemsModal accountId={accountId} station={popup.station} writes={writes} onClose={close} />
      )}
      {popup?.kind === 'receipt' && <ReceiptModal station={popup.station} onClose={close} />}
    </Card>
  );
};
