import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { CenteredSpin } from '../../../components/CenteredSpin';
import { useSession } from './session-context';
import { loginPath, rememberedPortal } from './session-storage';

/**
 * spec 000 §2 route guard: only a signed-in user with an id passes; anyone else goes to the login page
 * of the last remembered portal, which sends them back here (`from`) after signing in.
 */
export const RequireSession = ({ children }: { children: ReactNode }) => {
  const { user, leaving } = useSession();
  const location = useLocation();
  const { t } = useTranslation('session');
  if (leaving) return <CenteredSpin tip={t('leaving')} fullScreen />;
  if (!user?.id) return <Navigate to={loginPath(rememberedPortal())} replace state={{ from: location }} />;
  return children;
};
