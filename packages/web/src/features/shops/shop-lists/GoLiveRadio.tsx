import { setInitialStatusOp, type TGaaShopRow } from '@shopdesk/contract';
import { Radio } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiMutation } from '../../../lib/api-query';
import { notify } from '../../../lib/notify';
import { usePatchGaaRow } from './patch-cache';

/** spec 002 §4 Go-live status: the radio flips at once, then posts; 成功, or 失敗 and it flips back. */
export const GoLiveRadio = ({ shop }: { shop: TGaaShopRow }) => {
  const { t } = useTranslation('shopLists');
  const [value, setValue] = useState(shop.isInitialized);
  useEffect(() => setValue(shop.isInitialized), [shop.isInitialized]);
  const patch = usePatchGaaRow();
  const save = useApiMutation(setInitialStatusOp);

  const change = (next: boolean) => {
    const before = value;
    setValue(next);
    save.mutate(
      { params: { id: shop.id }, body: { data: { isInitialized: next } } },
      {
        onSuccess: (res) => {
          patch(shop.id, { isInitialized: res.isInitialized });
          notify.success(t('initialOk'));
        },
        onError: () => {
          setValue(before);
          notify.error(t('initialFailed'));
        },
      },
    );
  };

  return (
    <Radio.Group
      size="small"
      optionType="button"
      buttonStyle="solid"
      value={value}
      onChange={(e) => change(e.target.value as boolean)}
      aria-label={t('colStatus')}
      options={[
        { label: t('notOnline'), value: false },
        { label: t('online'), value: true },
      ]}
    />
  );
};
