import type { TBusinessField, TLabelPrinter } from '@shopdesk/contract';
import { PRINTER_MEAL_TYPES } from '@shopdesk/contract';
import { Card, Checkbox, Col, Form, InputNumber, Row, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { BusinessItem } from './BusinessItem';

const third = { xs: 24, md: 12, xl: 8 };

const DISPLAY_SWITCHES: TBusinessField[] = [
  'isEnabled',
  'isManual',
  'isAutoRestoreStock',
  'isNewStyle',
  'isInvoice',
  'isCarrier',
  'isReceipt',
  'isCalorie',
  'isRebuild',
  'isGroupbuy',
  'isNotCommentOfOrderDisplay',
  'isNotCommentOfDeliveryDisplay',
  'isNotReply',
  'isNotPhone',
  'isPhoneRequired',
];

/** Display options and features (spec 000 §3 switches). */
export const DisplaySection = () => {
  const { t } = useTranslation('shopProfile');
  return (
    <Card title={t('sectionDisplay')}>
      <Row gutter={16}>
        {DISPLAY_SWITCHES.map((f) => (
          <Col key={f} {...third}>
            <BusinessItem field={f} switch>
              <Switch />
            </BusinessItem>
          </Col>
        ))}
      </Row>
    </Card>
  );
};

const MEAL_KEYS = { here: 'mealHere', togo: 'mealTogo', deliver: 'mealDeliver' } as const;

type PrinterProps = { labels: TLabelPrinter | undefined; onLabels: (v: TLabelPrinter) => void };

/**
 * Printing (spec 000 §3): order start number, printer templates per meal type (ids from 1; empty = the
 * default template), stations, and the label-printer checkboxes, which load and save with their own calls.
 */
export const PrinterSection = ({ labels, onLabels }: PrinterProps) => {
  const { t } = useTranslation('shopProfile');
  const meal = (m: (typeof PRINTER_MEAL_TYPES)[number]) => t(MEAL_KEYS[m]);
  return (
    <Card title={t('sectionPrinter')}>
      <Row gutter={16}>
        <Col {...third}>
          <BusinessItem field="orderStartNumber">
            <InputNumber style={{ width: '100%' }} />
          </BusinessItem>
        </Col>
        <Col {...third}>
          <BusinessItem field="isPrinterTemplate" switch>
            <Switch />
          </BusinessItem>
        </Col>
        <Col {...third}>
          <BusinessItem field="isStation" switch>
            <Switch />
          </BusinessItem>
        </Col>
        {PRINTER_MEAL_TYPES.map((m) => (
          <Col key={m} {...third}>
            <BusinessItem
              field="printerTemplates"
              sub={m}
              label={`${t('fields.printerTemplates')}（${meal(m)}）`}
            >
              <InputNumber style={{ width: '100%' }} placeholder={t('templateDefault')} />
            </BusinessItem>
          </Col>
        ))}
        <Col xs={24}>
          <Form.Item label={t('labelPrinter')} extra={t('labelPrinterHint')}>
            <Checkbox.Group
              disabled={!labels}
              value={labels?.disabledLabel ?? []}
              onChange={(v) => onLabels({ disabledLabel: v as TLabelPrinter['disabledLabel'] })}
              options={PRINTER_MEAL_TYPES.map((m) => ({ value: m, label: meal(m) }))}
            />
          </Form.Item>
        </Col>
      </Row>
    </Card>
  );
};
