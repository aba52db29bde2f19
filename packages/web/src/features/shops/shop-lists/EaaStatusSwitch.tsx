import { setEaaShopStatusOp, type TEaaShopRow } from '@shopdesk/contract';
import { Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { useApiMutation } from '../../../lib/api-query';
import { notify } from '../../../lib/notify';
import { usePatchEaaRow } from './patch-cache';

/** spec 002 §4 "Online ordering enabled (eaa)": a switch; the result message is 線上接單狀態已更改. */
export const EaaStatusSwitch = ({ shop, small }: { shop: TEaaShopRow; small: boolean }) => {
  const { t } = useTranslation('shopLists');
  const patch = usePatchEaaRow();
  const save = useApiMutation(setEaaShopStatusOp, {
    onSuccess: (res) => {
      patch(res.accountId, { isEnabled: res.isEnabled });
      notify.success(t('statusChanged'));
    },
    onError: (e) => notify.apiError(e),
  });
  return (
    <Switch
      size={small ? 'small' : 'default'}
      checked={shop.isEnabled}
      loading={save.isPending}
      aria-label={`${t('colOnline')} ${shop.name}`}
      onChange={(isEnabled) => save.mutate({ params: { accountId: shop.accountId }, body: { isEnabled } })}
    />
  );
};
