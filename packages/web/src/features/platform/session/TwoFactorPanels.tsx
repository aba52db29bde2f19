import { SafetyOutlined } from '@ant-design/icons';
import {
  signinEnrolConfirmOp,
  signinEnrolStartOp,
  signinTotpOp,
  type TTotpSetup,
  type TUser,
  ZOtpCodeBody,
  ZTotpCodeBody,
} from '@shopdesk/contract';
import { Alert, Button, Flex, Form, Input, QRCode, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../../lib/api';
import { useErrorText } from '../../../lib/error-text';
import { zodRule } from '../../../lib/form-rules';
import { FormError } from './FormError';

/** the recovery codes, shown once right after enrolment, with a way to copy them. */
export const RecoveryCodes = ({ codes, onDone }: { codes: string[]; onDone: () => void }) => {
  const { t } = useTranslation('session');
  return (
    <Flex vertical gap={12} data-testid="recovery-codes">
      <Typography.Title level={4} style={{ margin: 0 }}>
        {t('tfRecoveryTitle')}
      </Typography.Title>
      <Alert type="warning" showIcon title={t('tfRecoveryHint')} />
      <ol
        style={{
          columns: 2,
          fontFamily: 'monospace',
          fontSize: 15,
          margin: 0,
          paddingInlineStart: 28,
          lineHeight: 1.9,
        }}
      >
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ol>
      <Flex gap={8} wrap>
        <Typography.Text copyable={{ text: codes.join('\n') }}>{t('tfCopy')}</Typography.Text>
      </Flex>
      <Button type="primary" onClick={onDone} block>
        {t('tfRecoveryDone')}
      </Button>
    </Flex>
  );
};

/** The QR code (otpauth:// URI) and the key to type by hand, and the first code that confirms it. */
export const EnrolForm = ({
  setup,
  pending,
  error,
  onConfirm,
  extra,
}: {
  setup: TTotpSetup;
  pending: boolean;
  error: unknown;
  onConfirm: (code: string) => void;
  extra?: React.ReactNode;
}) => {
  const { t, i18n } = useTranslation('session');
  const errorText = useErrorText();
  return (
    <Flex vertical gap={12}>
      <Typography.Paragraph style={{ margin: 0 }}>{t('tfEnrolSteps')}</Typography.Paragraph>
      <Flex justify="center">
        <QRCode value={setup.otpauthUri} size={184} bordered data-testid="totp-qr" />
      </Flex>
      <div>
        <Typography.Text type="secondary">{t('tfSecret')}: </Typography.Text>
        <Typography.Text code copyable data-testid="totp-secret">
          {setup.secret}
        </Typography.Text>
      </div>
      {error ? <FormError text={errorText(error)} /> : null}
      <Form
        layout="vertical"
        requiredMark={false}
        disabled={pending}
        onFinish={(v: { code: string }) => onConfirm(v.code.trim())}
      >
        <Form.Item name="code" label={t('tfCode')} rules={[zodRule(ZTotpCodeBody.shape.code, i18n.language)]}>
          <Input
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={7}
            placeholder="123456"
            autoFocus
            style={{ fontFamily: 'monospace', letterSpacing: 2 }}
          />
        </Form.Item>
        <Flex gap={8}>
          <Button type="primary" htmlType="submit" loading={pending} block>
            {t('tfConfirm')}
          </Button>
          {extra}
        </Flex>
      </Form>
    </Flex>
  );
};

/** Login, second step: the 6-digit code of the half-done sign-in (or a recovery code). */
export const CodeStep = ({
  email,
  onDone,
  onBack,
}: {
  email: string;
  onDone: (user: TUser) => void;
  onBack: () => void;
}) => {
  const { t, i18n } = useTranslation('session');
  const errorText = useErrorText();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [form] = Form.useForm();
  const onFinish = async (v: { code: string }) => {
    setPending(true);
    setError(null);
    try {
      const { user } = await callApi(signinTotpOp, { body: { code: v.code.trim() } });
      onDone(user);
    } catch (err) {
      setError(err);
      setPending(false);
      form.setFieldValue('code', '');
    }
  };
  return (
    <Flex vertical gap={8}>
      <Typography.Title level={4} style={{ margin: 0 }}>
        <SafetyOutlined /> {t('tfCodeTitle')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('tfCodeHint', { email })}</Typography.Paragraph>
      {error ? <FormError text={errorText(error)} /> : null}
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={onFinish}
        disabled={pending}
        size="large"
      >
        <Form.Item name="code" label={t('tfCode')} rules={[zodRule(ZOtpCodeBody.shape.code, i18n.language)]}>
          <Input
            autoComplete="one-time-code"
            placeholder={t('tfCodePlaceholder')}
            autoFocus
            maxLength={20}
            style={{ fontFamily: 'monospace', letterSpacing: 2 }}
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={pending}>
          {t('tfVerify')}
        </Button>
      </Form>
      <Button type="link" onClick={onBack} style={{ paddingInline: 0, alignSelf: 'flex-start' }}>
        {t('tfBack')}
      </Button>
    </Flex>
  );
};

/** Login, forced enrolment of a gaa: scan, confirm, save the recovery codes, then in. */
export const EnrolStep = ({ onDone, onBack }: { onDone: (user: TUser) => void; onBack: () => void }) => {
  const { t } = useTranslation('session');
  const errorText = useErrorText();
  const [setup, setSetup] = useState<TTotpSetup | null>(null);
  const [loadError, setLoadError] = useState<unknown>(null);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [done, setDone] = useState<{ user: TUser; recoveryCodes: string[] } | null>(null);
  useEffect(() => {
    callApi(signinEnrolStartOp, {}).then(setSetup, setLoadError);
  }, []);
  if (done) return <RecoveryCodes codes={done.recoveryCodes} onDone={() => onDone(done.user)} />;
  const confirm = async (code: string) => {
    setPending(true);
    setError(null);
    try {
      setDone(await callApi(signinEnrolConfirmOp, { body: { code } }));
    } catch (err) {
      setError(err);
    }
    setPending(false);
  };
  return (
    <Flex vertical gap={8}>
      <Typography.Title level={4} style={{ margin: 0 }}>
        <SafetyOutlined /> {t('tfEnrolTitle')}
      </Typography.Title>
      <Alert type="info" showIcon title={t('tfEnrolRequired')} />
      {loadError ? <FormError text={errorText(loadError)} /> : null}
      {setup ? (
        <EnrolForm setup={setup} pending={pending} error={error} onConfirm={(c) => void confirm(c)} />
      ) : loadError ? null : (
        <Spin />
      )}
      <Button type="link" onClick={onBack} style={{ paddingInline: 0, alignSelf: 'flex-start' }}>
        {t('tfBack')}
      </Button>
    </Flex>
  );
};
