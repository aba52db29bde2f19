import { ReloadOutlined } from '@ant-design/icons';
import { PRINTER_STATES, type TPrinterListRow } from '@shopdesk/contract';
import { Alert, Button, Card, Flex, Select, Table, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ShopSelect } from '../../../components/ShopSelect';
import { useErrorText } from '../../../lib/error-text';
import { PrinterState } from './PrinterState';
import { useAllPrinters } from './printer-queries';

const PAGE = 20;
const STATE_KEYS = {
  online: 'stateOnline',
  offline: 'stateOffline',
  paper_out: 'statePaperOut',
  unknown: 'stateUnknown',
} as const;

const formatTime = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString('sv-SE', { timeZone: 'Asia/Taipei' }).slice(0, 16) : '—';

/**
 * /printers/list (spec 000 §2): every shop's printers for gaa with their state, last print and queue
 * length, filtered by shop and state (kept in the URL). The refresh button asks the printer service.
 */
const PrinterListPage = () => {
  const { t } = useTranslation('printers');
  const errorText = useErrorText();
  const [search, setSearch] = useSearchParams();
  const offset = Number(search.get('offset') ?? 0) || 0;
  const accountId = Number(search.get('shop_id')) || undefined;
  const state = search.get('state') ?? undefined;
  const [refresh, setRefresh] = useState(false);
  const list = useAllPrinters({ offset, limit: PAGE, accountId, state }, refresh);
  const set = (patch: Record<string, string | undefined>) =>
    setSearch((prev) => {
      const next = new URLSearchParams(prev);
      for (const [k, v] of Object.entries({ ...patch, offset: patch.offset })) {
        if (v === undefined || v === '') next.delete(k);
        else next.set(k, v);
      }
      return next;
    });

  return (
    <Card title={t('listTitle')}>
      <Flex wrap gap={12} align="center" style={{ marginBottom: 12 }}>
        <ShopSelect
          type="gaa"
          value={accountId}
          valueLabel={search.get('shop_name') ?? undefined}
          onChange={(id, shop) => set({ shop_id: id ? String(id) : undefined, shop_name: shop?.name })}
          placeholder={t('filterShop')}
        />
        <Select
          aria-label={t('filterState')}
          allowClear
          placeholder={t('allStates')}
          style={{ width: 160 }}
          value={state}
          onChange={(v) => set({ state: v })}
          options={PRINTER_STATES.map((s) => ({ value: s, label: t(STATE_KEYS[s]) }))}
        />
        <Tooltip title={t('refresh')}>
          <Button
            icon={<ReloadOutlined />}
            aria-label={t('refresh')}
            loading={refresh && list.isFetching}
            onClick={async () => {
              setRefresh(true);
              await list.refetch();
              setRefresh(false);
            }}
          />
        </Tooltip>
        {list.data && <span>{t('total', { total: list.data.total })}</span>}
      </Flex>
      {list.isError && <Alert type="error" showIcon role="alert" title={errorText(list.error)} />}
      <Table<TPrinterListRow>
        rowKey="did"
        size="small"
        loading={list.isLoading}
        dataSource={list.data?.rows ?? []}
        scroll={{ x: 'max-content' }}
        pagination={{
          current: Math.floor(offset / PAGE) + 1,
          pageSize: PAGE,
          total: list.data?.total ?? 0,
          showSizeChanger: false,
          onChange: (page) => set({ offset: String((page - 1) * PAGE) }),
        }}
        columns={[
          { title: t('colShop'), key: 'shop', render: (_, r) => `${r.shopName}（#${r.accountId}）` },
          { title: t('colName'), dataIndex: 'name' },
          { title: t('colType'), dataIndex: 'printer_type' },
          { title: t('colSn'), dataIndex: 'sn' },
          { title: t('colServer'), dataIndex: 'server' },
          { title: t('colState'), key: 'state', render: (_, r) => <PrinterState state={r.state} /> },
          { title: t('colQueue'), dataIndex: 'queueLength' },
          { title: t('colLastPrint'), key: 'last', render: (_, r) => formatTime(r.lastPrintAt) },
        ]}
      />
    </Card>
  );
};

export default PrinterListPage;
