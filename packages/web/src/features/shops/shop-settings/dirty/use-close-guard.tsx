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
  opts: { allow?: (target: TLeaveTarget) => boolean } = {},
): { confirmClose: (close: () => void) => void; holder: ReactNode } => {
  const leaveHolder = useLeaveGuard(dirty, opts);
  const [modal, holder] = Modal.useModal();
  const { t } = useTranslation('shopSettings');
  const asking = useRef(false);
  const dirtyNow = useRef(dirty);
  dirtyNow.current = dirty;
  const confirmClose = useCallback(
    (close: () => void) => {
      if (!dirtyNow.current) return close();
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
