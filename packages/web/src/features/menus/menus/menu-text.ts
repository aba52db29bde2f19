import type { TMealType, TNames } from '@shopdesk/contract';
import { useTranslation } from 'react-i18next';

/** A name in the page's language: English when there is one, else the Chinese name. */
export const useNameOf = () => {
  const { i18n } = useTranslation();
  return (names: TNames) => (i18n.language === 'en' && names.en ? names.en : names.zh);
};

export const useMealLabel = () => {
  const { t } = useTranslation('menus');
  return (m: TMealType) =>
    m === 'eat_in' ? t('mealEatIn') : m === 'to_go' ? t('mealToGo') : t('mealDelivery');
};

/** NT$ amounts are whole dollars. */
export const formatPrice = (n: number) => `NT$${n.toLocaleString('en-US')}`;
export const formatDelta = (n: number) => (n > 0 ? `+${n}` : n < 0 ? `−${Math.abs(n)}` : '');

/** Moves one item of a list, as drag-and-drop and the up / down buttons do. */
export const moveItem = <T>(list: readonly T[], from: number, to: number): T[] => {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
};
