import type { TUserType } from '@shopdesk/contract';
import { Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebounced } from '../shop-lists/use-debounced';
import { useShopOptions } from './order-summary-queries';

/**
 * A search select over the caller's shops (gaa any, si its SI account's, eaa its own); empty = all of them.
 * The server answers the first 20 that match the typed name or number.
 */
export const SummaryShopSelect = ({
  type,
  value,
  valueLabel,
  onChange,
  allowClear = true,
  width = 260,
}: {
  type: TUserType;
  value: number | undefined;
  /** The chosen shop's label while the search results do not hold it. */
  valueLabel?: string;
  onChange: (accountId: number | undefined) => void;
  allowClear?: boolean;
  width?: number;
}) => {
  const { t } = useTranslation('orderSummary');
  const [text, setText] = useState('');
  const q = useDebounced(text.trim());
  const shops = useShopOptions(type, q, true);
  const options = (shops.data?.rows ?? []).map((s) => ({
    value: s.accountId,
    label: `${s.name}（#${s.accountId}）`,
  }));
  if (value !== undefined && !options.some((o) => o.value === value))
    options.unshift({ value, label: valueLabel ?? `#${value}` });

  return (
    <Select<number>
      showSearch={{ filterOption: false, onSearch: setText }}
      aria-label={t('shop')}
      placeholder={allowClear ? t('allShops') : t('shopPlaceholder')}
      style={{ width }}
      value={value}
      allowClear={allowClear}
      options={options}
      loading={shops.isFetching}
      notFoundContent={shops.isFetching ? undefined : t('noShops')}
      onChange={(v) => {
        setText('');
        onChange(v ?? undefined);
      }}
    />
  );
};
