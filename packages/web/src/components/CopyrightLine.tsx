import { localToday } from '@shopdesk/contract';
import { useTranslation } from 'react-i18next';
import { PLAIN_TOKENS as token } from '../shell/theme';

/** spec 000 §1: the footer shows a copyright line, of the current year in the shops' time zone. */
export const CopyrightLine = () => {
  const { t } = useTranslation();
  const year = localToday().slice(0, 4);
  return <span style={{ color: token.colorTextTertiary, fontSize: 12 }}>{t('copyright', { year })}</span>;
};
