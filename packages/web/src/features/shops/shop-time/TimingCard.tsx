import {
  MAX_RESERVABLE_DAYS,
  TIMING_INTERVAL_OPTIONS,
  type TShopPortal,
  type TTimingResponse,
} from '@shopdesk/contract';
import { Alert, Card, Col, Form, InputNumber, Row, Select } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../lib/error-text';
import { notify } from '../../../lib/notify';
import { EditableField, type TFieldControl } from '../shop-settings/dirty/EditableField';
import { useDirtyField } from '../shop-settings/dirty/use-dirty-field';
import { useSaveTiming, useTiming } from './shop-time-queries';

type TKey = Exclude<keyof TTimingResponse, 'waiting_time' | 'time_obj_sectors'>;
type TFieldProps = {
  label: string;
  timing: TTimingResponse;
  field: TKey;
  save: (base: TTimingResponse, patch: Partial<TTimingResponse>) => Promise<unknown>;
  input: (control: TFieldControl<number | null>) => ReactNode;
  extra?: string;
};

/** One value with the settings page's save icon, shown only while it differs from the saved value (spec 001 §1). */
const TimingField = ({ label, timing, field, save, input, extra }: TFieldProps) => {
  const { t } = useTranslation('shopTime');
  const edit = useDirtyField<number | null>({
    saved: timing[field],
    onSave: async (value) => {
      try {
        await save(timing, { [field]: value });
        notify.success(t('timingSaved'));
      } catch (err) {
        notify.card('error', t('timingFailed'), errorText(err));
        throw err;
      }
    },
  });
  return (
    <EditableField label={label} field={edit} extra={extra} testId={`timing-${field}`}>
      {input}
    </EditableField>
  );
};

const minutesInput = (label: string, placeholder: string) => (c: TFieldControl<number | null>) => (
  <InputNumber
    id={c.id}
    aria-label={label}
    value={c.value}
    status={c.status}
    disabled={c.disabled}
    onPressEnter={c.onPressEnter}
    onChange={(v) => c.onChange(typeof v === 'number' ? v : null)}
    min={0}
    precision={0}
    placeholder={placeholder}
    style={{ width: 120 }}
  />
);

/** Preparation minutes per meal type, reservable days (0–30) and the time option interval (spec 001 §2.3, §9). */
export const TimingCard = ({ type, accountId }: { type: TShopPortal; accountId: number }) => {
  const { t } = useTranslation('shopTime');
  const timing = useTiming(type, accountId);
  const save = useSaveTiming(type, accountId);
  if (timing.isError) return <Alert type="error" showIcon message={errorText(timing.error)} />;
  const data = timing.data;
  const fallback = String(data?.waiting_time ?? '');
  const intervals = [
    ...new Set<number>([
      ...TIMING_INTERVAL_OPTIONS,
      ...(data?.time_sector_length ? [data.time_sector_length] : []),
    ]),
  ];
  const common = data ? { timing: data, save } : null;

  return (
    <Card size="small" title={t('prepTitle')} loading={timing.isLoading}>
      {common && (
        <Form layout="vertical" component="div">
          <Row gutter={16}>
            {(
              [
                ['eat_in_waiting_time', t('mealEatIn')],
                ['to_go_waiting_time', t('mealToGo')],
                ['delivery_waiting_time', t('mealDelivery')],
              ] as const
            ).map(([field, label]) => (
              <Col key={field} xs={24} sm={8}>
                <TimingField {...common} field={field} label={label} input={minutesInput(label, fallback)} />
              </Col>
            ))}
          </Row>
          <Row gutter={16}>
            <Col xs={24} sm={12}>
              <TimingField
                {...common}
                field="time_sector_days"
                label={t('reserveDays')}
                extra={t('reserveDaysHint')}
                input={(c) => (
                  <Select
                    id={c.id}
                    aria-label={t('reserveDays')}
                    value={c.value}
                    disabled={c.disabled}
                    onChange={c.onChange}
                    options={Array.from({ length: MAX_RESERVABLE_DAYS + 1 }, (_, d) => ({
                      value: d,
                      label: t('days', { count: d }),
                    }))}
                    style={{ width: 120 }}
                  />
                )}
              />
            </Col>
            <Col xs={24} sm={12}>
              <TimingField
                {...common}
                field="time_sector_length"
                label={t('interval')}
                input={(c) => (
                  <Select
                    id={c.id}
                    aria-label={t('interval')}
                    value={c.value}
                    disabled={c.disabled}
                    onChange={c.onChange}
                    options={intervals.map((n) => ({ value: n, label: t('minutes', { count: n }) }))}
                    style={{ width: 120 }}
                  />
                )}
              />
            </Col>
          </Row>
        </Form>
      )}
    </Card>
  );
};
