import type { TUserType } from '@shopdesk/contract';
import { useTranslation } from 'react-i18next';
import { portalColor, PLAIN_TOKENS as token } from '../../../shell/theme';

/** Portal badge in the portal's colour, the route title ("平台管理員登入") and the product line. */
export const LoginHeader = ({ portal, routeId }: { portal: TUserType; routeId: string }) => {
  const { t } = useTranslation(['session', 'routes']);
  return (
    <header style={{ display: 'flex', flexDirection: 'column', gap: 6, marginBottom: 24 }}>
      <span
        style={{
          alignSelf: 'flex-start',
          marginBottom: 6,
          padding: '1px 8px',
          borderRadius: token.borderRadiusSM,
          background: portalColor(portal).bg,
          color: '#fff',
          fontSize: token.fontSizeSM,
          lineHeight: '20px',
        }}
      >
        {t(`portal_${portal}`)}
      </span>
      <h1
        id="login-title"
        style={{
          margin: 0,
          fontSize: token.fontSizeHeading3,
          fontWeight: 600,
          color: token.colorTextHeading,
        }}
      >
        {t(`routes:${routeId}`)}
      </h1>
      <span style={{ color: token.colorTextSecondary }}>{t('tagline')}</span>
    </header>
  );
};
