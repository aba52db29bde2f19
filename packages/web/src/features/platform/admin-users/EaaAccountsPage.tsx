import { useTranslation } from 'react-i18next';
import type { TPageProps } from '../../../shell/lazy-page';
import { useAdminType } from './admin-queries';
import { UserList } from './UserList';

/** /eaa-accounts (gaa every owner, si the owners of its shops): store-owner accounts. */
const EaaAccountsPage = (_props: TPageProps) => {
  const { t } = useTranslation('adminUsers');
  const type = useAdminType();
  return (
    <UserList
      kind="eaa"
      type={type}
      newTo="/eaa-accounts/new"
      newLabel={t('addEaa')}
      editTo={(u) => `/eaa-accounts/${u.id}/edit`}
      shopsTo={(u) => `/eaa-accounts/${u.id}/shops`}
    />
  );
};

export default EaaAccountsPage;
