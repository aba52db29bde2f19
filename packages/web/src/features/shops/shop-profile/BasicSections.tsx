import { BUSINESS_LIMITS } from '@shopdesk/contract';
import { Card, Col, Input, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { BusinessItem, FieldCol } from './BusinessItem';
import { RichTextEditor } from './RichTextEditor';

const half = { xs: 24, md: 12 };
const third = { xs: 24, md: 12, xl: 8 };

/** Basic info (spec 000 §3): name (gaa only), contact, applicant, tax ID, review links, store info, web version. */
export const BasicSection = () => {
  const { t } = useTranslation('shopProfile');
  return (
    <Card title={t('sectionBasic')}>
      <Row gutter={16}>
        <FieldCol field="businessName" {...third}>
          <BusinessItem field="businessName">
            <Input />
          </BusinessItem>
        </FieldCol>
        <Col {...third}>
          <BusinessItem field="businessPhone">
            <Input />
          </BusinessItem>
        </Col>
        <Col {...third}>
          <BusinessItem field="businessEmail">
            <Input type="email" />
          </BusinessItem>
        </Col>
        <Col xs={24} xl={16}>
          <BusinessItem field="businessAddress">
            <Input />
          </BusinessItem>
        </Col>
        <FieldCol field="businessCode" {...third}>
          <BusinessItem field="businessCode">
            <Input />
          </BusinessItem>
        </FieldCol>
        <Col {...third}>
          <BusinessItem field="bossEmail">
            <Input type="email" />
          </BusinessItem>
        </Col>
        <Col {...third}>
          <BusinessItem field="bossPhone">
            <Input />
          </BusinessItem>
        </Col>
        <Col {...third}>
          <BusinessItem field="invoice">
            <Input />
          </BusinessItem>
        </Col>
        <Col {...half}>
          <BusinessItem field="googleReviewUrl">
            <Input type="url" />
          </BusinessItem>
        </Col>
        <Col {...half}>
          <BusinessItem field="fbUrl">
            <Input type="url" />
          </BusinessItem>
        </Col>
        <Col xs={24} xl={16}>
          <BusinessItem field="storeInfo">
            <Input.TextArea
              rows={3}
              showCount={{ formatter: ({ count }) => `${count} / ${BUSINESS_LIMITS.storeInfo}` }}
            />
          </BusinessItem>
        </Col>
        <Col {...third}>
          <BusinessItem field="version">
            <Select
              options={[
                { value: 1, label: t('version1') },
                { value: 2, label: t('version2') },
              ]}
            />
          </BusinessItem>
        </Col>
      </Row>
    </Card>
  );
};

/** Official-account fields and store-system ids (spec 000 §3, §6: editable by gaa only; ids set elsewhere read-only). */
export const ChatSection = () => {
  const { t } = useTranslation('shopProfile');
  return (
    <Card title={t('sectionChat')}>
      <Row gutter={16}>
        {(['shopId', 'ssoAppId', 'lineBasicId', 'lineAddFriendUrl', 'lineChannelImageUrl'] as const).map(
          (f) => (
            <Col key={f} {...third}>
              <BusinessItem field={f}>
                <Input />
              </BusinessItem>
            </Col>
          ),
        )}
        {(['lineChannelId', 'randomCode', 'code'] as const).map((f) => (
          <Col key={f} {...third}>
            <BusinessItem field={f} extra={t('readOnly')}>
              <Input />
            </BusinessItem>
          </Col>
        ))}
      </Row>
    </Card>
  );
};

/** The announcement (spec 000 §3 content, §9 toolbar). */
export const AnnouncementSection = () => {
  const { t } = useTranslation('shopProfile');
  return (
    <Card title={t('sectionAnnouncement')}>
      <BusinessItem field="content" label={null}>
        <RichTextEditor placeholder={t('announcementPlaceholder')} />
      </BusinessItem>
    </Card>
  );
};
