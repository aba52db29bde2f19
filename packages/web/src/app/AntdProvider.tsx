import { LoadingOutlined } from '@ant-design/icons';
import { ConfigProvider } from 'antd';
import type { Locale } from 'antd/es/locale';
import enUS from 'antd/es/locale/en_US';
import { type ReactNode, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
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

/**
 * antd's theme and locale follow the language (spec 000 §1); dayjs follows it in PageScope, where the
 * date components live. en_US is antd's own default (bundled anyway); zh_TW is fetched right after the
 * first render, as is the toast host: neither is needed to draw the login form.
 */
export const AntdProvider = ({ children }: { children: ReactNode }) => {
  const { i18n } = useTranslation();
  const [zhTW, setZhTW] = useState<Locale>();
  const en = i18n.language === 'en';
  useEffect(() => {
    if (en || zhTW) return;
    let live = true;
    void import('antd/es/locale/zh_TW').then((m) => live && setZhTW(m.default));
    return () => {
      live = false;
    };
  }, [en, zhTW]);
  return (
    <ConfigProvider locale={en ? enUS : (zhTW ?? enUS)} theme={APP_THEME} button={BUTTON}>
      <Suspense fallback={null}>
        <NotifyHost />
      </Suspense>
      {children}
    </ConfigProvider>
  );
};
