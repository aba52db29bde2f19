import { type FormEvent, type KeyboardEvent, type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PlainButton } from '../../../components/PlainButton';
import { PlainIcon } from '../../../components/PlainIcon';
import {
  EyeInvisibleOutlined,
  EyeOutlined,
  LockOutlined,
  MailOutlined,
} from '../../../components/plain-icons';
import { PLAIN_TOKENS as token } from '../../../shell/theme';
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

/** The password's show/hide switch, named as antd's Input.Password names it (its locales' global show/hide). */
const TOGGLE_LABEL = { zh: { show: '顯示', hide: '隱藏' }, en: { show: 'Show', hide: 'Hide' } } as const;

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
 * load, and the fields and button drawn in the markup and look of antd's large Input, Input.Password and primary
 * Button (styles.css "Plain controls") keep antd itself out of it (docs/decisions/foundation.md "Login route
 * first load").
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
  const [values, setValues] = useState<TValues>({ email: '', password: '' });
  const [problems, setProblems] = useState<Partial<Record<TField, TProblem>>>({});
  // The latest check of each field wins: a slow earlier one must not overwrite it.
  const checks = useRef<Record<TField, number>>({ email: 0, password: 0 });
  const en = i18n.language === 'en';
  const [shown, setShown] = useState(false);
  const toggleShown = () => {
    if (!pending) setShown((v) => !v);
  };

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
      disabled: pending,
      'aria-invalid': problem === undefined ? undefined : true,
      'aria-describedby': problem === undefined ? undefined : `${field}_help`,
      onChange: (e: { target: { value: string } }) => {
        const value = e.target.value;
        setValues((v) => ({ ...v, [field]: value }));
      },
      onBlur: () => void check(field, values[field]),
    };
  };
  const boxClass = (field: TField) =>
    `sd-input${text(field) === undefined ? '' : ' sd-input-error'}${pending ? ' sd-input-disabled' : ''}`;

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
        <span className={boxClass('email')}>
          <span className="sd-input-prefix">
            <PlainIcon icon={MailOutlined} />
          </span>
          <input
            {...fieldProps('email')}
            type="email"
            autoComplete="username"
            placeholder={t('emailPlaceholder')}
            // biome-ignore lint/a11y/noAutofocus: the page's one task; antd's Input took autoFocus as well
            autoFocus
          />
        </span>
      </Field>
      <Field id="password" label={t('password')} problem={text('password')}>
        <span className={boxClass('password')}>
          <span className="sd-input-prefix">
            <PlainIcon icon={LockOutlined} />
          </span>
          <input
            {...fieldProps('password')}
            type={shown ? 'text' : 'password'}
            autoComplete="current-password"
            placeholder={t('passwordPlaceholder')}
          />
          <span className="sd-input-suffix">
            {/* biome-ignore lint/a11y/useSemanticElements: antd's Input.Password switch, same markup and keys */}
            <span
              role="button"
              tabIndex={pending ? -1 : 0}
              className="sd-input-eye"
              aria-disabled={pending}
              aria-pressed={shown}
              aria-label={TOGGLE_LABEL[en ? 'en' : 'zh'][shown ? 'hide' : 'show']}
              // keeps the focus (and the caret) in the field, as antd's toggle does
              onMouseDown={(e) => e.preventDefault()}
              onMouseUp={(e) => e.preventDefault()}
              onClick={toggleShown}
              onKeyDown={(e: KeyboardEvent) => {
                if (e.key === 'Enter' || e.key === ' ') {
                  e.preventDefault();
                  if (!e.repeat) toggleShown();
                }
              }}
            >
              <PlainIcon icon={shown ? EyeOutlined : EyeInvisibleOutlined} />
            </span>
          </span>
        </span>
      </Field>
      <PlainButton primary large block pending={pending} type="submit" style={{ marginTop: 8 }}>
        {pending ? t('signingIn') : t('signIn')}
      </PlainButton>
    </form>
  );
};
