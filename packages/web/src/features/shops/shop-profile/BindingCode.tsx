import { ReloadOutlined } from '@ant-design/icons';
import { formatTaipeiTime, type TShopPortal } from '@shopdesk/contract';
import { Button, Popconfirm, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify';
import { useRegenerateCode } from './shop-profile-queries';

type Props = { type: TShopPortal; id: number; code: string | null; expiredTime: string | null };

/** Binding code with its expiry in Asia/Taipei (spec 000 §2, §9) and the "update binding code" button (§4). */
export const BindingCode = ({ type, id, code, expiredTime }: Props) => {
  const { t } = useTranslation('shopProfile');
  const renew = useRegenerateCode(type, id);
  const update = async () => {
    try {
      await renew.mutateAsync({ params: { type, accountId: id } });
      notify.success(t('codeUpdated'));
    } catch (err) {
      notify.apiError(err);
    }
  };
  return (
    <Space direction="vertical" size={4}>
      <Space wrap>
        {code ? (
          <Typography.Text strong copyable={false} className="binding-code" data-testid="binding-code">
            {code}
          </Typography.Text>
        ) : (
          <Typography.Text type="secondary">{t('noCode')}</Typography.Text>
        )}
        <Popconfirm
          title={t('updateCodeConfirm')}
          okText={t('updateCode')}
          cancelText={t('cancel')}
          onConfirm={update}
        >
          <Button size="small" icon={<ReloadOutlined />} loading={renew.isPending}>
            {t('updateCode')}
          </Button>
        </Popconfirm>
      </Space>
      {expiredTime && (
        <Typography.Text type="secondary" data-testid="binding-code-expiry">
          {t('expiresAt')}
          {formatTaipeiTime(expiredTime)} {t('timeZoneNote')}
        </Typography.Text>
      )}
    </Space>
  );
};
