/**
 * localStorage access that never throws: private browsing modes and full quotas must not break sign-in.
 * Every key the app writes is listed here so a reviewer sees the whole client-side state in one place.
 */
export const STORAGE_KEYS = {
  /** The signed-in user (spec 000 §4: login state is kept in local storage). */
  user: 'shopdesk.user',
  /** Last portal type signed in at (spec 000 §2 route guard, §4). */
  portal: 'shopdesk.portal',
  /** Language chosen with ?lang= or the selector (spec 000 §1). */
  lang: 'shopdesk.lang',
} as const;

type TStorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

export const readStorage = (key: TStorageKey): string | null => {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
};

export const writeStorage = (key: TStorageKey, value: string | null): void => {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Storage unavailable: the app still works for this tab, it just forgets on reload.
  }
};
