import { LogoutOutlined, MenuOutlined } from '@ant-design/icons';
import type { TUser } from '@shopdesk/contract';
import { Avatar, Button, Flex, Layout, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguageSelect } from '../../components/LanguageSelect';
import { PORTAL_COLORS } from '../../shell/theme';
import { useRouteTitle } from '../current-route';

type TProps = { user: TUser; narrow: boolean; onOpenMenu: () => void; onLogout: () => void };

/** spec 000 §1: the top bar shows the route title, the user name, the language selector and Logout. */
export const TopBar = ({ user, narrow, onOpenMenu, onLogout }: TProps) => {
  const { t } = useTranslation('layout');
  const { token } = theme.useToken();
  const title = useRouteTitle();
  const color = PORTAL_COLORS[user.type].bg;
  return (
    <Layout.Header
      style={{
        position: 'sticky',
        top: 0,
        zIndex: 10,
        display: 'flex',
        alignItems: 'center',
        gap: narrow ? 4 : 12,
        height: 60,
        padding: narrow ? '0 8px' : '0 24px',
        background: token.colorBgContainer,
        borderTop: `3px solid ${color}`,
        borderBottom: `1px solid ${token.colorBorderSecondary}`,
      }}
    >
      {narrow ? (
        <Button type="text" icon={<MenuOutlined />} aria-label={t('openMenu')} onClick={onOpenMenu} />
      ) : null}
      <Typography.Title
        level={4}
        ellipsis
        style={{ margin: 0, flex: 1, minWidth: 0 }}
        data-testid="route-title"
      >
        {title}
      </Typography.Title>
      <LanguageSelect />
      {/* the name opens one's own account (password, two-factor, sessions) */}
      <Link
        to={user.type === 'eaa' ? '/eaa-account' : '/my-account'}
        aria-label={t('myAccount')}
        style={{ color: 'inherit', minWidth: 0 }}
      >
        <Flex align="center" gap={8} style={{ minWidth: 0 }} data-testid="user-name">
          <Avatar size="small" style={{ background: color, flex: 'none' }}>
            {user.name.slice(0, 1).toUpperCase()}
          </Avatar>
          {narrow ? null : (
            <Typography.Text ellipsis style={{ maxWidth: 180 }}>
              {user.name}
            </Typography.Text>
          )}
        </Flex>
      </Link>
      <Button
        icon={<LogoutOutlined />}
        onClick={onLogout}
        aria-label={t('logout')}
        type={narrow ? 'text' : 'default'}
      >
        {narrow ? null : t('logout')}
      </Button>
    </Layout.Header>
  );
};
