import { useTranslation } from 'react-i18next';
import { i18n } from '../i18n';
import { ApiClientError, NETWORK_ERROR } from './api';

/**
 * The text to show for a failed call in the given language: the server's message (zh-TW) or messageEn,
 * a connection hint when the server never answered, a generic line for anything else.
 */
export const errorText = (error: unknown, lang: string = i18n.language): string => {
  const t = i18n.getFixedT(lang, 'common');
  if (error instanceof ApiClientError) {
    if (error.code === NETWORK_ERROR) return t('networkError');
    if (/^HTTP_|^BAD_RESPONSE$/.test(error.code)) return t('unexpectedError');
    return lang === 'en' ? (error.messageEn ?? error.message) : error.message;
  }
  return t('unexpectedError');
};

/** errorText bound to the current language; re-renders when the language changes. */
export const useErrorText = () => {
  const { i18n: instance } = useTranslation();
  return (error: unknown) => errorText(error, instance.language);
};
