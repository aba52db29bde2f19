import {
  forgotPasswordOp,
  PASSWORD_FLOW_MESSAGES,
  PASSWORD_MESSAGES,
  passwordTokenInfoOp,
  setPasswordOp,
  type TUserType,
  ZNewPassword,
} from '@shopdesk/contract';
import { Alert, Button, Form, Input, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../../lib/api';
import { useErrorText } from '../../../lib/error-text';
import { zodRule } from '../../../lib/form-rules';
import { FormError } from './FormError';

const pick = (m: { zh: string; en: string }, lang: string) => (lang === 'en' ? m.en : m.zh);

/** the forgotten-password form of every login page (the answer never says whether the e-mail exists). */
export const ForgotPanel = ({ portal, onBack }: { portal: TUserType; onBack: () => void }) => {
  const { t, i18n } = useTranslation('session');
  const errorText = useErrorText();
  const [state, setState] = useState<'idle' | 'pending' | 'sent'>('idle');
  const [error, setError] = useState<unknown>(null);
  const onFinish = async (v: { email: string }) => {
    setState('pending');
    setError(null);
    try {
      await callApi(forgotPasswordOp, { params: { type: portal }, body: { email: v.email.trim() } });
      setState('sent');
    } catch (err) {
      setError(err);
      setState('idle');
    }
  };
  return (
    <>
      <Typography.Title level={4}>{t('forgotTitle')}</Typography.Title>
      {state === 'sent' ? (
        <Alert
          type="success"
          showIcon
          role="status"
          title={pick(PASSWORD_FLOW_MESSAGES.resetSent, i18n.language)}
        />
      ) : (
        <>
          <Typography.Paragraph type="secondary">{t('forgotHint')}</Typography.Paragraph>
          {error ? <FormError text={errorText(error)} /> : null}
          <Form layout="vertical" requiredMark={false} onFinish={onFinish} disabled={state === 'pending'}>
            <Form.Item
              name="email"
              label={t('email')}
              rules={[zodRule(forgotPasswordOp.body!.shape.email, i18n.language)]}
            >
              <Input type="email" autoComplete="username" autoFocus />
            </Form.Item>
            <Button type="primary" htmlType="submit" block loading={state === 'pending'}>
              {t('sendLink')}
            </Button>
          </Form>
        </>
      )}
      <Button type="link" onClick={onBack} style={{ paddingInline: 0, marginTop: 8 }}>
        {t('backToSignIn')}
      </Button>
    </>
  );
};

/** the page an invitation or reset link opens: set a password with the single-use token. */
export const SetPasswordPanel = ({ token, onDone }: { token: string; onDone: () => void }) => {
  const { t, i18n } = useTranslation('session');
  const errorText = useErrorText();
  const [info, setInfo] = useState<{ email: string } | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [pending, setPending] = useState(false);
  const [done, setDone] = useState(false);
  useEffect(() => {
    callApi(passwordTokenInfoOp, { params: { token } }).then(setInfo, setError);
  }, [token]);
  const onFinish = async (v: { password: string }) => {
    setPending(true);
    setError(null);
    try {
      await callApi(setPasswordOp, { params: { token }, body: { password: v.password } });
      setDone(true);
    } catch (err) {
      setError(err);
    } finally {
      setPending(false);
    }
  };
  return (
    <>
      <Typography.Title level={4}>{t('setTitle')}</Typography.Title>
      {error ? <FormError text={errorText(error)} /> : null}
      {done ? (
        <>
          <Alert
            type="success"
            showIcon
            role="status"
            title={pick(PASSWORD_FLOW_MESSAGES.passwordSet, i18n.language)}
          />
          <Button type="primary" block onClick={onDone} style={{ marginTop: 16 }}>
            {t('signIn')}
          </Button>
        </>
      ) : info ? (
        <>
          <Typography.Paragraph type="secondary">{t('setHint', { email: info.email })}</Typography.Paragraph>
          <Form layout="vertical" requiredMark={false} onFinish={onFinish} disabled={pending}>
            <Form.Item
              name="password"
              label={t('newPassword')}
              rules={[zodRule(ZNewPassword, i18n.language)]}
            >
              <Input.Password autoComplete="new-password" autoFocus />
            </Form.Item>
            <Form.Item
              name="confirm"
              label={t('confirmPassword')}
              dependencies={['password']}
              rules={[
                ({ getFieldValue }) => ({
                  validator: async (_r, value) => {
                    if (value !== getFieldValue('password'))
                      throw new Error(pick(PASSWORD_MESSAGES.mismatch, i18n.language));
                  },
                }),
              ]}
            >
              <Input.Password autoComplete="new-password" />
            </Form.Item>
            <Button type="primary" htmlType="submit" block loading={pending}>
              {t('savePassword')}
            </Button>
          </Form>
        </>
      ) : error ? (
        <Button type="link" onClick={onDone} style={{ paddingInline: 0 }}>
          {t('backToSignIn')}
        </Button>
      ) : null}
    </>
  );
};
