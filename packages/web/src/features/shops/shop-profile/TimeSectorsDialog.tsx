import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { DEFAULT_TIME_SECTOR, type TTimeSector } from '@shopdesk/contract';
import { Alert, Button, Flex, Modal, TimePicker, Typography } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

type TRow = { start: string | null; end: string | null };
type Props = {
  open: boolean;
  value: TTimeSector[];
  onOk: (rows: TTimeSector[]) => void;
  onCancel: () => void;
};

const FORMAT = 'HH:mm';
const toDay = (hhmm: string | null) => (hhmm ? dayjs(hhmm, FORMAT) : null);

/**
 * The service-period dialog (spec 000 §5, 001 §5): start / end rows in HH:mm; an end before its start runs
 * into the next day. At least one complete period (請至少設定一個時段).
 */
export const TimeSectorsDialog = ({ open, value, onOk, onCancel }: Props) => {
  const { t } = useTranslation('shopProfile');
  const [rows, setRows] = useState<TRow[]>(value);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (open) {
      setRows(value);
      setError(null);
    }
  }, [open, value]);

  const set = (i: number, key: keyof TRow, v: string | null) =>
    setRows((old) => old.map((r, k) => (k === i ? { ...r, [key]: v } : r)));
  const ok = () => {
    if (rows.length === 0) return setError(t('atLeastOneSlot'));
    if (rows.some((r) => !r.start || !r.end)) return setError(t('periodIncomplete'));
    onOk(rows as TTimeSector[]);
  };

  return (
    <Modal
      open={open}
      title={t('editPeriods')}
      onOk={ok}
      onCancel={onCancel}
      okText={t('save')}
      cancelText={t('cancel')}
      width={720}
      destroyOnHidden
    >
      <Flex vertical gap={12}>
        {rows.map((row, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity of their own
          <Flex key={i} gap={8} align="center" wrap>
            <TimePicker
              format={FORMAT}
              value={toDay(row.start)}
              onChange={(d) => set(i, 'start', d ? d.format(FORMAT) : null)}
              placeholder={t('start')}
              aria-label={`${t('start')} ${i + 1}`}
              needConfirm={false}
            />
            <span>–</span>
            <TimePicker
              format={FORMAT}
              value={toDay(row.end)}
              onChange={(d) => set(i, 'end', d ? d.format(FORMAT) : null)}
              placeholder={t('end')}
              aria-label={`${t('end')} ${i + 1}`}
              needConfirm={false}
            />
            {row.start && row.end && row.end <= row.start && (
              <Typography.Text type="secondary">{t('nextDay')}</Typography.Text>
            )}
            <Button
              type="text"
              danger
              icon={<DeleteOutlined />}
              onClick={() => setRows((old) => old.filter((_, k) => k !== i))}
              aria-label={`${t('removePeriod')} ${i + 1}`}
            />
          </Flex>
        ))}
        <Button
          icon={<PlusOutlined />}
          onClick={() => setRows((old) => [...old, { ...DEFAULT_TIME_SECTOR }])}
        >
          {t('addPeriod')}
        </Button>
        {error && <Alert type="error" showIcon message={error} />}
      </Flex>
    </Modal>
  );
};
