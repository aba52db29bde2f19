import { localToday } from '@shopdesk/contract';
import { theme } from 'antd';
import { useTranslation } from 'react-i18next';

/** spec 000 §1: the footer shows a copyright line, of the current year in the shops' time zone. */
export const CopyrightLine = () => {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const year = localToday().slice(0, 4);
  return <span style={{ color: token.colorTextTertiary, fontSize: 12 }}>{t('copyright', { year })}</span>;
};
