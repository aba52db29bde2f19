import { setSiAccountOp, type TGaaShopRow } from '@shopdesk/contract';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useApiMutation } from '../../../lib/api-query';
import { notify } from '../../../lib/notify';
import { usePatchGaaRow } from './patch-cache';
import { useSiAccounts } from './shop-list-queries';

const NONE = 0;

/** spec 002 §2 screen 1 SI column: a dropdown of SI accounts, 無 when none; 所屬SI修改成功 on save. */
export const SiSelect = ({ shop }: { shop: TGaaShopRow }) => {
  const { t } = useTranslation('shopLists');
  const accounts = useSiAccounts();
  const patch = usePatchGaaRow();
  const save = useApiMutation(setSiAccountOp, {
    onSuccess: (res) => {
      patch(shop.id, { siAccountId: res.siAccountId, siAccountName: res.siAccountName });
      notify.success(t('siChanged'));
    },
    onError: (error) => notify.apiError(error),
  });
  const options = [
    { value: NONE, label: t('siNone') },
    ...(accounts.data?.siAccounts ?? []).map((a) => ({ value: a.id, label: a.displayName })),
  ];
  // Until the accounts load, the current SI still shows by name.
  if (shop.siAccountId && !accounts.data)
    options.push({ value: shop.siAccountId, label: shop.siAccountName ?? String(shop.siAccountId) });

  return (
    <Select
      size="small"
      style={{ width: 150 }}
      value={shop.siAccountId ?? NONE}
      options={options}
      loading={accounts.isLoading || save.isPending}
      disabled={save.isPending}
      aria-label={t('colSi')}
      popupMatchSelectWidth={false}
      onChange={(value: number) =>
        save.mutate({
          params: { shopId: shop.id },
          body: { shopId: shop.id, accountId: shop.id, siAccountId: value === NONE ? null : value },
        })
      }
    />
  );
};
