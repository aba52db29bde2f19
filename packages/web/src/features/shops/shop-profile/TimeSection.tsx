import { EditOutlined } from '@ant-design/icons';
import {
  countSlots,
  INTERVAL_OPTIONS,
  minutesToColon,
  RESET_TIME_OPTIONS,
  SLOT_CAP,
  servicePeriodsOf,
  slotMinutes,
  type TTimeSector,
} from '@shopdesk/contract';
import { Button, Card, Col, Flex, Form, Input, InputNumber, Row, Select, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BusinessItem } from './BusinessItem';
import { useBusinessForm } from './business-form-context';
import { TimeSectorsDialog } from './TimeSectorsDialog';

const third = { xs: 24, md: 12, xl: 8 };
const quarter = { xs: 24, md: 12, xl: 6 };

/** The periods as tags and the button that opens the dialog; an antd form control (value / onChange). */
const SectorsControl = ({
  value = [],
  onChange,
}: {
  value?: TTimeSector[];
  onChange?: (v: TTimeSector[]) => void;
}) => {
  const { t } = useTranslation('shopProfile');
  const [open, setOpen] = useState(false);
  return (
    <Flex wrap gap={8} align="center">
      {value.map((s, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: two periods may be equal; the index tells them apart
        <Tag key={`${i}-${s.start}-${s.end}`} className="time-sector-tag">
          {s.start}–{s.end}
          {s.end <= s.start ? ` ${t('nextDay')}` : ''}
        </Tag>
      ))}
      <Button icon={<EditOutlined />} onClick={() => setOpen(true)}>
        {t('editPeriods')}
      </Button>
      <TimeSectorsDialog
        open={open}
        value={value}
        onCancel={() => setOpen(false)}
        onOk={(rows) => {
          onChange?.(rows);
          setOpen(false);
        }}
      />
    </Flex>
  );
};

/** Hourly reset times (spec 000 §9); a stored time off the hour (the default 00:10) stays selectable. */
const ResetTimeSelect = (props: { value?: string; onChange?: (v: string) => void; disabled?: boolean }) => {
  const options = RESET_TIME_OPTIONS.map((h) => ({ value: `${h}:00`, label: h }));
  if (props.value && !options.some((o) => o.value === props.value)) {
    options.unshift({ value: props.value, label: props.value.slice(0, 5) });
  }
  return <Select {...props} options={options} />;
};

/** The bookable options (slots a day × days), the number the cap of spec 000 §9 applies to, in words. */
const SlotSummary = () => {
  const { t, i18n } = useTranslation('shopProfile');
  const { form } = useBusinessForm();
  const sectors = Form.useWatch('timeObjSectors', form) ?? [];
  const interval = Form.useWatch('timeSectorLength', form) ?? null;
  const days = Form.useWatch('timeSectorDays', form) ?? 0;
  const slots = countSlots(sectors, interval);
  const load = slots * Math.max(0, days);
  const n = (v: number) => v.toLocaleString(i18n.language);
  const over = load > SLOT_CAP;
  const key = days === 0 ? 'slotSummaryNone' : over ? 'slotSummaryOver' : 'slotSummary';
  return (
    <Flex vertical>
      <Typography.Text type={over ? 'danger' : 'secondary'} data-testid="slot-summary">
        {t(key, { slots: n(slots), days: n(days), load: n(load), cap: n(SLOT_CAP) })}
      </Typography.Text>
      <SlotPreview sectors={sectors} interval={interval} days={days} />
    </Flex>
  );
};

/**
 * The legacy timeSetting ("0-24,1": from hour, to hour, step in hours; spec 000 §9 wizard default), read-only
 * and read by nothing: shown in words, kept in the form so a save sends it back unchanged.
 */
const TimeSettingText = ({ value }: { value?: string; disabled?: boolean }) => {
  const { t } = useTranslation('shopProfile');
  const m = /^(\d{1,2})-(\d{1,2}),(\d{1,2})$/.exec(value ?? '');
  const pad = (h: string) => h.padStart(2, '0');
  return (
    <Typography.Text type="secondary" data-testid="time-setting">
      {m ? t('timeSettingText', { from: pad(m[1]), to: pad(m[2]), step: Number(m[3]) }) : value || '—'}
    </Typography.Text>
  );
};

const PREVIEW_MAX = 12;
/**
 * The times the customer app's slot picker offers each day, from the contract's slotMinutes (the rule intake
 * and the storefront's slots call use; spec 000 §3 timeObjSectors), before opening hours and days off.
 */
const SlotPreview = ({
  sectors,
  interval,
  days,
}: {
  sectors: TTimeSector[];
  interval: number | null;
  days: number;
}) => {
  const { t } = useTranslation('shopProfile');
  const times = days > 0 ? slotMinutes(servicePeriodsOf(sectors), interval).map(minutesToColon) : [];
  const shown = times.slice(0, PREVIEW_MAX).join('、') + (times.length > PREVIEW_MAX ? '…' : '');
  return (
    <Typography.Text type="secondary" data-testid="slot-preview">
      {times.length > 0 ? t('slotPreview', { times: shown }) : t('slotPreviewNone')}
    </Typography.Text>
  );
};

/** Time settings (spec 000 §3 numbers; rules of spec 000 §5 and 001 §5). */
export const TimeSection = () => {
  const { t } = useTranslation('shopProfile');
  const timing = ['timeSectorLength', 'timeSectorDays'];
  return (
    <Card title={t('sectionTime')}>
      <Row gutter={16}>
        <Col {...quarter}>
          <BusinessItem field="waitingTime">
            <InputNumber style={{ width: '100%' }} />
          </BusinessItem>
        </Col>
        {(['eatInWaitingTime', 'toGoWaitingTime', 'deliveryWaitingTime'] as const).map((f) => (
          <Col key={f} {...quarter}>
            <BusinessItem field={f} extra={t('waitingFallback')}>
              <InputNumber style={{ width: '100%' }} />
            </BusinessItem>
          </Col>
        ))}
        <Col {...third}>
          <BusinessItem
            field="timeSectorLength"
            extra={INTERVAL_OPTIONS.join('、')}
            dependencies={['timeSectorDays']}
          >
            <InputNumber style={{ width: '100%' }} />
          </BusinessItem>
        </Col>
        <Col {...third}>
          <BusinessItem field="timeSectorDays" extra={t('daysHint')}>
            <InputNumber style={{ width: '100%' }} />
          </BusinessItem>
        </Col>
        <Col {...third}>
          <BusinessItem field="bufferTime" extra={t('bufferHint')}>
            <InputNumber style={{ width: '100%' }} />
          </BusinessItem>
        </Col>
        <Col xs={24}>
          <BusinessItem field="timeObjSectors" extra={<SlotSummary />} dependencies={timing}>
            <SectorsControl />
          </BusinessItem>
        </Col>
        <Col {...third}>
          <BusinessItem field="resetTime">
            <ResetTimeSelect />
          </BusinessItem>
        </Col>
        <Col {...third}>
          <BusinessItem field="localTimeZone" extra={t('readOnly')}>
            <Input />
          </BusinessItem>
        </Col>
        <Col {...third}>
          <BusinessItem field="timeSetting">
            <TimeSettingText />
          </BusinessItem>
        </Col>
      </Row>
    </Card>
  );
};
