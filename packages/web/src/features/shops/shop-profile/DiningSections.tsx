import { DINING_MODES } from '@shopdesk/contract';
import { Card, Col, Form, InputNumber, Radio, Row, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { BusinessItem, FieldCol } from './BusinessItem';
import { useBusinessForm } from './business-form-context';

const third = { xs: 24, md: 8 };
const ALL_PAYMENT_KEYS = DINING_MODES.flatMap((m) => [m.mode, m.cash, m.pay]);

/**
 * Dining modes and their payments (spec 000 §3 switches). The payment linkage of spec 000 §4 runs in the
 * form's onValuesChange; the rules "at least one dining mode" and "a payment per enabled mode" show on the
 * mode switches.
 */
export const DiningSection = () => {
  const { t } = useTranslation('shopProfile');
  return (
    <Card title={t('sectionDining')}>
      <Row gutter={16}>
        <FieldCol field="isMobilePayment" {...third}>
          <BusinessItem
            field="isMobilePayment"
            switch
            extra={t('onlinePayHint')}
            dependencies={ALL_PAYMENT_KEYS}
          >
            <Switch />
          </BusinessItem>
        </FieldCol>
        <Col {...third}>
          <BusinessItem field="isPickup" switch>
            <Switch />
          </BusinessItem>
        </Col>
      </Row>
      {DINING_MODES.map((m) => (
        <Row gutter={16} key={m.mode} className="dining-mode-row">
          <Col {...third}>
            <BusinessItem field={m.mode} switch dependencies={ALL_PAYMENT_KEYS.filter((k) => k !== m.mode)}>
              <Switch />
            </BusinessItem>
          </Col>
          <Col {...third}>
            <BusinessItem field={m.cash} switch>
              <Switch />
            </BusinessItem>
          </Col>
          <Col {...third}>
            <BusinessItem field={m.pay} switch dependencies={['isMobilePayment']}>
              <Switch />
            </BusinessItem>
          </Col>
        </Row>
      ))}
    </Card>
  );
};

/**
 * Delivery thresholds and the logistics switches (spec 000 §3; the logistics switches are gaa only, §6).
 * The courier switch (isLala) shows only while isLogistic is off (spec 000 §4).
 */
export const DeliverySection = () => {
  const { t } = useTranslation('shopProfile');
  const { form } = useBusinessForm();
  const isLogistic = Form.useWatch('isLogistic', { form, preserve: true });
  return (
    <Card title={t('sectionDelivery')}>
      <Row gutter={16}>
        <Col {...third}>
          <BusinessItem field="deliveryAmtTh">
            <InputNumber style={{ width: '100%' }} />
          </BusinessItem>
        </Col>
        <Col {...third}>
          <BusinessItem field="deliveryQtyTh">
            <InputNumber style={{ width: '100%' }} />
          </BusinessItem>
        </Col>
        <Col {...third}>
          <BusinessItem field="deliveryDistanceTh">
            <InputNumber style={{ width: '100%' }} step={0.5} />
          </BusinessItem>
        </Col>
        <FieldCol field="isLogistic" {...third}>
          <BusinessItem field="isLogistic" switch>
            <Switch />
          </BusinessItem>
        </FieldCol>
        {!isLogistic && (
          <FieldCol field="isLala" {...third}>
            <BusinessItem field="isLala" switch>
              <Switch />
            </BusinessItem>
          </FieldCol>
        )}
        <Col {...third}>
          <BusinessItem field="isNotThOfDeliveryDisplay" switch>
            <Switch />
          </BusinessItem>
        </Col>
        <FieldCol field="distanceByRoute" {...third}>
          <BusinessItem field="distanceByRoute" switch>
            <Switch />
          </BusinessItem>
        </FieldCol>
        <FieldCol field="logisticDistanceType" {...third}>
          <BusinessItem field="logisticDistanceType">
            <Radio.Group
              options={[
                { value: 'route', label: t('distanceRoute') },
                { value: 'linear', label: t('distanceLinear') },
              ]}
            />
          </BusinessItem>
        </FieldCol>
      </Row>
    </Card>
  );
};
