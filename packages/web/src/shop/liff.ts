/**
 * LINE's LIFF: when the account has a LIFF id (OA settings) and the page runs inside the LINE
 * app, @line/liff is loaded (its own chunk, never part of the menu's first load) and the customer's LINE
 * profile fills the name. Outside LINE, with no LIFF id, or on any LIFF failure, null: a plain web page.
 */
type TLineProfile = { userId: string; displayName: string };
let profile: Promise<TLineProfile | null> | null = null;

export const insideLine = () => typeof navigator !== 'undefined' && / Line\//i.test(navigator.userAgent);

export const getLineProfile = (liffId: string): Promise<TLineProfile | null> => {
  if (!liffId || !insideLine()) return Promise.resolve(null);
  profile ??= (async () => {
    try {
      const { default: liff } = await import('@line/liff');
      await liff.init({ liffId });
      if (!liff.isLoggedIn()) return null;
      const p = await liff.getProfile();
      return { userId: p.userId.slice(0, 64), displayName: p.displayName };
    } catch {
      return null;
    }
  })();
  return profile;
};
