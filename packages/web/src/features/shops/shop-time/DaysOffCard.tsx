import { DeleteOutlined, ImportOutlined, PlusOutlined } from '@ant-design/icons';
import { localToday, type TShopPortal, type TSpecialDay, weekdayOf } from '@shopdesk/contract';
import { Button, Card, DatePicker, Flex, Popconfirm, Table } from 'antd';
import type { Dayjs } from 'dayjs';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../lib/error-text';
import { notify } from '../../../lib/notify';
import { useOneAtATime } from '../../../lib/use-one-at-a-time';
import { useVariant } from '../../../shell/variant';
import { useDayOffWrites, useDaysOff } from './shop-time-queries';

/** spec 001 §2.3: the import popup is polled every second until it is closed. */
export const POPUP_POLL_MS = 1000;

/** The closed-days import page for a shop (spec 000 §2: /opening takes shop_id and shop_name). */
export const openingHref = (basename: string, accountId: number, shopName: string) =>
  `${basename}/opening?${new URLSearchParams({ shop_id: String(accountId), shop_name: shopName })}`;

/** A failed day-off change: the spec's 'shop {id} day-off change failed' with the server's reason. */
export const dayOffFailed = (
  t: (k: 'dayOffFailed', o: { id: number }) => string,
  accountId: number,
  err: unknown,
) => notify.card('error', t('dayOffFailed', { id: accountId }), errorText(err));

/**
 * Days off (spec 001 §2.3): add one date, list, delete, and the batch import in a popup window on the
 * /opening page; the list reloads once the popup is closed.
 */
export const DaysOffCard = ({
  type,
  accountId,
  shopName,
}: {
  type: TShopPortal;
  accountId: number;
  shopName: string;
}) => {
  const { t } = useTranslation('shopTime');
  const { basename } = useVariant();
  const list = useDaysOff(type, accountId);
  const writes = useDayOffWrites(type, accountId);
  const [date, setDate] = useState<Dayjs | null>(null);
  const [popupOpen, setPopupOpen] = useState(false);
  const poll = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearInterval(poll.current), []);

  const [add, adding] = useOneAtATime(async () => {
    if (!date) return notify.warning(t('dateRequired'));
    try {
      const res = await writes.add(date.format('YYYY-MM-DD'));
      if (res.created) notify.success(t('dayOffAdded'));
      else notify.info(t('alreadyDayOff'));
      setDate(null);
    } catch (err) {
      dayOffFailed(t, accountId, err);
    }
  });
  const remove = async (day: TSpecialDay) => {
    try {
      await writes.remove(day.id);
      notify.success(t('dayOffDeleted'));
    } catch (err) {
      dayOffFailed(t, accountId, err);
    }
  };
  const batchImport = () => {
    const popup = window.open(
      openingHref(basename, accountId, shopName),
      `opening-${accountId}`,
      'popup,width=760,height=820',
    );
    if (!popup) return notify.warning(t('popupBlocked'));
    setPopupOpen(true);
    window.clearInterval(poll.current);
    poll.current = window.setInterval(() => {
      if (!popup.closed) return;
      window.clearInterval(poll.current);
      setPopupOpen(false);
      void writes.refresh();
    }, POPUP_POLL_MS);
  };

  const today = localToday();
  return (
    <Card title={t('daysOffTitle')} size="small" role="region" aria-label={t('daysOffTitle')}>
      <Flex gap={8} wrap style={{ marginBottom: 12 }}>
        <DatePicker
          value={date}
          onChange={setDate}
          placeholder={t('pickDate')}
          aria-label={t('pickDate')}
          disabledDate={(d) => d.format('YYYY-MM-DD') < today}
        />
        <Button type="primary" icon={<PlusOutlined />} onClick={add} loading={adding || writes.adding}>
          {t('add')}
        </Button>
        <Button icon={<ImportOutlined />} onClick={batchImport} loading={popupOpen}>
          {t('batchImport')}
        </Button>
      </Flex>
      <Table<TSpecialDay>
        rowKey="id"
        size="small"
        loading={list.isLoading}
        dataSource={list.data?.specialDays ?? []}
        pagination={{ pageSize: 10, hideOnSinglePage: true }}
        locale={{ emptyText: list.isError ? errorText(list.error) : t('noDaysOff') }}
        columns={[
          { title: t('colDate'), dataIndex: 'specialDate' },
          {
            title: t('colWeekday'),
            key: 'weekday',
            render: (_, d) => t(`weekday${weekdayOf(d.specialDate) as 0 | 1 | 2 | 3 | 4 | 5 | 6}`),
          },
          {
            title: t('colActions'),
            key: 'actions',
            width: 80,
            render: (_, d) => (
              <Popconfirm
                title={t('deleteConfirm')}
                okText={t('yes')}
                cancelText={t('no')}
                onConfirm={() => remove(d)}
              >
                <Button
                  danger
                  size="small"
                  icon={<DeleteOutlined />}
                  aria-label={`${t('delete')} ${d.specialDate}`}
                />
              </Popconfirm>
            ),
          },
        ]}
      />
    </Card>
  );
};
