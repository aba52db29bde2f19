import { UserOutlined } from '@ant-design/icons';
import { posSigninOp } from '@shopdesk/contract';
import { Form, Input, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { callApi } from '../../../lib/api';
import { useErrorText } from '../../../lib/error-text';
import type { TPageProps } from '../../../shell/lazy-page';
import { FormError } from '../../platform/session/FormError';
import { LoginCard, PasswordAndSubmit, useSignInState } from '../../platform/session/LoginCard';

/**
 * /qcpos/login (spec 000 §2 Login pages, §7 POST /qcpos/signin): an order machine signs in with its POS
 * username; the server sets the device's HttpOnly cookie and the board opens.
 */
const QcposLoginPage = (_props: TPageProps) => {
  const { t } = useTranslation('posBoard');
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const errorText = useErrorText();
  const { pending, error, run } = useSignInState();

  const onFinish = (values: { username: string; password: string }) =>
    run(async () => {
      await callApi(posSigninOp, { body: { username: values.username, password: values.password } });
      navigate('/qcpos/pos', { replace: true });
    });

  return (
    <LoginCard labelledBy="pos-login-title" accent="#d46b08">
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
        <PasswordAndSubmit
          label={t('password')}
          placeholder={t('passwordPlaceholder')}
          rules={[{ required: true }]}
          pending={pending}
          submitText={t('signIn')}
          pendingText={t('signingIn')}
        />
      </Form>
    </LoginCard>
  );
};
export default QcposLoginPage;
