import { LockOutlined } from '@ant-design/icons';
import { Button, Form, Input } from 'antd';

// The card and the sign-in state live in SignInCard.tsx, which the console's login page imports without
// this module: antd's Form is not part of the login route's first load (docs/decisions/foundation.md "Login route first load").
export { LoginCard, useSignInState } from './SignInCard';

/** The order machine's password field and sign-in button, in antd's Form (the console's: LoginForm.tsx). */
export const PasswordAndSubmit = ({
  label,
  placeholder,
  rules,
  pending,
  submitText,
  pendingText,
}: {
  label: string;
  placeholder: string;
  rules: NonNullable<Parameters<typeof Form.Item>[0]['rules']>;
  pending: boolean;
  submitText: string;
  pendingText: string;
}) => (
  <>
    <Form.Item name="password" label={label} rules={rules}>
      <Input.Password prefix={<LockOutlined />} autoComplete="current-password" placeholder={placeholder} />
    </Form.Item>
    <Button type="primary" htmlType="submit" block loading={pending} style={{ marginTop: 8 }}>
      {pending ? pendingText : submitText}
    </Button>
  </>
);
