import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteTitle } from './current-route';

/** spec 000 §2: the page title is the route name plus the product name. */
export const DocumentTitle = () => {
  const title = useRouteTitle();
  const { t } = useTranslation();
  const text = t('pageTitle', { title });
  useEffect(() => {
    document.title = text;
  }, [text]);
  return null;
};
