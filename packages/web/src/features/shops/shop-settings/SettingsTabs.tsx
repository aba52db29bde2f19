import { WarningOutlined } from '@ant-design/icons';
import { Tabs, Tooltip, theme } from 'antd';
import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { CenteredSpin } from '../../../components/CenteredSpin';
import type { SettingsTabProps } from './tab-types';
import { SETTINGS_TABS } from './tabs/registry';

// One lazy component per registry entry, made once: a tab's module loads when the tab first opens.
const TAB_COMPONENTS = new Map(SETTINGS_TABS.map((tab) => [tab.key, lazy(tab.load)]));

type Props = Omit<SettingsTabProps, 'setPending'> & {
  /** Who is looking (line = a shop manager); userType is whose field rights they have. */
  viewer: SettingsTabProps['userType'] | 'line';
  active: string;
  onChange: (key: string) => void;
  pending: Readonly<Record<string, boolean>>;
  setPending: (tab: string, pending: boolean) => void;
};

/**
 * The tabs the user may see, in the spec's order (spec 001 §1), each with a warning triangle while it has
 * pending edits. Opened tabs stay mounted, so switching tabs keeps their pending edits.
 */
export const SettingsTabs = ({
  accountId,
  userType,
  viewer,
  active,
  onChange,
  pending,
  setPending,
}: Props) => {
  const { i18n, t } = useTranslation('shopSettings');
  const { token } = theme.useToken();
  const tabs = SETTINGS_TABS.filter((tab) => tab.who.includes(viewer));
  // A stable setPending per tab: tabs may use it in effects.
  const setters = useMemo(
    () => new Map(SETTINGS_TABS.map((tab) => [tab.key, (p: boolean) => setPending(tab.key, p)])),
    [setPending],
  );
  const activeKey = tabs.some((tab) => tab.key === active) ? active : tabs[0]?.key;
  return (
    <Tabs
      activeKey={activeKey}
      onChange={onChange}
      destroyOnHidden={false}
      items={tabs.map((tab) => {
        const Tab = TAB_COMPONENTS.get(tab.key)!;
        return {
          key: tab.key,
          label: (
            <span data-testid={`tab-${tab.key}`}>
              {i18n.language === 'en' ? tab.title.en : tab.title.zh}
              {pending[tab.key] && (
                <Tooltip title={t('tabPending')}>
                  <WarningOutlined
                    style={{ color: token.colorWarning, marginInlineStart: 6, marginInlineEnd: 0 }}
                    aria-label={t('tabPending')}
                    data-testid="tab-pending"
                  />
                </Tooltip>
              )}
            </span>
          ),
          children: (
            <Suspense fallback={<CenteredSpin />}>
              <Tab accountId={accountId} userType={userType} setPending={setters.get(tab.key)!} />
            </Suspense>
          ),
        };
      })}
    />
  );
};
