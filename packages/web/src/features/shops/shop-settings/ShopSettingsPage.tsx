import { CheckCircleOutlined, ExclamationCircleOutlined } from '@ant-design/icons';
import { settingsUserOf } from '@shopdesk/contract';
import { Alert, Card, Flex, Tag, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { notify } from '../../../lib/notify';
import type { TPageProps } from '../../../shell/lazy-page';
import { useSession } from '../../platform/session/session-context';
import { AvailabilityPanel } from '../storefront-check/AvailabilityPanel';
import { useLeaveGuard } from './dirty';
import { SettingsSearch } from './SettingsSearch';
import { SettingsTabs } from './SettingsTabs';
import { useSettingsValues } from './settings-queries';
import type { SettingsTabProps } from './tab-types';

/** spec 001 §1 "Default account id when none is given: 1". */
const DEFAULT_ACCOUNT_ID = 1;

/** Which shop: the path's id on the eaa page, ?accountId on the gaa page (default 1). */
const useAccountId = (route: TPageProps['route']) => {
  const params = useParams();
  const [search] = useSearchParams();
  const raw =
    route.id === 'eaa-settings' || route.id === 'line-business-settings'
      ? params.id
      : (search.get('accountId') ?? String(DEFAULT_ACCOUNT_ID));
  return /^\d{1,9}$/.test(raw ?? '') && Number(raw) > 0 ? Number(raw) : null;
};

/**
 * The per-shop settings page (spec 001 §1, §2): /gaa/settings?accountId= (with the search box) and
 * /eaa/business/{id}/settings (its own shops; gaa-only parts hidden), and /line/business/{id}/settings for a
 * shop manager with the `shop` acl (the Store, Advance and Record tabs, tabs/registry.ts). Shows saved / unsaved and asks before
 * leaving with pending edits.
 */
const ShopSettingsPage = ({ route }: TPageProps) => {
  const { t } = useTranslation('shopSettings');
  const { user } = useSession();
  const viewer = (user?.type ?? 'eaa') as SettingsTabProps['userType'] | 'line';
  // a shop manager (line, with the `shop` acl) has the owner's field rights (contract settingsUserOf)
  const userType: SettingsTabProps['userType'] = settingsUserOf(viewer) ?? 'eaa';
  const accountId = useAccountId(route);
  const [search, setSearch] = useSearchParams();
  const [pending, setPendingMap] = useState<Record<string, boolean>>({});
  const setPending = useCallback((tab: string, p: boolean) => setPendingMap((m) => ({ ...m, [tab]: p })), []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new shop starts with nothing pending
  useEffect(() => setPendingMap({}), [accountId]);
  const anyPending = Object.values(pending).some(Boolean);

  // Switching tabs or paging the Record tab stays on the page; anything else asks first.
  const currentShop = search.get('accountId');
  const leaveDialog = useLeaveGuard(anyPending, {
    allow: (target) =>
      target.pathname === window.location.pathname &&
      new URLSearchParams(target.search).get('accountId') === currentShop,
  });

  const loads = useSettingsValues(accountId ?? 0);
  useEffect(() => {
    if (accountId && loads.error) notify.error(t('loadFailed', { id: accountId }));
  }, [accountId, loads.error, t]);

  const openShop = (id: number) => setSearch({ accountId: String(id), tab: search.get('tab') ?? 'store' });
  const setTab = (tab: string) =>
    setSearch(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.set('tab', tab);
        return next;
      },
      { replace: true },
    );

  return (
    <Card>
      {leaveDialog}
      <Flex wrap gap={16} align="center" justify="space-between" style={{ marginBottom: 8 }}>
        {userType === 'gaa' && <SettingsSearch onOpen={openShop} />}
        {accountId && loads.info && (
          <Typography.Title level={5} style={{ margin: 0 }} data-testid="settings-shop">
            {t('shopHeading', { id: accountId, name: loads.info.name })}
          </Typography.Title>
        )}
        {loads.values && (
          <Tag
            color={anyPending ? 'warning' : 'success'}
            icon={anyPending ? <ExclamationCircleOutlined /> : <CheckCircleOutlined />}
            data-testid="save-status"
          >
            {anyPending ? t('statusUnsaved') : t('statusSaved')}
          </Tag>
        )}
      </Flex>
      {!accountId ? (
        <Alert type="warning" showIcon message={t('accountIdRequired')} />
      ) : loads.error ? (
        <Alert
          type="error"
          showIcon
          message={t('loadFailed', { id: accountId })}
          description={t(loads.failedPart === 'info' ? 'infoLoadFailed' : 'dataLoadFailed')}
          data-testid="settings-load-failed"
        />
      ) : (
        <>
          {viewer !== 'line' && (
            <AvailabilityPanel
              key={accountId}
              accountId={accountId}
              userType={userType}
              defaultMealType={loads.values?.business?.default_meal_type as string | undefined}
            />
          )}
          <SettingsTabs
            key={accountId}
            accountId={accountId}
            userType={userType}
            viewer={viewer}
            active={search.get('tab') ?? 'store'}
            onChange={setTab}
            pending={pending}
            setPending={setPending}
          />
        </>
      )}
    </Card>
  );
};
export default ShopSettingsPage;
