import { Alert, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useErrorText } from '../../../lib/error-text';
import type { TPageProps } from '../../../shell/lazy-page';
import { RouteButton } from '../../shops/shop-lists/RouteButton';
import { idParam, useOwnSiAccountId, useSiAccount } from './admin-queries';
import { UserList } from './UserList';

/** gaa at /si-accounts/{siId}/si-users: which SI, with a way back to the accounts. */
const SiHeader = ({ siId }: { siId: number }) => {
  const { t } = useTranslation('adminUsers');
  const si = useSiAccount(siId);
  return (
    <Space style={{ marginBottom: 12 }} wrap>
      <Typography.Text strong>
        {t('siOf', { name: si.data ? `${si.data.siAccount.displayName}（${si.data.siAccount.name}）` : '…' })}
      </Typography.Text>
      <RouteButton size="small" to="/si-accounts">
        {t('back')}
      </RouteButton>
    </Space>
  );
};

/**
 * /si-users (an si's own staff) and /si-accounts/{siId}/si-users (gaa, any SI): the users of one SI
 * account. Only gaa has an edit page (spec 000 §2); an si disables, enables and re-invites from the list.
 */
const SiUsersPage = ({ route }: TPageProps) => {
  const { t } = useTranslation('adminUsers');
  const errorText = useErrorText();
  const asGaa = route.id === 'si-account-users';
  const paramId = idParam(useParams().siId);
  const own = useOwnSiAccountId();
  const siId = asGaa ? paramId : own.siId;
  if (!asGaa && own.isError) return <Alert type="error" showIcon title={errorText(own.error)} />;
  if (siId === undefined) return null;
  return asGaa ? (
    <UserList
      kind="si"
      type="gaa"
      siId={siId}
      header={<SiHeader siId={siId} />}
      newTo={`/si-accounts/${siId}/si-users/new`}
      newLabel={t('addUser')}
      editTo={(u) => `/si-accounts/${siId}/si-users/${u.id}/edit`}
    />
  ) : (
    <UserList kind="si" type="si" siId={siId} newTo="/si-users/new" newLabel={t('addUser')} />
  );
};

export default SiUsersPage;
