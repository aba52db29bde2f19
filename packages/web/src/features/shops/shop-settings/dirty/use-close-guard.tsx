import { Modal } from 'antd';
import { type ReactNode, useCallback, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { type TLeaveTarget, useLeaveGuard } from './use-leave-guard';

/**
 * The leave question for a drawer or dialog (docs/decisions/console.md "leaving unsaved work"): closing it
 * (its 取消, the ✕, a click on the mask, Esc) with unsaved edits asks the settings page's question (尚有未儲存的修改
 * … 確定要離開嗎？) and closes only on 離開; while it holds edits, leaving the page asks too (useLeaveGuard).
 * `close` passed to `confirmClose` runs at once when nothing is unsaved; `allow` is useLeaveGuard's (navigations
 * that stay on the page). Render `holder`.
 */
export const useCloseGuard = (
  dirty: boolean,
  opts: {
    allow?: (target: TLeaveTarget) => boolean;
    /**
     * Whether it holds edits at this very moment, read from the form itself: `dirty` is as of the last
     * render, and a close that comes right after a keystroke (before React has rendered it) must see it.
     */
    dirtyNow?: () => boolean;
  } = {},
): { confirmClose: (close: () => void) => void; holder: ReactNode } => {
  const leaveHolder = useLeaveGuard(dirty, { allow: opts.allow });
  const [modal, holder] = Modal.useModal();
  const { t } = useTranslation('shopSettings');
  const asking = useRef(false);
  const dirtyNow = useRef(dirty);
  dirtyNow.current = dirty;
  const readNow = useRef(opts.dirtyNow);
  readNow.current = opts.dirtyNow;
  const confirmClose = useCallback(
    (close: () => void) => {
      if (!(dirtyNow.current || readNow.current?.())) return close();
      if (asking.current) return;
      asking.current = true;
      modal.confirm({
        title: t('leaveTitle'),
        content: t('leaveContent'),
        okText: t('leaveOk'),
        cancelText: t('leaveCancel'),
        onOk: close,
        afterClose: () => {
          asking.current = false;
        },
      });
    },
    [modal, t],
  );
  return {
    confirmClose,
    holder: (
      <>
        {leaveHolder}
        {holder}
      </>
    ),
  };
};
