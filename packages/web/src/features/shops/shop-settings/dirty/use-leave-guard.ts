import { Modal } from 'antd';
import { type ReactNode, useContext, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { parsePath, type To, UNSAFE_NavigationContext } from 'react-router';
import { setPopGuard } from '../../../../lib/pop-guard';

type TGo = (to: To, ...rest: unknown[]) => void;
type TNavigator = { push: TGo; replace: TGo };

/** The router's index of a history entry (react-router keeps `idx` in history.state), if any. */
const historyIdx = (state: unknown): number | undefined => {
  const idx = (state as { idx?: unknown } | null)?.idx;
  return typeof idx === 'number' ? idx : undefined;
};

/** Where a navigation goes, as a pathname + search (the navigator gets them with the basename). */
export type TLeaveTarget = { pathname: string; search: string };

/**
 * Asks before leaving while edits are pending (spec 001 §1, §4): a route change inside the console (menu,
 * links, navigate) asks in a dialog; closing or reloading the tab gets the browser's own prompt. The app
 * uses a declarative BrowserRouter, which cannot block, so the router's navigator is wrapped while `when`.
 * The browser's Back and Forward are caught before the router sees them (lib/pop-guard.ts,
 * a popstate listener added before the router's): the guard puts the entry back (history.go by the router's
 * own `idx` in history.state), asks, and on leave goes there again with the guard released. `allow` lets navigations through that stay on
 * the page (a tab switch kept in the URL). Render the returned element (the dialog's holder).
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
    /** Asks once; `leave` runs with the guard already off. */
    const ask = (leave: () => void) => {
      if (asking.current) return;
      asking.current = true;
      modal.confirm({
        title: t('leaveTitle'),
        content: t('leaveContent'),
        okText: t('leaveOk'),
        cancelText: t('leaveCancel'),
        onOk: () => {
          release();
          leave();
        },
        afterClose: () => {
          asking.current = false;
        },
      });
    };
    const guard =
      (go: TGo): TGo =>
      (to, ...rest) => {
        const path = typeof to === 'string' ? parsePath(to) : to;
        const target = { pathname: path.pathname ?? window.location.pathname, search: path.search ?? '' };
        if (allow.current?.(target)) return go.call(navigator, to, ...rest);
        ask(() => go.call(navigator, to, ...rest));
      };

    // Back / Forward: the URL has already changed when popstate comes. The router keeps its entry index in
    // history.state.idx; an entry without one (not the router's) is let through.
    const page = { pathname: window.location.pathname, idx: historyIdx(window.history.state) };
    let undoing = 0;
    /** A leave asked for while the entry was still being put back: it goes once the put-back has come. */
    let pendingLeave: (() => void) | null = null;
    const onPopState = (e: PopStateEvent): boolean => {
      if (undoing > 0) {
        // the entry put back below: the router never saw it leave
        undoing -= 1;
        if (undoing === 0 && released) {
          // released while the put-back was on its way (history.go is asynchronous): the guard goes now,
          // and so does a leave that waited for it (going back before the put-back landed raced with it)
          dropPopGuard();
          const leave = pendingLeave;
          pendingLeave = null;
          leave?.();
        }
        return true;
      }
      if (released) return false;
      const to = historyIdx(e.state);
      if (page.idx === undefined || to === undefined || to === page.idx) return false;
      const target = { pathname: window.location.pathname, search: window.location.search };
      if (target.pathname === page.pathname && allow.current?.(target)) return false;
      const delta = page.idx - to;
      undoing += 1;
      window.history.go(delta);
      ask(() => {
        const leave = () => window.history.go(-delta);
        if (undoing > 0) pendingLeave = leave;
        else leave();
      });
      return true;
    };
    const dropPopGuard = setPopGuard(onPopState);

    let released = false;
    function release() {
      if (released) return;
      released = true;
      window.removeEventListener('beforeunload', onBeforeUnload);
      // an entry still being put back keeps the guard until it has come (onPopState drops it then)
      if (undoing === 0) dropPopGuard();
      navigator.push = push;
      navigator.replace = replace;
    }
    navigator.push = guard(push);
    navigator.replace = guard(replace);
    return release;
  }, [when, navigator, modal, t]);
  return holder;
};
