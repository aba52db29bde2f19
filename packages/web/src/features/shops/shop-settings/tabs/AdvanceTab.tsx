import { NOTICE_KEYS } from '@shopdesk/contract';
import { Col, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SettingsTabProps } from '../tab-types';
import { FieldBox } from './FieldBox';
import { FlagSwitch, SettingsSection } from './FlagSwitch';
import { SettingsForm } from './settings-form';

const FEATURES = [
  'business.is_calorie',
  'business.is_rebuild',
  'business.is_groupbuy',
  'business.is_auto_restore_stock',
  'accounts.is_manual',
  'business.is_enabled',
  'business.is_pick_up',
  'business.is_invoice',
  'business.is_carrier',
  'business.is_receipt',
  'business.is_otp_enabled',
  'business.is_email',
  'accounts.is_new_style',
  'accounts.sys_closed',
] as const;

const DISPLAY = [
  'business.is_not_comment_of_order_display',
  'business.is_not_comment_of_delivery_display',
  'business.is_not_comment_product_display',
] as const;

const ORDER_FIELDS = [
  'business.default_meal_type',
  'business.start_number',
  'business.buffer_time',
  'business.reset_time',
  'large_order.amount',
  'large_order.qty',
] as const;

// Offline notices in one column, online ones in the other, each in eat-in, to-go, delivery order.
const NOTICE_COLUMNS = ['_offline_', '_online_'].map((part) =>
  NOTICE_KEYS.filter((k) => k.includes(part)).map((k) => `business.${k}`),
);

/**
 * Advance tab (spec 001 §2.2): feature switches, the inverted display flags, order numbering and stock
 * reset, the large-order thresholds, and the six notices (text areas of 5 rows, newlines stored as <br>).
 */
const AdvanceTab = (props: SettingsTabProps) => {
  const { t } = useTranslation('shopSettings');
  return (
    <SettingsForm {...props}>
      <Row gutter={16}>
        <Col xs={24} lg={12}>
          <SettingsSection title={t('sectionFeatures')}>
            {FEATURES.map((name) => (
              <FlagSwitch key={name} name={name} />
            ))}
          </SettingsSection>
        </Col>
        <Col xs={24} lg={12}>
          <SettingsSection title={t('sectionDisplay')}>
            {DISPLAY.map((name) => (
              <FlagSwitch key={name} name={name} />
            ))}
          </SettingsSection>
          <SettingsSection title={t('sectionOrders')}>
            {ORDER_FIELDS.map((name) => (
              <FieldBox key={name} name={name} />
            ))}
          </SettingsSection>
        </Col>
      </Row>
      <SettingsSection title={t('sectionNotices')}>
        <Row gutter={24}>
          {NOTICE_COLUMNS.map((names) => (
            <Col key={names[0]} xs={24} md={12}>
              {names.map((name) => (
                <FieldBox key={name} name={name} />
              ))}
            </Col>
          ))}
        </Row>
      </SettingsSection>
    </SettingsForm>
  );
};
export default AdvanceTab;
