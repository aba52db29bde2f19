import { resendInviteOp, type TAdminUserRow, updateManagedUserOp } from '@shopdesk/contract';
import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useApiMutation } from '../../../lib/api-query';
import { useErrorText } from '../../../lib/error-text';
import { notify } from '../../../lib/notify';
import { type TAdminType, useInvalidateAdmin } from './admin-queries';

/**
 * Disable / enable (never delete) and resend the invitation, each after a confirmation that says what
 * happens. A refusal (the last active administrator, oneself) stays on screen with the server's reason.
 */
export const useUserActions = (type: TAdminType) => {
  const { t } = useTranslation('adminUsers');
  const errorText = useErrorText();
  const [modal, holder] = Modal.useModal();
  const update = useApiMutation(updateManagedUserOp);
  const resend = useApiMutation(resendInviteOp);
  const invalidate = useInvalidateAdmin();

  const setDisabled = (row: TAdminUserRow, disabled: boolean) =>
    modal.confirm({
      title: t(disabled ? 'disableTitle' : 'enableTitle', { name: row.name }),
      content: t(disabled ? 'disableBody' : 'enableBody', { email: row.email }),
      okText: t(disabled ? 'disable' : 'enable'),
      okButtonProps: { danger: disabled },
      cancelText: t('cancel'),
      onOk: async () => {
        try {
          await update.mutateAsync({
            params: { type, userId: row.id },
            body: { name: row.name, phone: row.phone ?? '', disabled },
          });
          notify.success(t(disabled ? 'disabledDone' : 'enabledDone', { name: row.name }));
          await invalidate();
        } catch (err) {
          modal.error({ title: t('disableFailed'), content: errorText(err), okText: t('confirm') });
        }
      },
    });

  const resendInvite = (row: TAdminUserRow) =>
    modal.confirm({
      title: t('resendTitle', { email: row.email }),
      content: t('resendBody'),
      okText: t('resend'),
      cancelText: t('cancel'),
      onOk: async () => {
        try {
          await resend.mutateAsync({ params: { type, userId: row.id } });
          notify.success(t('resent'));
        } catch (err) {
          notify.error(errorText(err));
        }
      },
    });

  return { holder, setDisabled, resendInvite };
};
