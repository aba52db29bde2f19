import type { TUserType } from '@shopdesk/contract';
import { ConfigProvider, Menu, type MenuProps, Tag } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useSession } from '../../features/platform/session/session-context';
import { aclsOpen, managerPath } from '../../shell/manager-pages';
import { PORTAL_COLORS } from '../../shell/theme';
import { useVariant } from '../../shell/variant';
import { HIDDEN_TOOLS, SIDEBAR, type TSidebarGroup } from './sidebar-config';

type TMenuItem = NonNullable<MenuProps['items']>[number];

/** The item whose path is the longest prefix of the current path: /gaa/business/12/info selects Shops. */
const selectedPath = (pathname: string, paths: readonly string[]) =>
  paths.filter((p) => pathname === p || pathname.startsWith(`${p}/`)).sort((a, b) => b.length - a.length)[0];

/**
 * The sidebar menu of one user type (spec 000 §2), on its portal colour. Only routes that exist in the
 * current tree are listed, so the retail variant shows its subset without a second configuration.
 */
export const SidebarMenu = ({
  type,
  showHidden,
  onNavigate,
}: {
  type: TUserType;
  showHidden: boolean;
  onNavigate?: () => void;
}) => {
  const { t } = useTranslation(['layout', 'routes']);
  const { pathname } = useLocation();
  const { routes } = useVariant();
  const colors = PORTAL_COLORS[type];
  const user = useSession().user;

  const { items, paths } = useMemo(() => {
    const byId = new Map(routes.map((r) => [r.id, r]));
    const groups: readonly TSidebarGroup[] =
      type === 'gaa' && showHidden ? [...SIDEBAR[type], HIDDEN_TOOLS] : SIDEBAR[type];
    const allPaths: string[] = [];
    const toItems = (group: TSidebarGroup): TMenuItem[] =>
      group.items.flatMap(({ routeId, beta }) => {
        const route = byId.get(routeId);
        if (!route) return [];
        // a shop manager sees only the entries its acls open (spec 002 §3), its own shop's pages
        if (!aclsOpen(user, routeId)) return [];
        const path = managerPath(user, route.path);
        if (!path) return [];
        allPaths.push(path);
        const label = (
          <Link key={path} to={path} onClick={onNavigate}>
            {t(`routes:${route.id}`)}
            {beta ? (
              <Tag
                variant="filled"
                color="gold"
                style={{ marginInlineStart: 8, fontSize: 11, lineHeight: '18px' }}
              >
                {t('beta')}
              </Tag>
            ) : null}
          </Link>
        );
        return [{ key: path, label }];
      });
    const menuItems: TMenuItem[] = groups.flatMap((group) => {
      const children = toItems(group);
      if (children.length === 0) return [];
      return group.group
        ? [{ type: 'group' as const, key: group.group, label: t(group.group), children }]
        : children;
    });
    return { items: menuItems, paths: allPaths };
  }, [routes, type, showHidden, onNavigate, t, user]);

  const selected = selectedPath(pathname, paths);
  return (
    <ConfigProvider
      theme={{
        components: {
          Menu: {
            darkItemBg: colors.bg,
            darkSubMenuItemBg: colors.bg,
            darkPopupBg: colors.bg,
            darkItemColor: 'rgba(255, 255, 255, 0.86)',
            darkItemHoverColor: '#fff',
            darkItemHoverBg: 'rgba(255, 255, 255, 0.12)',
            darkItemSelectedBg: colors.active,
            darkItemSelectedColor: '#fff',
            darkGroupTitleColor: 'rgba(255, 255, 255, 0.62)',
            itemMarginInline: 8,
          },
        },
      }}
    >
      <Menu
        theme="dark"
        mode="inline"
        items={items}
        selectedKeys={selected ? [selected] : []}
        style={{ borderInlineEnd: 'none', paddingBottom: 16 }}
        data-testid="sidebar-menu"
      />
    </ConfigProvider>
  );
};
