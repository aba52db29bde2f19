import { Col, Divider, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SettingsTabProps } from '../tab-types';
import { FieldBox } from './FieldBox';
import { FlagSwitch, SettingsSection } from './FlagSwitch';
import { mayEdit, SettingsForm, settingField, useSettingsForm } from './settings-form';

/** Fields in two columns; hidden ones (spec 001 §2.1 gaa-only) leave no gap. */
const Fields = ({ names }: { names: readonly string[] }) => {
  const { userType } = useSettingsForm();
  return (
    <Row gutter={24}>
      {names
        .filter((name) => mayEdit(settingField(name), userType))
        .map((name) => (
          <Col key={name} xs={24} md={12}>
            <FieldBox name={name} />
          </Col>
        ))}
    </Row>
  );
};

/** spec 001 §2.1 / 000 §4: the courier (isLala) switch shows only while the logistics platform is off. */
const LogisticSwitches = () => {
  const { values } = useSettingsForm();
  return (
    <>
      <FlagSwitch name="business.is_logistic" />
      {values.business?.is_logistic !== true && <FlagSwitch name="business.is_lala" />}
    </>
  );
};

const MODES = ['eat_in', 'to_go', 'delivery'] as const;

/**
 * Store tab (spec 001 §2.1): the shop's basic data, store-system and chat ids (gaa), and the ordering and
 * payment switches; the payment switches follow the consistency rules of §4 on the server.
 */
const StoreTab = (props: SettingsTabProps) => {
  const { t } = useTranslation('shopSettings');
  return (
    <SettingsForm {...props}>
      <SettingsSection title={t('sectionBasic')}>
        <Fields
          names={[
            'both.name',
            'business_info.business_name',
            'business_info.tax_id_number',
            'business.email',
            'business.phone',
            'business.address',
            'business.code',
            'business.boss_email',
            'business.boss_phone',
          ]}
        />
      </SettingsSection>
      <SettingsSection title={t('sectionInfo')}>
        <FieldBox name="business.info" />
        <FieldBox name="business.content" />
      </SettingsSection>
      <SettingsSection title={t('sectionIds')} only={['gaa']}>
        <Fields
          names={[
            'account_sso.shop_id',
            'account_sso.app_id',
            'accounts.line_add_friend_url',
            'accounts.line_basic_id',
            'accounts.line_channel_image_url',
          ]}
        />
      </SettingsSection>
      <SettingsSection title={t('sectionOrdering')}>
        <Row gutter={32}>
          <Col xs={24} md={12}>
            <FlagSwitch name="business.is_enabled" />
          </Col>
          <Col xs={24} md={12}>
            <FlagSwitch name="business.is_mobile_payment" />
          </Col>
        </Row>
        <Divider style={{ margin: '8px 0' }} />
        <Row gutter={32}>
          {MODES.map((mode) => (
            <Col key={mode} xs={24} md={8}>
              <FlagSwitch name={`business.is_${mode}`} />
              <FlagSwitch name={`business.is_${mode}_cash`} indent />
              <FlagSwitch name={`business.is_${mode}_pay`} indent />
            </Col>
          ))}
        </Row>
      </SettingsSection>
      <SettingsSection title={t('sectionLogistics')} only={['gaa']}>
        <LogisticSwitches />
      </SettingsSection>
    </SettingsForm>
  );
};
export default StoreTab;
