import { Modal } from 'antd';
import { type ReactNode, useContext, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { parsePath, type To, UNSAFE_NavigationContext } from 'react-router';

type TGo = (to: To, ...rest: unknown[]) => void;
type TNavigator = { push: TGo; replace: TGo };

/** Where a navigation goes, as a pathname + search (the navigator gets them with the basename). */
export type TLeaveTarget = { pathname: string; search: string };

/**
 * Asks before leaving while edits are pending (spec 001 §1, §4): a route change inside the console (menu,
 * links, navigate) asks in a dialog; closing or reloading the tab gets the browser's own prompt. The app
 * uses a declarative BrowserRouter, which cannot block, so the router's navigator is wrapped while `when`.
 * `allow` lets navigations through that stay on the page (a tab switch kept in the URL). Render the
 * returned element (the dialog's holder). The browser's Back button is not caught (docs/decisions.md).
 */
export const useLeaveGuard = (
  when: boolean,
  opts: { allow?: (target: TLeaveTarget) => boolean } = {},
): ReactNode => {
  const { navigator } = useContext(UNSAFE_NavigationContext) as unknown as { navigator: TNavigator };
  const [modal, holder] = Modal.useModal();
  const { t } = useTranslation('shopSettings');
  const asking = useRef(false);
  const allow = useRef(opts.allow);
  allow.current = opts.allow;

  useEffect(() => {
    if (!when) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);

    const { push, replace } = navigator;
    const guard =
      (go: TGo): TGo =>
      (to, ...rest) => {
        const path = typeof to === 'string' ? parsePath(to) : to;
        const target = { pathname: path.pathname ?? window.location.pathname, search: path.search ?? '' };
        if (allow.current?.(target)) return go.call(navigator, to, ...rest);
        if (asking.current) return;
        asking.current = true;
        modal.confirm({
          title: t('leaveTitle'),
          content: t('leaveContent'),
          okText: t('leaveOk'),
          cancelText: t('leaveCancel'),
          onOk: () => {
            navigator.push = push;
            navigator.replace = replace;
            go.call(navigator, to, ...rest);
          },
          afterClose: () => {
            asking.current = false;
          },
        });
      };
    navigator.push = guard(push);
    navigator.replace = guard(replace);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      navigator.push = push;
      navigator.replace = replace;
    };
  }, [when, navigator, modal, t]);
  return holder;
};
