import { useTranslation } from 'react-i18next';

/** How a saved limit reads in a table: weekdays as 一、三、五 (or every day) and the slot length. */
export const useLimitText = () => {
  const { t } = useTranslation('shopTime');
  return {
    days: (days: readonly number[]) =>
      days.length === 7
        ? t('everyDay')
        : days.map((d) => t(`weekday${d as 0 | 1 | 2 | 3 | 4 | 5 | 6}`).replace('星期', '')).join('、'),
    session: (minutes: number) => t('minutes', { count: minutes }),
    orders: (count: number) => t('orders', { count }),
  };
};
