import { checkStatsRange } from '@shopdesk/contract';
import { DatePicker, Form } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The period picker: the same date rules as the server (spec 000 §5), the refusal shown under it. */
export const RangeFilter = ({
  from,
  to,
  onChange,
}: {
  from: string;
  to: string;
  onChange: (range: { from: string; to: string }) => void;
}) => {
  const { t, i18n } = useTranslation('stats');
  const [error, setError] = useState<string | null>(null);
  return (
    <Form.Item
      label={t('range')}
      validateStatus={error ? 'error' : undefined}
      help={error ?? undefined}
      style={{ marginBottom: 0 }}
    >
      <DatePicker.RangePicker
        allowClear={false}
        value={[dayjs(from), dayjs(to)]}
        aria-label={t('range')}
        onChange={(v) => {
          if (!v?.[0] || !v[1]) return;
          const range = { from: v[0].format('YYYY-MM-DD'), to: v[1].format('YYYY-MM-DD') };
          const refusal = checkStatsRange(range);
          if (refusal) {
            setError(i18n.language === 'en' ? refusal.message.en : refusal.message.zh);
            return;
          }
          setError(null);
          onChange(range);
        }}
      />
    </Form.Item>
  );
};
