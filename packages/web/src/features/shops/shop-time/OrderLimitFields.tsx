import { MEAL_TYPES, ORDER_LIMIT_SESSION_TIMES, WEEKDAYS } from '@shopdesk/contract';
import { Checkbox, Flex, Form, InputNumber, Select, TimePicker, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { TLimitDraft, TLimitErrors } from './order-limit-form';

const FORMAT = 'HH:mm';
const toDay = (hhmm: string | null) => (hhmm ? dayjs(hhmm, FORMAT) : null);
const range = (from: number, to: number) =>
  Array.from({ length: Math.max(0, to - from) }, (_, i) => from + i);

/**
 * spec 002 §5: the start picker is limited to before the end time, the end picker to after the start.
 * Returns antd's disabledTime for one picker given the other's value.
 */
const limitedTo = (other: string | null, side: 'start' | 'end') => () => {
  if (!other) return {};
  const [h, m] = other.split(':').map(Number) as [number, number];
  return side === 'start'
    ? {
        disabledHours: () => range(h + 1, 24),
        disabledMinutes: (hour: number) => (hour === h ? range(m, 60) : []),
      }
    : {
        disabledHours: () => range(0, h),
        disabledMinutes: (hour: number) => (hour === h ? range(0, m + 1) : []),
      };
};

type TProps = { draft: TLimitDraft; errors: TLimitErrors; onChange: (next: TLimitDraft) => void };

export const useMealLabel = () => {
  const { t } = useTranslation('shopTime');
  return (m: TLimitDraft['meal_type']) =>
    m === 'eat_in' ? t('mealEatIn') : m === 'to_go' ? t('mealToGo') : t('mealDelivery');
};

const Err = ({ text }: { text: string | undefined }) =>
  text ? (
    <Typography.Text type="danger" style={{ fontSize: 12 }} role="alert">
      {text}
    </Typography.Text>
  ) : null;

export const MealTypeInput = ({ draft, onChange }: TProps) => {
  const { t } = useTranslation('shopTime');
  const label = useMealLabel();
  return (
    <Select
      aria-label={t('colMeal')}
      value={draft.meal_type}
      onChange={(meal_type) => onChange({ ...draft, meal_type })}
      options={MEAL_TYPES.map((m) => ({ value: m, label: label(m) }))}
      style={{ minWidth: 96 }}
    />
  );
};

export const WeekdaysInput = ({ draft, errors, onChange }: TProps) => {
  const { t } = useTranslation('shopTime');
  return (
    <Flex vertical>
      <Checkbox.Group
        aria-label={t('colWeekdays')}
        value={draft.period_session}
        onChange={(days) => onChange({ ...draft, period_session: days as number[] })}
        options={WEEKDAYS.map((d) => ({ value: d, label: t(`weekday${d}`).replace('星期', '') }))}
        // wraps onto two lines in a table row, so the row fits a 1440 px window
        style={{ maxWidth: 240, rowGap: 4 }}
      />
      <Err text={errors.period_session} />
    </Flex>
  );
};

export const TimeRangeInput = ({ draft, errors, onChange }: TProps) => {
  const { t } = useTranslation('shopTime');
  const set = (side: 'start' | 'end', d: Dayjs | null) =>
    onChange({ ...draft, time_session: { ...draft.time_session, [side]: d ? d.format(FORMAT) : null } });
  return (
    <Flex vertical>
      <Flex gap={4} align="center">
        <TimePicker
          format={FORMAT}
          value={toDay(draft.time_session.start)}
          onChange={(d) => set('start', d)}
          disabledTime={limitedTo(draft.time_session.end, 'start')}
          placeholder={t('start')}
          aria-label={t('start')}
          needConfirm={false}
          style={{ width: 96 }}
        />
        <span>–</span>
        <TimePicker
          format={FORMAT}
          value={toDay(draft.time_session.end)}
          onChange={(d) => set('end', d)}
          disabledTime={limitedTo(draft.time_session.start, 'end')}
          placeholder={t('end')}
          aria-label={t('end')}
          needConfirm={false}
          style={{ width: 96 }}
        />
      </Flex>
      <Err text={errors.start ?? errors.end} />
    </Flex>
  );
};

export const SessionInput = ({ draft, errors, onChange }: TProps) => {
  const { t } = useTranslation('shopTime');
  return (
    <Flex vertical>
      <Select
        aria-label={t('colSession')}
        value={draft.session_time}
        onChange={(session_time) => onChange({ ...draft, session_time })}
        options={ORDER_LIMIT_SESSION_TIMES.map((n) => ({ value: n, label: t('minutes', { count: n }) }))}
        style={{ minWidth: 96 }}
      />
      <Err text={errors.session_time} />
    </Flex>
  );
};

export const MaxInput = ({ draft, errors, onChange }: TProps) => {
  const { t } = useTranslation('shopTime');
  return (
    <Flex vertical>
      <InputNumber
        aria-label={t('colMax')}
        value={draft.max_num_of_order}
        onChange={(v) => onChange({ ...draft, max_num_of_order: typeof v === 'number' ? v : null })}
        style={{ width: 96 }}
      />
      <Err text={errors.max_num_of_order} />
    </Flex>
  );
};

/** The fields stacked as a form (the creation form and the order-limit dialog). */
export const OrderLimitForm = (props: TProps) => {
  const { t } = useTranslation('shopTime');
  return (
    <Form layout="vertical" component="div">
      <Form.Item label={t('colMeal')}>
        <MealTypeInput {...props} />
      </Form.Item>
      <Form.Item label={t('colWeekdays')} required>
        <WeekdaysInput {...props} />
      </Form.Item>
      <Form.Item label={t('colTime')} required>
        <TimeRangeInput {...props} />
      </Form.Item>
      <Form.Item label={t('colSession')} required>
        <SessionInput {...props} />
      </Form.Item>
      <Form.Item label={t('colMax')} required>
        <MaxInput {...props} />
      </Form.Item>
    </Form>
  );
};
