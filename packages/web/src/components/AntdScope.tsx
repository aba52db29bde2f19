import {
  type ComponentType,
  createContext,
  lazy,
  type ReactNode,
  Suspense,
  useContext,
  useEffect,
  useState,
} from 'react';
import { withTimeout } from '../shell/lazy-page';

const loadProvider = () =>
  withTimeout(() => import('./AntdProvider')).then(async (m) => {
    await m.antdReady();
    return m;
  });
const Provider = lazy(() => loadProvider().then((m) => ({ default: m.AntdProvider })));
// A host that cannot load leaves toasts waiting in the queue, as before it loads; the page stays.
const NotifyRoot = lazy<ComponentType>(() =>
  loadProvider().then(
    (m) => ({ default: m.NotifyRoot }),
    () => ({ default: () => null }),
  ),
);

const InScope = createContext(false);

/**
 * antd's theme and locale (AntdProvider, its own chunk with antd's core) around what uses antd: the signed-in
 * shell, every page but the console's login page, the login page's later steps. The login page is drawn
 * without antd, so its route loads none of it (docs/decisions/foundation.md "Login route first load"). A
 * scope inside another adds nothing. Suspends while the chunk loads: place it under a Suspense boundary.
 */
export const AntdScope = ({ children }: { children: ReactNode }) =>
  useContext(InScope) ? (
    children
  ) : (
    <InScope.Provider value>
      <Provider>{children}</Provider>
    </InScope.Provider>
  );

/** Runs when the browser is idle after the first paint (a timer where requestIdleCallback is missing). */
const whenIdle = (run: () => void) => {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(run, { timeout: 2000 });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(run, 200);
  return () => clearTimeout(id);
};

/**
 * The toast host, mounted once when the browser is idle after the first paint: toasts asked for before
 * wait in lib/notify-queue. Loading it also fetches antd's core, so the signed-in shell finds it cached.
 */
export const LateNotifyHost = () => {
  const [mount, setMount] = useState(false);
  useEffect(() => whenIdle(() => setMount(true)), []);
  return mount ? (
    <Suspense fallback={null}>
      <NotifyRoot />
    </Suspense>
  ) : null;
};
