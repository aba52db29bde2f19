/**
 * 團購: the share link goes out through LINE's share target picker (LIFF) when the page runs inside LINE with a
 * LIFF id and the picker is available; otherwise the app offers the copy button only.
 */
import { insideLine } from './liff';

export const canShareOnLine = (liffId: string) => Boolean(liffId) && insideLine();

export const shareOnLine = async (liffId: string, text: string): Promise<boolean> => {
  try {
    const { default: liff } = await import('@line/liff');
    await liff.init({ liffId });
    if (!liff.isApiAvailable('shareTargetPicker')) return false;
    const res = await liff.shareTargetPicker([{ type: 'text', text }]);
    return Boolean(res);
  } catch {
    return false;
  }
};

export const copyText = async (text: string): Promise<boolean> => {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
};
