import { CloseOutlined } from '@ant-design/icons';
import { datesInRange, localToday, type TShopPortal } from '@shopdesk/contract';
import { Alert, Button, Card, DatePicker, Flex, Radio, Space, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { errorText } from '../../../lib/error-text';
import { notify } from '../../../lib/notify';
import { useSession } from '../../platform/session/session-context';
import { dayOffFailed } from './DaysOffCard';
import { useDayOffWrites, useDaysOff } from './shop-time-queries';

const fmt = (d: Dayjs) => d.format('YYYY-MM-DD');

/**
 * Batch import of days off (spec 000 §2 /opening?shop_id&shop_name, 001 §2.3): several dates or a range,
 * added all at once. The Time tab opens it in a popup and reloads its list when the popup closes; opened
 * from a shop list, it is a tab of its own.
 */
const OpeningPage = () => {
  const { t } = useTranslation('shopTime');
  const [search] = useSearchParams();
  const raw = search.get('shop_id') ?? '';
  const accountId = /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : 0;
  const shopName = search.get('shop_name') ?? '';
  const type = (useSession().user?.type ?? 'eaa') as TShopPortal;
  const list = useDaysOff(type, accountId);
  const writes = useDayOffWrites(type, accountId);
  const [mode, setMode] = useState<'dates' | 'range'>('dates');
  const [dates, setDates] = useState<Dayjs[]>([]);
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const [busy, setBusy] = useState(false);

  if (!accountId) return <Alert type="warning" showIcon message={t('missingShop')} />;
  if (list.isError) return <Alert type="error" showIcon message={errorText(list.error)} />;

  const today = localToday();
  const chosen =
    mode === 'dates'
      ? [...new Set(dates.map(fmt))].sort()
      : range?.[0] && range[1]
        ? datesInRange(fmt(range[0]), fmt(range[1]))
        : [];

  const addAll = async () => {
    if (chosen.length === 0) return;
    setBusy(true);
    let created = 0;
    let skipped = 0;
    try {
      // one call per date: each is its own audited change, and a date already off is simply skipped
      for (const date of chosen) {
        const res = await writes.add(date);
        if (res.created) created += 1;
        else skipped += 1;
      }
      setDates([]);
      setRange(null);
    } catch (err) {
      dayOffFailed(t, accountId, err);
    } finally {
      setBusy(false);
      void writes.refresh();
    }
    if (created > 0) notify.success(t('importDone', { count: created }));
    if (skipped > 0) notify.info(t('importSkipped', { count: skipped }));
  };

  return (
    <Flex vertical gap={16} style={{ maxWidth: 720 }}>
      <Flex justify="space-between" align="center" wrap>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t('openingFor', { name: shopName, id: accountId })}
        </Typography.Title>
        <Button icon={<CloseOutlined />} onClick={() => window.close()}>
          {t('closeWindow')}
        </Button>
      </Flex>
      <Card title={t('batchImport')} size="small">
        <Flex vertical gap={12}>
          <Radio.Group
            aria-label={t('pickMode')}
            value={mode}
            onChange={(e) => setMode(e.target.value)}
            options={[
              { value: 'dates', label: t('modeDates') },
              { value: 'range', label: t('modeRange') },
            ]}
            optionType="button"
          />
          {mode === 'dates' ? (
            <DatePicker
              multiple
              value={dates}
              onChange={(v) => setDates(v ?? [])}
              disabledDate={(d) => fmt(d) < today}
              placeholder={t('pickDate')}
              aria-label={t('pickDate')}
              style={{ width: '100%' }}
            />
          ) : (
            <DatePicker.RangePicker
              value={range}
              onChange={(v) => setRange(v)}
              disabledDate={(d) => fmt(d) < today}
              aria-label={t('modeRange')}
            />
          )}
          <Space>
            <Typography.Text>{t('chosen', { count: chosen.length })}</Typography.Text>
            <Button type="primary" onClick={addAll} loading={busy} disabled={chosen.length === 0}>
              {t('addAll')}
            </Button>
          </Space>
        </Flex>
      </Card>
      <Card title={t('currentDaysOff')} size="small" loading={list.isLoading}>
        {list.data?.specialDays.length ? (
          <Flex gap={6} wrap>
            {list.data.specialDays.map((d) => (
              <Tag key={d.id}>{d.specialDate}</Tag>
            ))}
          </Flex>
        ) : (
          <Typography.Text type="secondary">{t('noDaysOff')}</Typography.Text>
        )}
      </Card>
    </Flex>
  );
};

export default OpeningPage;
