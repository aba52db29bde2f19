import type { TUser } from '@shopdesk/contract';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { type Location, useLocation, useNavigate } from 'react-router';
import { callApi, onUnauthorized } from '../../../lib/api';
import { notify } from '../../../lib/notify';
import { emitSessionEnded } from '../../../lib/session-events';
import { STORAGE_KEYS } from '../../../lib/storage';
import { homePath } from '../../../shell/manager-pages';
import { LOGIN_ROUTES } from '../../../shell/route-types';
import { ViewerHomeContext, ViewerTypeContext } from '../../../shell/viewer-type';
import {
  loginPath,
  portalOf,
  readStoredUser,
  rememberedPortal,
  rememberPortal,
  storeUser,
} from './session-storage';

/** The session's contract operations, fetched when first needed (see session-ops.ts). */
export const loadSessionOps = () => import('./session-ops');

/** spec 000 §9: the session-expiry (and logout) redirect waits 1 s. */
export const SESSION_REDIRECT_MS = 1000;

type TSession = {
  user: TUser | null;
  /** Between a logout or an expired session and the redirect to the login page. */
  leaving: boolean;
  /** The login page stores the user the server answered with. */
  signedIn: (user: TUser) => void;
  logout: () => Promise<void>;
};

const SessionContext = createContext<TSession | null>(null);

const LOGIN_PATHS = new Set(LOGIN_ROUTES.map((r) => r.path));
export const isLoginPath = (pathname: string) => LOGIN_PATHS.has(pathname.replace(/\/+$/, ''));

/**
 * Login state lives in localStorage (spec 000 §4) and is confirmed by GET /me on load. A 401 on any
 * call ends the session: after 1 s the visitor goes to the remembered portal's login page, unless
 * already on a login page. Must sit inside the router (it navigates).
 */
export const SessionProvider = ({ children }: { children: ReactNode }) => {
  const { t } = useTranslation('session');
  const navigate = useNavigate();
  const location = useLocation();
  const [user, setUser] = useState<TUser | null>(readStoredUser);
  const [leaving, setLeaving] = useState(false);
  const here = useRef<Location>(location);
  here.current = location;
  const timer = useRef<number | undefined>(undefined);
  const leavingRef = useRef(false);

  const endSession = useCallback(
    (target: string, opts: { from?: Location; skipOnLogin: boolean }) => {
      storeUser(null);
      setUser(null);
      leavingRef.current = true;
      setLeaving(true);
      emitSessionEnded(); // no cached data of the previous user survives
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => {
        leavingRef.current = false;
        setLeaving(false);
        if (opts.skipOnLogin && isLoginPath(here.current.pathname)) return;
        navigate(target, { replace: true, state: opts.from ? { from: opts.from } : undefined });
      }, SESSION_REDIRECT_MS);
    },
    [navigate],
  );

  // spec 000 §4, §8: 401 on any call (sign-in excluded in callApi).
  useEffect(
    () =>
      onUnauthorized(() => {
        if (leavingRef.current) return;
        if (readStoredUser()) notify.warning(t('sessionExpired'));
        endSession(loginPath(rememberedPortal()), { from: here.current, skipOnLogin: true });
      }),
    [endSession, t],
  );

  // Confirm the stored login once on load; a 401 lands in the listener above.
  useEffect(() => {
    if (!readStoredUser()) return;
    loadSessionOps()
      .then(({ meOp }) => callApi(meOp, {}))
      .then(({ user: fresh }) => {
        storeUser(fresh);
        setUser(fresh);
      })
      .catch(() => undefined); // offline: keep the stored user, the next call will tell
  }, []);

  // Another tab signed out (or in as someone else): follow it.
  useEffect(() => {
    const onStorage = (e: StorageEvent) => {
      if (e.key !== STORAGE_KEYS.user) return;
      const next = readStoredUser();
      if (!next) emitSessionEnded();
      setUser(next);
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  const signedIn = useCallback((next: TUser) => {
    window.clearTimeout(timer.current);
    leavingRef.current = false;
    storeUser(next);
    rememberPortal(next.type);
    setLeaving(false);
    setUser(next);
  }, []);

  const logout = useCallback(async () => {
    const type = user?.type ?? 'eaa';
    // The server session may be gone already; the local sign-out happens regardless.
    await loadSessionOps()
      .then(({ signoutOp }) => callApi(signoutOp, {}))
      .catch(() => undefined);
    notify.success(t('signedOut'));
    // spec 000 §4: manual logout goes to the login page of the user's type (line → eaa).
    endSession(loginPath(portalOf(type)), { skipOnLogin: false });
  }, [user, endSession, t]);

  const value = useMemo(() => ({ user, leaving, signedIn, logout }), [user, leaving, signedIn, logout]);
  return (
    <SessionContext.Provider value={value}>
      <ViewerTypeContext.Provider value={value.user?.type}>
        <ViewerHomeContext.Provider value={homePath(value.user)}>{children}</ViewerHomeContext.Provider>
      </ViewerTypeContext.Provider>
    </SessionContext.Provider>
  );
};

/** The session when there is one (status pages render inside and outside the provider). */
export const useOptionalSession = (): TSession | null => useContext(SessionContext);

export const useSession = (): TSession => {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside SessionProvider');
  return session;
};
