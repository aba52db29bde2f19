import { QueryClientProvider } from '@tanstack/react-query';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-tw';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { createQueryClient } from '../lib/api-query';
import { onSessionEnded } from '../lib/session-events';

/**
 * What data pages need and the login form does not: the TanStack Query cache and dayjs in the current
 * language. Loaded with the first page that is not a login page, so the login route's first load stays
 * within budget (bench/bundle-budget.mjs).
 */
const queryClient = createQueryClient();
// No cached data of the previous user survives a sign-out (spec 000 §4).
onSessionEnded(() => queryClient.clear());

const dayjsLocale = (lang: string) => (lang === 'en' ? 'en' : 'zh-tw');
dayjs.locale(dayjsLocale(document.documentElement.lang.startsWith('en') ? 'en' : 'zh-TW'));

export const PageScope = ({ children }: { children: ReactNode }) => {
  const { i18n } = useTranslation();
  // Set during render too, so the first render of a page already formats dates in the right language.
  dayjs.locale(dayjsLocale(i18n.language));
  useEffect(() => {
    dayjs.locale(dayjsLocale(i18n.language));
  }, [i18n.language]);
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
};
