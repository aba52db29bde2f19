import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { posSigninOp } from '@shopdesk/contract';
import { Button, Form, Input, theme } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { callApi } from '../../lib/api';
import { useErrorText } from '../../lib/error-text';
import type { TPageProps } from '../../shell/lazy-page';
import { FormError } from '../session/FormError';

/**
 * /qcpos/login (spec 000 §2 Login pages, §7 POST /qcpos/signin): an order machine signs in with its POS
 * username; the server sets the device's HttpOnly cookie and the board opens.
 */
const QcposLoginPage = (_props: TPageProps) => {
  const { t } = useTranslation('posBoard');
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const errorText = useErrorText();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);

  const onFinish = async (values: { username: string; password: string }) => {
    setPending(true);
    setError(null);
    try {
      await callApi(posSigninOp, { body: { username: values.username, password: values.password } });
      navigate('/qcpos/pos', { replace: true });
    } catch (err) {
      setError(err);
      setPending(false);
    }
  };

  return (
    <div
      style={{ flex: 1, display: 'flex', alignItems: 'center', justifyContent: 'center', padding: '24px 0' }}
    >
      <section
        aria-labelledby="pos-login-title"
        style={{
          width: 'min(420px, 100%)',
          padding: 'clamp(20px, 5vw, 36px)',
          background: token.colorBgContainer,
          borderRadius: token.borderRadiusLG * 1.5,
          borderTop: '4px solid #d46b08',
          boxShadow: '0 12px 32px rgba(15, 23, 42, 0.08)',
        }}
      >
        <header style={{ marginBottom: 24 }}>
          <h1 id="pos-login-title" style={{ margin: 0, fontSize: token.fontSizeHeading3, fontWeight: 600 }}>
            {t('loginTitle')}
          </h1>
          <span style={{ color: token.colorTextSecondary }}>{t('loginTagline')}</span>
        </header>
        {error ? <FormError text={errorText(error)} /> : null}
        <Form layout="vertical" requiredMark={false} onFinish={onFinish} disabled={pending} size="large">
          <Form.Item name="username" label={t('username')} rules={[{ required: true, whitespace: true }]}>
            <Input
              prefix={<UserOutlined />}
              autoComplete="username"
              autoCapitalize="none"
              placeholder={t('usernamePlaceholder')}
              autoFocus
            />
          </Form.Item>
          <Form.Item name="password" label={t('password')} rules={[{ required: true }]}>
            <Input.Password
              prefix={<LockOutlined />}
              autoComplete="current-password"
              placeholder={t('passwordPlaceholder')}
            />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={pending} style={{ marginTop: 8 }}>
            {pending ? t('signingIn') : t('signIn')}
          </Button>
        </Form>
      </section>
    </div>
  );
};
export default QcposLoginPage;
