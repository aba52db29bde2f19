import { useTranslation } from 'react-i18next';
import type { TPageProps } from '../../../shell/lazy-page';
import { UserList } from './UserList';

/** /gaa-users: the platform's administrators; invite, edit, disable / enable, resend. */
const GaaUsersPage = (_props: TPageProps) => {
  const { t } = useTranslation('adminUsers');
  return (
    <UserList
      kind="gaa"
      type="gaa"
      newTo="/gaa-users/new"
      newLabel={t('addGaa')}
      editTo={(u) => `/gaa-users/${u.id}/edit`}
    />
  );
};

export default GaaUsersPage;
