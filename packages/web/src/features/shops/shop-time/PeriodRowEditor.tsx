import { ALL_OPEN, WEEKDAYS } from '@shopdesk/contract';
import { Checkbox, Select, TimePicker, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';

/** A period while it is edited: weekday and HHmm times, or 'all open'. */
export type TPeriodDraft = {
  openDay: number;
  openTime: string | null;
  closeTime: string | null;
  allOpen: boolean;
};

const toDay = (hhmm: string | null) => (hhmm ? dayjs(`${hhmm.slice(0, 2)}:${hhmm.slice(2)}`, 'HH:mm') : null);
const fromDay = (d: dayjs.Dayjs | null) => (d ? d.format('HHmm') : null);

export const isAllOpenDraft = (d: TPeriodDraft) => d.allOpen;
export const draftTimes = (d: TPeriodDraft) =>
  d.allOpen
    ? { openTime: ALL_OPEN.openTime, closeTime: ALL_OPEN.closeTime }
    : { openTime: d.openTime, closeTime: d.closeTime };

type TProps = { draft: TPeriodDraft; onChange: (d: TPeriodDraft) => void };

export const WeekdayCell = ({ draft, onChange }: TProps) => {
  const { t } = useTranslation('shopTime');
  return (
    <Select
      aria-label={t('colDay')}
      value={draft.openDay}
      onChange={(openDay) => onChange({ ...draft, openDay })}
      options={WEEKDAYS.map((d) => ({ value: d, label: t(`weekday${d}`) }))}
      style={{ width: 110 }}
    />
  );
};

/** Opening and closing pickers plus the 'all open' box; a closing time not after the opening one is the next day. */
export const TimesCell = ({ draft, onChange }: TProps) => {
  const { t } = useTranslation('shopTime');
  const nextDay = !draft.allOpen && draft.openTime && draft.closeTime && draft.closeTime <= draft.openTime;
  return (
    <span style={{ display: 'inline-flex', gap: 6, alignItems: 'center', flexWrap: 'wrap' }}>
      <Checkbox checked={draft.allOpen} onChange={(e) => onChange({ ...draft, allOpen: e.target.checked })}>
        {t('allOpen')}
      </Checkbox>
      <TimePicker
        format="HH:mm"
        value={toDay(draft.openTime)}
        onChange={(d) => onChange({ ...draft, openTime: fromDay(d) })}
        disabled={draft.allOpen}
        placeholder={t('colOpen')}
        aria-label={t('colOpen')}
        needConfirm={false}
        style={{ width: 96 }}
      />
      <span>–</span>
      <TimePicker
        format="HH:mm"
        value={toDay(draft.closeTime)}
        onChange={(d) => onChange({ ...draft, closeTime: fromDay(d) })}
        disabled={draft.allOpen}
        placeholder={t('colClose')}
        aria-label={t('colClose')}
        needConfirm={false}
        style={{ width: 96 }}
      />
      {nextDay && <Typography.Text type="secondary">{t('nextDay')}</Typography.Text>}
    </span>
  );
};
