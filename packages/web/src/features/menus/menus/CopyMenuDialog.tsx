import { copyMenuOp, type TMenuShop, type TShopKind } from '@shopdesk/contract';
import { Alert, Flex, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify';
import { useOneAtATime } from '../../../lib/use-one-at-a-time';
import { useMenuWrite } from './menu-queries';
import { ShopPicker } from './ShopPicker';

/** Copy another shop's menu over this one (gaa any two shops, si between its own). */
export const CopyMenuDialog = ({
  type,
  kind,
  shop,
  open,
  onClose,
}: {
  type: 'gaa' | 'si';
  kind: TShopKind;
  shop: TMenuShop;
  open: boolean;
  onClose: () => void;
}) => {
  const { t } = useTranslation('menus');
  const [from, setFrom] = useState<number | null>(null);
  const copy = useMenuWrite(copyMenuOp, type, shop.accountId);

  const [submit, busy] = useOneAtATime(async () => {
    if (from === null) return;
    try {
      const res = await copy.run({ body: { fromAccountId: from } });
      notify.success(t('copied', res));
      setFrom(null);
      onClose();
    } catch (err) {
      notify.apiError(err);
    }
  });

  return (
    <Modal
      open={open}
      title={t('copyTitle', { name: shop.name })}
      okText={t('copyOk')}
      okButtonProps={{ danger: true, disabled: from === null }}
      cancelText={t('cancel')}
      confirmLoading={busy || copy.isPending}
      onOk={submit}
      onCancel={onClose}
      destroyOnHidden
    >
      <Flex vertical gap={12}>
        <Typography.Text>{t('copyFrom')}</Typography.Text>
        <ShopPicker
          type={type}
          kind={kind}
          value={from}
          exclude={shop.accountId}
          onChange={setFrom}
          width={440}
        />
        <Alert type="warning" showIcon title={t('copyWarning')} />
      </Flex>
    </Modal>
  );
};
