import { theme } from 'antd';
import { useTranslation } from 'react-i18next';

/** spec 000 §1: the footer shows a copyright line. */
export const CopyrightLine = () => {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <span style={{ color: token.colorTextTertiary, fontSize: 12 }}>{t('copyright', { year: 2026 })}</span>
  );
};
