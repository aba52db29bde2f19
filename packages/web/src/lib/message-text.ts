import type { TMessage } from '@shopdesk/contract';
import { useTranslation } from 'react-i18next';

/** A contract message (zh-TW + en) in the given UI language. */
export const textOf = (m: TMessage, lang: string) => (lang === 'en' ? m.en : m.zh);

/** A contract message in the current UI language. */
export const useMessageText = () => {
  const { i18n } = useTranslation();
  return (m: TMessage) => textOf(m, i18n.language);
};
