import { Drawer, Grid, Layout, theme } from 'antd';
import { type ReactNode, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { CopyrightLine } from '../../components/CopyrightLine';
import { useSession } from '../../features/platform/session/session-context';
import { notify } from '../../lib/notify';
import { PORTAL_COLORS } from '../../shell/theme';
import { SidebarContent } from './SidebarContent';
import { TopBar } from './TopBar';
import { useQuickClicks } from './use-quick-clicks';

const SIDER_WIDTH = 248;

/**
 * The signed-in shell (spec 000 §1, §2): sidebar by user type on its colour, top bar, content, footer.
 * Below 992 px the sidebar moves into a drawer opened from the top bar's menu button.
 */
export const ConsoleLayout = ({ children }: { children?: ReactNode }) => {
  const { user, logout } = useSession();
  const { t } = useTranslation('layout');
  const { token } = theme.useToken();
  const screens = Grid.useBreakpoint();
  // below 992 px (a tablet) the 248 px sidebar would leave lists 420 px: it moves into the drawer
  // (docs/decisions/console.md "Columns per width"); unknown before the first measurement: assume a desktop
  const narrow = screens.lg === false;
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [showHidden, setShowHidden] = useState(false);

  const reveal = useCallback(() => {
    if (user?.type !== 'gaa') return; // spec 000 §2: the hidden menu is gaa-only
    setShowHidden(true);
    notify.info(t('otherToolsShown'));
  }, [user?.type, t]);
  const onBrandClick = useQuickClicks(reveal);
  const closeDrawer = useCallback(() => setDrawerOpen(false), []);

  if (!user) return null; // RequireSession renders us only with a user
  const sidebar = (
    <SidebarContent
      type={user.type}
      showHidden={showHidden}
      onBrandClick={onBrandClick}
      onNavigate={narrow ? closeDrawer : undefined}
    />
  );

  return (
    <Layout style={{ minHeight: '100vh' }} hasSider={!narrow}>
      {narrow ? (
        <Drawer
          placement="left"
          open={drawerOpen}
          onClose={closeDrawer}
          size={SIDER_WIDTH + 32}
          closable={false}
          styles={{
            body: { padding: 0, background: PORTAL_COLORS[user.type].bg },
            header: { display: 'none' },
          }}
        >
          {sidebar}
        </Drawer>
      ) : (
        <Layout.Sider
          width={SIDER_WIDTH}
          style={{
            background: PORTAL_COLORS[user.type].bg,
            position: 'sticky',
            top: 0,
            height: '100vh',
            overflow: 'auto',
          }}
        >
          {sidebar}
        </Layout.Sider>
      )}
      <Layout style={{ minWidth: 0 }}>
        <TopBar
          user={user}
          narrow={narrow}
          onOpenMenu={() => setDrawerOpen(true)}
          onLogout={() => void logout()}
        />
        <Layout.Content style={{ margin: narrow ? 12 : 24, minWidth: 0 }}>
          <main
            style={{
              background: token.colorBgContainer,
              borderRadius: token.borderRadiusLG,
              padding: narrow ? 16 : 24,
              minHeight: 'calc(100vh - 60px - 48px - 70px)',
            }}
          >
            {children ?? <Outlet />}
          </main>
        </Layout.Content>
        <Layout.Footer style={{ textAlign: 'center', padding: '16px 24px 24px' }}>
          <CopyrightLine />
        </Layout.Footer>
      </Layout>
    </Layout>
  );
};
