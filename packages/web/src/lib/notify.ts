import { type ComponentType, lazy, type ReactNode } from 'react';
import { errorText } from './error-text';
import { runNotify as run, type TNotifyKind } from './notify-queue';

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
