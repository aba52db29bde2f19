import { LockOutlined, MailOutlined } from '@ant-design/icons';
import { Button, theme } from 'antd';
// The field components themselves, not antd's Input barrel: that one carries TextArea, Search and OTP.
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { type FormEvent, type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadSessionOps } from './session-context';

type TField = 'email' | 'password';
type TValues = Record<TField, string>;
/** A field's problem in both languages: the contract's zh text and its en counterpart (spec 000 §1). */
type TProblem = { zh: string; en: string };

/** The contract's sign-in rule for one field (ZSigninRequest), loaded with the first check like the call. */
const problemOf = async (field: TField, value: string): Promise<TProblem | undefined> => {
  const [{ ZSigninRequest }, { englishFor }] = await Promise.all([
    loadSessionOps(),
    import('../../../lib/english-for'),
  ]);
  const result = ZSigninRequest.shape[field].safeParse(value);
  if (result.success) return undefined;
  const zh = result.error.issues[0]?.message ?? '';
  return { zh, en: englishFor(zh) ?? zh };
};

/**
 * One labelled field in the layout of antd's vertical, large Form.Item: label row, control, and the error
 * line taking the place of the item's bottom margin (so a message does not move what follows).
 */
const Field = ({
  id,
  label,
  problem,
  children,
}: {
  id: string;
  label: string;
  problem: string | undefined;
  children: ReactNode;
}) => {
  const { token } = theme.useToken();
  return (
    <div style={{ marginBottom: problem === undefined ? token.marginLG : 0 }}>
      <div style={{ paddingBottom: token.paddingXS }}>
        <label
          htmlFor={id}
          title={label}
          style={{ display: 'inline-flex', alignItems: 'center', height: token.controlHeightLG }}
        >
          {label}
        </label>
      </div>
      {children}
      {problem === undefined ? null : (
        <div style={{ minHeight: token.marginLG }}>
          <div id={`${id}_help`} style={{ color: token.colorError }}>
            {problem}
          </div>
        </div>
      )}
    </div>
  );
};

/**
 * The console's sign-in form (spec 000 §2 Login pages): e-mail and password checked with the contract's
 * rules on leaving a field and on submit, as the antd Form it replaces did (validateTrigger onBlur). Plain
 * React state instead of antd's Form keeps rc-field-form and async-validator out of the login route's first
 * load (docs/decisions/foundation.md "Login route first load").
 */
export const LoginForm = ({
  hidden,
  pending,
  onFinish,
}: {
  hidden: boolean;
  pending: boolean;
  onFinish: (values: TValues) => void;
}) => {
  const { t, i18n } = useTranslation('session');
  const { token } = theme.useToken();
  const [values, setValues] = useState<TValues>({ email: '', password: '' });
  const [problems, setProblems] = useState<Partial<Record<TField, TProblem>>>({});
  // The latest check of each field wins: a slow earlier one must not overwrite it.
  const checks = useRef<Record<TField, number>>({ email: 0, password: 0 });
  const en = i18n.language === 'en';

  const check = async (field: TField, value: string) => {
    const seq = ++checks.current[field];
    const problem = await problemOf(field, value);
    if (seq === checks.current[field]) setProblems((p) => ({ ...p, [field]: problem }));
    return problem;
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    const given = values;
    const found = await Promise.all([check('email', given.email), check('password', given.password)]);
    if (found.every((p) => p === undefined)) onFinish(given);
  };

  const text = (field: TField) => {
    const problem = problems[field];
    return problem && (en ? problem.en : problem.zh);
  };
  const fieldProps = (field: TField) => {
    const problem = text(field);
    return {
      id: field,
      value: values[field],
      size: 'large' as const,
      disabled: pending,
      status: problem === undefined ? undefined : ('error' as const),
      'aria-invalid': problem === undefined ? undefined : true,
      'aria-describedby': problem === undefined ? undefined : `${field}_help`,
      onChange: (e: { target: { value: string } }) => {
        const value = e.target.value;
        setValues((v) => ({ ...v, [field]: value }));
      },
      onBlur: () => void check(field, values[field]),
    };
  };

  return (
    <form
      hidden={hidden}
      onSubmit={(e) => void onSubmit(e)}
      style={{
        fontFamily: token.fontFamily,
        fontSize: token.fontSize,
        lineHeight: token.lineHeight,
        color: token.colorText,
      }}
    >
      <Field id="email" label={t('email')} problem={text('email')}>
        <Input
          {...fieldProps('email')}
          prefix={<MailOutlined />}
          type="email"
          autoComplete="username"
          placeholder={t('emailPlaceholder')}
          autoFocus
        />
      </Field>
      <Field id="password" label={t('password')} problem={text('password')}>
        <Password
          {...fieldProps('password')}
          prefix={<LockOutlined />}
          autoComplete="current-password"
          placeholder={t('passwordPlaceholder')}
        />
      </Field>
      <Button
        type="primary"
        htmlType="submit"
        size="large"
        block
        loading={pending}
        disabled={pending}
        style={{ marginTop: 8 }}
      >
        {pending ? t('signingIn') : t('signIn')}
      </Button>
    </form>
  );
};
