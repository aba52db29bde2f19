import { type ComponentType, lazy, type ReactNode } from 'react';
import { errorText } from './error-text';

/** spec 000 §4, §9: notifications close by themselves after 5 s, and on click. */
export const NOTIFY_DURATION_S = 5;

export type TNotifyKind = 'success' | 'info' | 'warning' | 'error';

/** What the host (antd's message and notification, bound to the app's theme and locale) provides. */
export type TNotifyApis = {
  toast: (kind: TNotifyKind, content: ReactNode) => void;
  card: (kind: TNotifyKind, title: ReactNode, description?: ReactNode) => void;
};

// The host is a lazy chunk mounted at start-up (antd's notification code is not needed to draw the login
// form); anything notified before it is ready waits in this queue.
let apis: TNotifyApis | null = null;
const pending: ((a: TNotifyApis) => void)[] = [];
const run = (call: (a: TNotifyApis) => void) => (apis ? call(apis) : void pending.push(call));

export const registerNotifyApis = (next: TNotifyApis | null) => {
  apis = next;
  if (next) for (const call of pending.splice(0)) call(next);
};

/** The one way features show feedback: toasts for short confirmations, cards for longer notes. */
export const notify = {
  success: (content: ReactNode) => run((a) => a.toast('success', content)),
  info: (content: ReactNode) => run((a) => a.toast('info', content)),
  warning: (content: ReactNode) => run((a) => a.toast('warning', content)),
  error: (content: ReactNode) => run((a) => a.toast('error', content)),
  card: (kind: TNotifyKind, title: ReactNode, description?: ReactNode) =>
    run((a) => a.card(kind, title, description)),
  /** A failed call, in the current language (server message or a connection hint). */
  apiError: (error: unknown) => run((a) => a.toast('error', errorText(error))),
};

/** Mount once under ConfigProvider (inside Suspense): renders antd's message and notification holders. */
export const NotifyHost: ComponentType = lazy(() =>
  import('./notify-host').then((m) => ({ default: m.NotifyHostImpl })),
);
