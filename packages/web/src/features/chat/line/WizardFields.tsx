import {
  ACCOUNT_FIELD_LABELS,
  BUSINESS_STEP_LABELS,
  ZWizardAccount,
  ZWizardBusiness,
} from '@shopdesk/contract';
import { Alert, Button, Col, Form, Input, Row, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { zodRule } from '../../../lib/form-rules';
import { useMessageText } from '../../../lib/message-text';

export const ACCOUNT_FIELDS = [
  'accountName',
  'channelId',
  'channelSecret',
  'channelAccessToken',
  'channelImageUrl',
  'channelAddFriendUrl',
  'channelBasicId',
  'menuLiffId',
  'eatInLiffId',
  'orderLiffId',
  'pickUpLiffId',
] as const;
export const BUSINESS_FIELDS = [
  'businessName',
  'email',
  'phone',
  'address',
  'bossEmail',
  'bossPhone',
  'invoice',
  'fbUrl',
  'googleReviewUrl',
] as const;
/** Filled by the server and locked when "no bot" is chosen (spec 000 §4). */
export const KEY_FIELDS = ['channelId', 'channelSecret', 'channelAccessToken'] as const;

/** Wizard step 1 (spec 000 §5): the official account's fields and the no-bot choice. */
export const AccountStep = ({
  noBot,
  onNoBot,
  loadingKey,
}: {
  noBot: boolean;
  onNoBot: (on: boolean) => void;
  loadingKey: boolean;
}) => {
  const { t, i18n } = useTranslation('line');
  const text = useMessageText();
  return (
    <>
      <Form.Item label={t('noBot')} extra={t('noBotHint')}>
        <Switch checked={noBot} onChange={onNoBot} loading={loadingKey} data-testid="no-bot" />
      </Form.Item>
      {noBot && <Alert type="warning" showIcon title={t('chatbotDisabled')} style={{ marginBottom: 16 }} />}
      <Row gutter={16}>
        {ACCOUNT_FIELDS.map((f) => (
          <Col xs={24} md={12} key={f}>
            <Form.Item
              name={['account', f]}
              label={text(ACCOUNT_FIELD_LABELS[f])}
              required={f !== 'pickUpLiffId'}
              rules={[zodRule(ZWizardAccount.shape[f], i18n.language)]}
            >
              <Input
                id={`account_${f}`}
                disabled={noBot && (KEY_FIELDS as readonly string[]).includes(f)}
                placeholder={f === 'channelBasicId' ? '@ABCDE' : undefined}
              />
            </Form.Item>
          </Col>
        ))}
      </Row>
    </>
  );
};

/** Wizard step 2 (spec 000 §5): the shop; invoice, FB and Google review URLs optional. */
export const BusinessStep = () => {
  const { i18n } = useTranslation('line');
  const text = useMessageText();
  return (
    <Row gutter={16}>
      {BUSINESS_FIELDS.map((f) => (
        <Col xs={24} md={12} key={f}>
          <Form.Item
            name={['business', f]}
            label={text(BUSINESS_STEP_LABELS[f])}
            required={!['invoice', 'fbUrl', 'googleReviewUrl'].includes(f)}
            rules={[zodRule(ZWizardBusiness.shape[f], i18n.language)]}
          >
            <Input id={`business_${f}`} />
          </Form.Item>
        </Col>
      ))}
    </Row>
  );
};

export const StepButtons = ({
  step,
  onPrev,
  onNext,
  onFinish,
  busy,
  canGoBack = true,
}: {
  step: number;
  onPrev: () => void;
  onNext: () => void;
  onFinish: () => void;
  busy: boolean;
  /** false once the shop is made (back after Finish): the earlier steps belong to that shop */
  canGoBack?: boolean;
}) => {
  const { t } = useTranslation('line');
  return (
    <Row justify="end" gutter={8}>
      {step > 0 && canGoBack && (
        <Col>
          <Button onClick={onPrev}>{t('prev')}</Button>
        </Col>
      )}
      <Col>
        {step < 2 ? (
          <Button type="primary" onClick={onNext}>
            {t('next')}
          </Button>
        ) : (
          <Button type="primary" onClick={onFinish} loading={busy}>
            {t('finish')}
          </Button>
        )}
      </Col>
    </Row>
  );
};
