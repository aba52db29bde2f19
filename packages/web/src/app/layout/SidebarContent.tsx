import type { TUserType } from '@shopdesk/contract';
import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { BrandMark } from '../../components/BrandMark';
import { PORTAL_COLORS } from '../../shell/theme';
import { useVariant } from '../../shell/variant';
import { SidebarMenu } from './SidebarMenu';

type TProps = {
  type: TUserType;
  showHidden: boolean;
  /** Clicks on the brand area: ten quick ones reveal the hidden gaa tools (spec 000 §2). */
  onBrandClick: () => void;
  onNavigate?: () => void;
};

/** Brand, portal caption and menu on the portal colour; shared by the desktop sider and the mobile drawer. */
export const SidebarContent = ({ type, showHidden, onBrandClick, onNavigate }: TProps) => {
  const { t } = useTranslation(['layout', 'session']);
  const { variant } = useVariant();
  const colors = PORTAL_COLORS[type];
  return (
    <div style={{ background: colors.bg, minHeight: '100%' }} data-testid={`sidebar-${type}`}>
      <Flex
        vertical
        gap={6}
        onClick={onBrandClick}
        data-testid="sidebar-brand"
        style={{
          padding: '20px 20px 16px',
          userSelect: 'none',
          borderBottom: '1px solid rgba(255,255,255,0.14)',
        }}
      >
        <BrandMark color="#fff" tile="rgba(255, 255, 255, 0.2)" size={19} />
        <Typography.Text
          style={{ color: colors.accent, fontSize: 12, letterSpacing: 0.4, paddingInlineStart: 40 }}
        >
          {t(`session:portal_${type}`)}
          {variant === 'retail' ? ` · ${t('retail')}` : ''}
        </Typography.Text>
      </Flex>
      <div style={{ paddingTop: 8 }}>
        <SidebarMenu type={type} showHidden={showHidden} onNavigate={onNavigate} />
      </div>
    </div>
  );
};
