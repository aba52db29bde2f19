import type { ReactNode } from 'react';

/** spec 000 §4, §9: notifications close by themselves after 5 s, and on click. */
export const NOTIFY_DURATION_S = 5;

export type TNotifyKind = 'success' | 'info' | 'warning' | 'error';

/** What the host (antd's message and notification, bound to the app's theme and locale) provides. */
export type TNotifyApis = {
  toast: (kind: TNotifyKind, content: ReactNode) => void;
  card: (kind: TNotifyKind, title: ReactNode, description?: ReactNode) => void;
};

// The host is a lazy chunk mounted at start-up (antd's notification code is not needed to draw the login
// form); anything notified before it is ready waits in this queue. notify.ts sends into it, notify-host.ts
// registers the apis, so neither of the two imports the other (decision "Floors").
let apis: TNotifyApis | null = null;
const pending: ((a: TNotifyApis) => void)[] = [];
export const runNotify = (call: (a: TNotifyApis) => void) => (apis ? call(apis) : void pending.push(call));

export const registerNotifyApis = (next: TNotifyApis | null) => {
  apis = next;
  if (next) for (const call of pending.splice(0)) call(next);
};
