import { LoadingOutlined } from '@ant-design/icons';
import { ConfigProvider } from 'antd';
import type { Locale } from 'antd/es/locale';
import enUS from 'antd/es/locale/en_US';
import { type ReactNode, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { i18n } from '../i18n';
import { NotifyHost } from '../lib/notify';
import { APP_THEME } from '../shell/theme';

/**
 * A button's spinner without antd's width motion. antd's own spinner leaves through a CSS transition and
 * stays in the button until its transitionend arrives; when that never comes (a short request, a busy
 * machine: antd seen again with antd 6), an invisible `aria-label="loading"` icon is left
 * behind for good and the button is named "loading 儲 存" (screen readers, getByRole). Given here, the
 * spinner is shown while loading and removed at once when it ends.
 */
const BUTTON = { loadingIcon: <LoadingOutlined /> };

/** antd's zh_TW texts, kept once loaded: every scope (AntdScope) starts with them. */
let zhTWLocale: Locale | undefined;
const loadZhTW = () =>
  import('antd/es/locale/zh_TW').then((m) => {
    zhTWLocale = m.default;
    return m.default;
  });

/** Resolves when a scope can draw in the current language at once (AntdScope waits for it). */
export const antdReady = async () => {
  if (i18n.language !== 'en' && !zhTWLocale) await loadZhTW();
};

/**
 * antd's theme and locale follow the language (spec 000 §1); dayjs follows it in PageScope, where the
 * date components live. en_US is antd's own default (bundled anyway); zh_TW is loaded with this module
 * when the language is zh-TW, or on switching to it.
 */
export const AntdProvider = ({ children }: { children: ReactNode }) => {
  const { i18n: current } = useTranslation();
  const [zhTW, setZhTW] = useState(zhTWLocale);
  const en = current.language === 'en';
  useEffect(() => {
    if (en || zhTW) return;
    let live = true;
    void loadZhTW().then((locale) => live && setZhTW(locale));
    return () => {
      live = false;
    };
  }, [en, zhTW]);
  return (
    <ConfigProvider locale={en ? enUS : (zhTW ?? enUS)} theme={APP_THEME} button={BUTTON}>
      {children}
    </ConfigProvider>
  );
};

/** The toast host (lib/notify) in a provider of its own: mounted once, beside every scope. */
export const NotifyRoot = () => (
  <AntdProvider>
    <Suspense fallback={null}>
      <NotifyHost />
    </Suspense>
  </AntdProvider>
);
