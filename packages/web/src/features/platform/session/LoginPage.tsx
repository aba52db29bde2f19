import type { TUser, TUserType } from '@shopdesk/contract';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { AntdScope } from '../../../components/AntdScope';
import { PlainButton } from '../../../components/PlainButton';
import { callApi } from '../../../lib/api';
import { useErrorText } from '../../../lib/error-text';
import type { TPageProps } from '../../../shell/lazy-page';
import { homePath } from '../../../shell/manager-pages';
import { portalColor } from '../../../shell/theme';
import { FormError } from './FormError';
import { LoginForm } from './LoginForm';
import { LoginHeader } from './LoginHeader';
import { OtherPortals } from './OtherPortals';
import { LoginCard, useSignInState } from './SignInCard';
import { isLoginPath, loadSessionOps, useSession } from './session-context';

// the forgotten-password and set-password forms load only when asked for.
const ForgotPanel = lazy(() => import('./PasswordPanels').then((m) => ({ default: m.ForgotPanel })));
const SetPasswordPanel = lazy(() =>
  import('./PasswordPanels').then((m) => ({ default: m.SetPasswordPanel })),
);
// the two-factor steps (code, or a gaa's forced enrolment) load only when the password asks.
const CodeStep = lazy(() => import('./TwoFactorPanels').then((m) => ({ default: m.CodeStep })));
const EnrolStep = lazy(() => import('./TwoFactorPanels').then((m) => ({ default: m.EnrolStep })));

type TFromState = { from?: { pathname: string; search?: string; hash?: string } } | null;

/** Where to go after signing in: the page the guard saved (never another login page), else the user's home. */
const targetOf = (state: TFromState, user: TUser) => {
  const from = state?.from;
  if (!from?.pathname || isLoginPath(from.pathname)) return homePath(user);
  return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
};

/**
 * spec 000 §2 Login pages, §4 Session, §8 Login failure. One page for every portal type. Drawn without antd
 * (plain elements in antd's look); the later steps (forgotten password, two-factor) bring antd with them
 * (AntdScope). docs/decisions/foundation.md "Login route first load".
 */
const LoginPage = ({ route }: TPageProps) => {
  const portal: TUserType = route.portal && route.portal !== 'pos' ? route.portal : 'eaa';
  const { t } = useTranslation('session');
  const { user, signedIn } = useSession();
  const location = useLocation();
  const errorText = useErrorText();
  // A plain call, not useApiMutation: the query cache is not part of the login route's first load.
  const { pending, error, run } = useSignInState();
  const [params, setParams] = useSearchParams();
  const [forgot, setForgot] = useState(false);
  // after a right password: the code step, or (gaa without two-factor) the enrolment step
  const [second, setSecond] = useState<{ step: 'totp' | 'enrol'; email: string } | null>(null);
  const setToken = params.get('setPassword');

  if (user) return <Navigate to={targetOf(location.state as TFromState, user)} replace />;

  const onFinish = (values: { email: string; password: string }) =>
    run(async () => {
      const body = { email: values.email.trim(), password: values.password, type: portal };
      const { signinOp } = await loadSessionOps();
      const answer = await callApi(signinOp, { params: { type: portal }, body });
      if ('next' in answer) setSecond({ step: answer.next, email: body.email });
      else signedIn(answer.user); // re-renders into the <Navigate> above
    });

  return (
    <LoginCard labelledBy="login-title" accent={portalColor(portal).bg}>
      <LoginHeader portal={portal} routeId={route.id} />
      {second ? (
        <Suspense fallback={null}>
          <AntdScope>
            {second.step === 'totp' ? (
              <CodeStep email={second.email} onDone={signedIn} onBack={() => setSecond(null)} />
            ) : (
              <EnrolStep onDone={signedIn} onBack={() => setSecond(null)} />
            )}
          </AntdScope>
        </Suspense>
      ) : null}
      {setToken || forgot ? (
        <Suspense fallback={null}>
          <AntdScope>
            {setToken ? (
              <SetPasswordPanel token={setToken} onDone={() => setParams({}, { replace: true })} />
            ) : (
              <ForgotPanel portal={portal} onBack={() => setForgot(false)} />
            )}
          </AntdScope>
        </Suspense>
      ) : null}
      {error && !setToken && !forgot && !second ? <FormError text={errorText(error)} /> : null}
      <LoginForm hidden={Boolean(setToken || forgot || second)} pending={pending} onFinish={onFinish} />
      {setToken || forgot || second ? null : (
        <PlainButton onClick={() => setForgot(true)} style={{ paddingInline: 0, marginTop: 8 }}>
          {t('forgot')}
        </PlainButton>
      )}
      <OtherPortals current={portal} />
    </LoginCard>
  );
};

export default LoginPage;
