import { DownloadOutlined } from '@ant-design/icons';
import { checkSalesRange, type TDateRefusal, type TExportFormat, type TShopPortal } from '@shopdesk/contract';
import { Button, DatePicker, Form, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ShopSelect } from '../../../components/ShopSelect';
import { useErrorText } from '../../../lib/error-text';
import { notify } from '../../../lib/notify';
import { taipeiToday } from '../../../lib/taipei-date';
import { textOf } from './sales-queries';

export type TRange = { from: string; to: string };

/** The range picker of a sales page; a broken date rule shows its spec text under the field. */
export const RangeField = (props: {
  value: TRange;
  onChange: (range: TRange) => void;
  refusal: TDateRefusal | null;
}) => {
  const { t, i18n } = useTranslation('sales');
  const today = taipeiToday();
  const { from, to } = props.value;
  // A new array on every render would reset a start the user has typed but not yet confirmed.
  const value = useMemo(() => [dayjs(from), dayjs(to)] as [Dayjs, Dayjs], [from, to]);
  return (
    <Form.Item
      label={t('range')}
      validateStatus={props.refusal ? 'error' : undefined}
      help={props.refusal ? textOf(props.refusal.message, i18n.language) : undefined}
      data-testid="sales-range"
    >
      <DatePicker.RangePicker
        allowClear={false}
        value={value}
        // spec 000 §5: no start after today; the 31-day limit is checked with the shared rule on search
        disabledDate={(d: Dayjs) => d.isAfter(today, 'day')}
        onChange={(v) => {
          if (v?.[0] && v[1])
            props.onChange({ from: v[0].format('YYYY-MM-DD'), to: v[1].format('YYYY-MM-DD') });
        }}
      />
    </Form.Item>
  );
};

/** The shop filter: the shared shop select (the caller's shops, searchable); the URL keeps id and name. */
export const ShopField = (props: {
  type: TShopPortal;
  value: { id: string; name: string };
  onChange: (shop: { id: string; name: string }) => void;
}) => {
  const { t } = useTranslation('sales');
  return (
    <Form.Item label={t('shop')} data-testid="sales-shop">
      <ShopSelect
        type={props.type}
        width={220}
        value={props.value.id ? Number(props.value.id) : undefined}
        valueLabel={props.value.name || undefined}
        onChange={(id, shop) => props.onChange({ id: id ? String(id) : '', name: shop?.name ?? '' })}
      />
    </Form.Item>
  );
};

/**
 * Export buttons: the 7-day rule is checked before anything is fetched (the refusal shows under the range
 * field), then the server streams the file.
 */
export const ExportButtons = (props: {
  range: TRange & { phone?: string };
  onRefused: (refusal: TDateRefusal) => void;
  download: (format: TExportFormat) => Promise<void>;
}) => {
  const { t, i18n } = useTranslation('sales');
  const errorText = useErrorText();
  const [busy, setBusy] = useState<TExportFormat | null>(null);
  const run = async (format: TExportFormat) => {
    const refusal = checkSalesRange(props.range, 'export');
    if (refusal) {
      props.onRefused(refusal);
      notify.error(textOf(refusal.message, i18n.language));
      return;
    }
    setBusy(format);
    try {
      await props.download(format);
      notify.success(t('exportStarted'));
    } catch (err) {
      notify.error(errorText(err));
    } finally {
      setBusy(null);
    }
  };
  return (
    <Space wrap>
      <Button
        icon={<DownloadOutlined />}
        loading={busy === 'xlsx'}
        onClick={() => run('xlsx')}
        data-testid="export-xlsx"
      >
        {t('exportXlsx')}
      </Button>
      <Button
        icon={<DownloadOutlined />}
        loading={busy === 'csv'}
        onClick={() => run('csv')}
        data-testid="export-csv"
      >
        {t('exportCsv')}
      </Button>
    </Space>
  );
};
