import { CopyOutlined, ReloadOutlined } from '@ant-design/icons';
import { restoreStockOp, type TMenuShop, type TShopKind, type TUserType } from '@shopdesk/contract';
import { Button, Flex, Popconfirm, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify';
import { CopyMenuDialog } from './CopyMenuDialog';
import { useMenuWrite } from './menu-queries';

/** The shop's menu switches (spec 001 §2.2 is_calorie, is_auto_restore_stock, reset_time) and menu-wide actions. */
export const ShopBar = ({
  type,
  kind,
  shop,
  showName,
}: {
  type: TUserType;
  kind: TShopKind;
  shop: TMenuShop;
  /** Without a shop picker above (line users), the bar names the shop. */
  showName: boolean;
}) => {
  const { t } = useTranslation('menus');
  const [copying, setCopying] = useState(false);
  const restore = useMenuWrite(restoreStockOp, type, shop.accountId);

  const onRestore = async () => {
    try {
      const res = await restore.run({});
      notify.success(t('restored', { count: res.restored }));
    } catch (err) {
      notify.apiError(err);
    }
  };

  return (
    <Flex gap={8} align="center" wrap>
      {showName && (
        <Typography.Text strong>
          {shop.name}（#{shop.accountId}）
        </Typography.Text>
      )}
      {shop.isCalorie && <Tag color="gold">{t('calorieOn')}</Tag>}
      {shop.isAutoRestoreStock && (
        <Tag color="cyan">{t('autoRestore', { time: shop.resetTime.slice(0, 5) || '00:00' })}</Tag>
      )}
      <span style={{ flex: 1 }} />
      <Popconfirm
        title={t('restoreConfirm')}
        okText={t('restoreNow')}
        cancelText={t('cancel')}
        onConfirm={onRestore}
      >
        <Button icon={<ReloadOutlined />} loading={restore.isPending}>
          {t('restoreNow')}
        </Button>
      </Popconfirm>
      {(type === 'gaa' || type === 'si') && (
        <>
          <Button icon={<CopyOutlined />} onClick={() => setCopying(true)}>
            {t('copyMenu')}
          </Button>
          <CopyMenuDialog
            type={type}
            kind={kind}
            shop={shop}
            open={copying}
            onClose={() => setCopying(false)}
          />
        </>
      )}
    </Flex>
  );
};
