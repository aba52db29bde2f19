import { Button, Flex, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PosUsersPanel, type TPosUsersCaller } from './PosUsersPanel';

export type TPosUsersDialogProps = {
  shopId: number;
  shopName: string;
  userType: TPosUsersCaller;
  open: boolean;
  onClose: () => void;
};

/** Order-machine users of one shop (spec 002 §2 screen 5) in a dialog of the shop lists. */
export const PosUsersDialog = ({ shopId, shopName, userType, open, onClose }: TPosUsersDialogProps) => {
  const { t } = useTranslation('posUsers');
  return (
    <Modal
      open={open}
      onCancel={onClose}
      title={t('title', { shop: shopName })}
      width={720}
      footer={
        <Flex justify="space-between" align="center">
          {/* the order board these users sign in to (one board for both trees), in a tab of its own */}
          <Typography.Link href="/console/qcpos/login" target="_blank" rel="noopener">
            {t('openBoard')}
          </Typography.Link>
          <Button onClick={onClose}>{t('close')}</Button>
        </Flex>
      }
      destroyOnHidden
    >
      <PosUsersPanel shopId={shopId} userType={userType} enabled={open} />
    </Modal>
  );
};
