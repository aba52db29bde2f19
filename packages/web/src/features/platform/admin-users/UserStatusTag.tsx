import type { TAdminUserRow } from '@shopdesk/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** Active, invited (no password set yet) or disabled: the three states the lists filter by. */
export const UserStatusTag = ({ user }: { user: Pick<TAdminUserRow, 'disabled' | 'passwordSet'> }) => {
  const { t } = useTranslation('adminUsers');
  if (user.disabled) return <Tag>{t('disabled')}</Tag>;
  if (!user.passwordSet) return <Tag color="gold">{t('invited')}</Tag>;
  return <Tag color="green">{t('active')}</Tag>;
};
